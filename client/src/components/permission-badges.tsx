// An API key's permissions as small labelled pills (text, files, mount, and whether mount is
// read-only), used in the key table and the signed-in user's badge.
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import { useTranslation } from "react-i18next";
import type { KeyPermissions } from "../lib/auth/store/auth-types";
import { cx } from "./class-names";

const PILL =
  "inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset";

const COLORS = {
  text: "bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/25",
  file: "bg-violet-50 text-violet-700 ring-violet-600/20 dark:bg-violet-400/10 dark:text-violet-300 dark:ring-violet-400/25",
  mount:
    "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/25",
  readOnly:
    "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/25",
  none: "bg-slate-50 text-slate-500 ring-slate-500/20 dark:bg-slate-400/10 dark:text-slate-400 dark:ring-slate-400/20",
};

export type PermissionBadgesProps = { permissions: KeyPermissions; mountReadOnly: boolean; className?: string };

export function PermissionBadges({ permissions, mountReadOnly, className }: PermissionBadgesProps) {
  const { t } = useTranslation();
  const hasAny = permissions.text || permissions.file || permissions.mount;
  return (
    <ul className={cx("flex flex-wrap gap-1", className)} aria-label={t("auth.permissions.label")}>
      {permissions.text ? <li className={cx(PILL, COLORS.text)}>{t("auth.permissions.text")}</li> : null}
      {permissions.file ? <li className={cx(PILL, COLORS.file)}>{t("auth.permissions.file")}</li> : null}
      {permissions.mount ? <li className={cx(PILL, COLORS.mount)}>{t("auth.permissions.mount")}</li> : null}
      {permissions.mount && mountReadOnly ? (
        <li className={cx(PILL, COLORS.readOnly)}>
          <LockClosedIcon className="size-3" />
          {t("auth.permissions.readOnly")}
        </li>
      ) : null}
      {hasAny ? null : <li className={cx(PILL, COLORS.none)}>{t("auth.permissions.none")}</li>}
    </ul>
  );
}
