// The Markdown toolbar above the source editor. Its actions insert Markdown source
// (lib/editor/markdown-commands.ts); it is its own part so Home's plain text area, shown before the
// source editor loads (plain-editor.tsx), has the same toolbar at the same place.
import { useTranslation } from "react-i18next";
import type { MarkdownAction } from "../../lib/editor/markdown-commands";
import { cx, focusRing } from "../class-names";
import { MARKDOWN_ACTION_ICONS } from "./markdown-icons";

const TOOLBAR: MarkdownAction[][] = [
  ["heading", "bold", "italic", "strikethrough"],
  ["link", "code", "codeBlock", "quote"],
  ["bulletList", "orderedList", "taskList", "table", "divider"],
];

export function MarkdownToolbar({ onAction }: { onAction: (action: MarkdownAction) => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="toolbar"
      aria-label={t("editor.toolbar")}
      className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 px-2 py-1.5 dark:border-slate-800"
    >
      {TOOLBAR.map((group) => (
        <div key={group[0]} className="flex items-center">
          {group.map((action) => {
            const Icon = MARKDOWN_ACTION_ICONS[action];
            return (
              <button
                key={action}
                type="button"
                // Keeps the selection in the text while the button is pressed.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onAction(action)}
                title={t(`editor.actions.${action}`)}
                aria-label={t(`editor.actions.${action}`)}
                className={cx(
                  "inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
                  focusRing,
                )}
                data-testid={`markdown-action-${action}`}
              >
                <Icon className="size-4.5" />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
