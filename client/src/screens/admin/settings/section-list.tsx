// The list inside a security or backups section (passkeys, app passwords, sessions, archives) and its
// rows. The list shows the loading line, the failure with a retry, "none yet" and then the rows; its
// texts are `<ns>.loading`, `.loadError` and `.none`. A row shows what the item is (its name, then
// lines about it) with its buttons beside it (below on a phone), and anything the row opens under it.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../components/class-names";
import { QueryList, type RefetchableQuery } from "../../../components/feedback/request-status";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format-date";

export const SECTION_LIST_NS = ["security.appPasswords", "security.passkeys", "security.sessions"] as const;

export function SectionList<Item>({
  ns,
  query,
  children,
}: {
  ns: (typeof SECTION_LIST_NS)[number];
  query: RefetchableQuery & { data?: readonly Item[] };
  /** The item's row: a SectionRow with its key. */
  children: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <QueryList
      query={query}
      failedTitle={t(`${ns}.loadError`)}
      loadingLabel={t(`${ns}.loading`)}
      none={<p className="text-sm text-slate-700 dark:text-slate-300">{t(`${ns}.none`)}</p>}
    >
      {children}
    </QueryList>
  );
}

export function SectionRow({
  testId,
  title,
  titleClassName = "break-words",
  details,
  actions,
  children,
}: {
  testId: string;
  title: ReactNode;
  /** How the name wraps or lays out (a file name breaks anywhere, a name with a badge is a row). */
  titleClassName?: string;
  /** The lines under the name. */
  details: ReactNode;
  /** The row's buttons; none while what they open is shown under the row. */
  actions: ReactNode;
  /** What a button opened under the row (a small form). */
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0" data-testid={testId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 text-sm">
          <p className={cx("font-medium text-slate-900 dark:text-white", titleClassName)}>{title}</p>
          {details}
        </div>
        {actions ? <div className="flex shrink-0 gap-2 self-start sm:self-center">{actions}</div> : null}
      </div>
      {children}
    </li>
  );
}

/** "Added <date> · <last use>" under a credential's name; `lastUsed` is null when it never was. */
export function AddedAndUsed({
  createdAt,
  lastUsed,
  className,
}: {
  createdAt: Date;
  lastUsed: string | null;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <p className={cx("text-slate-600 dark:text-slate-400", className)}>
      {t("security.passkeys.addedAt", { time: formatDateTime(createdAt, currentLanguage()) })}
      {" · "}
      {lastUsed ?? t("security.passkeys.neverUsed")}
    </p>
  );
}
