// Tabs with plain elements (the WAI-ARIA tabs pattern, automatic activation), for the upload screen's
// "Files / From URL" switch: Headless UI's Tabs would bring its shared code (focus management, press
// and hover tracking) to a page that needs nothing else of it (docs/architecture.md, What each page loads).
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { cx, focusRing } from "./class-names";

export type TabItem = {
  id: string;
  /** The tab's content (text, icon). */
  tab: ReactNode;
  panel: ReactNode;
  /** Extra classes of the tab; `data-selected:` variants style the chosen one. */
  className?: string;
  testId?: string;
};

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A tab list and the chosen tab's panel (the others are not rendered). Only the chosen tab is in the
 * Tab order; the arrow keys, Home and End move to another tab and choose it.
 */
export function Tabs({
  label,
  items,
  listClassName,
  panelClassName,
}: {
  label: string;
  items: readonly TabItem[];
  listClassName?: string;
  panelClassName?: string;
}) {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = items[selected] ?? items[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(index, items.length);
    setSelected(next);
    tabs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName}>
        {items.map((item, index) => (
          <button
            key={item.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={`${id}-tab-${item.id}`}
            type="button"
            role="tab"
            aria-selected={index === selected}
            aria-controls={index === selected ? `${id}-panel` : undefined}
            tabIndex={index === selected ? 0 : -1}
            data-selected={index === selected ? "" : undefined}
            data-testid={item.testId}
            onClick={() => setSelected(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cx(item.className, focusRing)}
          >
            {item.tab}
          </button>
        ))}
      </div>
      {chosen ? (
        <div
          id={`${id}-panel`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${chosen.id}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes the panel reachable by Tab.
          tabIndex={0}
          className={cx(panelClassName, focusRing)}
        >
          {chosen.panel}
        </div>
      ) : null}
    </div>
  );
}
