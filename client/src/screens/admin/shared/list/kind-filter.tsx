// The "Show: All / Files / Folders…" choice above a list of shares of several kinds (shared links, file
// management): one pressed button per kind, labelled by the caller's texts.
import { cx, focusRing } from "../../../../components/class-names";

export function KindFilter<Kind extends string>({
  kinds,
  value,
  onChange,
  label,
  labelOf,
  testIdPrefix,
}: {
  kinds: readonly Kind[];
  value: Kind;
  onChange: (kind: Kind) => void;
  /** The filter's name ("Show"), read before the choices. */
  label: string;
  labelOf: (kind: Kind) => string;
  testIdPrefix: string;
}) {
  return (
    <fieldset className="mt-6 flex flex-wrap items-center gap-2">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden="true" className="mr-1 text-sm text-slate-600 dark:text-slate-400">
        {label}
      </span>
      {kinds.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={value === choice}
          onClick={() => onChange(choice)}
          className={cx(
            "rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset",
            value === choice
              ? "bg-indigo-600 text-white ring-indigo-600 dark:bg-indigo-500 dark:ring-indigo-500"
              : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800",
            focusRing,
          )}
          data-testid={`${testIdPrefix}-${choice}`}
        >
          {labelOf(choice)}
        </button>
      ))}
    </fieldset>
  );
}
