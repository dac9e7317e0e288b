// The facts a file share and a text share have in common, as the file and text management lists
// show them: views against the limit with the lock of a protected share, the expiry (or the expired /
// used-up state), the row actions (preview, copy, edit, extend, delete), and the answer to a search that
// found nothing. Texts come from
// `<kind>.manage.*`, which the files and pastes locales both provide.
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import EyeIcon from "@heroicons/react/24/outline/EyeIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import MagnifyingGlassIcon from "@heroicons/react/24/outline/MagnifyingGlassIcon";
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { CopyButton } from "../../../components/copy-button";
import { type DialogName, opensDialogOrNot } from "../../../components/dialogs/dialog-names";
import type { ShareKind } from "../../../components/feedback/share-problem";
import type { IconProps } from "../../../components/icons";
import { type CardField, DateTime, StatusBadge } from "./list/resource-list";

export type ShareRow = {
  views: number;
  max_views: number;
  has_password: boolean;
  expires_at: Date | null;
  is_expired: boolean;
};

// The interpolation name of the item in `<kind>.manage.actions.*Of`: a file by its name, a text by its suffix.
const ITEM_PARAM: Record<ShareKind, "name" | "slug"> = { files: "name", pastes: "slug" };

function isUsedUp(share: ShareRow): boolean {
  return share.max_views > 0 && share.views >= share.max_views;
}

export function ShareExpiry({ kind, share }: { kind: ShareKind; share: ShareRow }) {
  const { t } = useTranslation();
  if (share.is_expired) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <StatusBadge tone={isUsedUp(share) ? "amber" : "red"}>
          {isUsedUp(share) ? t(`${kind}.manage.table.used`) : t(`${kind}.manage.table.expired`)}
        </StatusBadge>
        {share.expires_at ? (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            <DateTime date={share.expires_at} />
          </span>
        ) : null}
      </span>
    );
  }
  if (!share.expires_at) {
    return <span className="text-slate-500 dark:text-slate-400">{t(`${kind}.manage.table.never`)}</span>;
  }
  return <DateTime date={share.expires_at} />;
}

export function ShareViews({ kind, share }: { kind: ShareKind; share: ShareRow }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums">
      {share.max_views > 0
        ? t(`${kind}.manage.table.viewsOfMax`, { views: share.views, max: share.max_views })
        : t(`${kind}.manage.table.unlimited`, { views: share.views })}
      {share.has_password ? (
        <span title={t(`${kind}.manage.table.protected`)} className="text-amber-600 dark:text-amber-400">
          <LockClosedIcon className="size-4" />
          <span className="sr-only">{t(`${kind}.manage.table.protected`)}</span>
        </span>
      ) : null}
    </span>
  );
}

/** The card fields every share has, after the list's own: views against the limit, expiry, creation. */
export function useShareCardFields(kind: ShareKind) {
  const { t } = useTranslation();
  return (share: ShareRow & { created_at: Date }): CardField[] => [
    { label: t(`${kind}.manage.table.views`), value: <ShareViews kind={kind} share={share} /> },
    { label: t(`${kind}.manage.table.expires`), value: <ShareExpiry kind={kind} share={share} /> },
    { label: t(`${kind}.manage.table.created`), value: <DateTime date={share.created_at} /> },
  ];
}

export function ShareRemark({
  kind,
  remark,
  className,
}: {
  kind: ShareKind;
  remark: string | null;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <p
      className={cx(
        className,
        remark ? "text-slate-600 dark:text-slate-400" : "text-slate-500 italic dark:text-slate-400",
      )}
    >
      {remark ?? t(`${kind}.manage.table.noRemark`)}
    </p>
  );
}

type RowAction = "preview" | "edit" | "extend" | "delete";

/** The dialog each row action opens (a file's preview is a link to its page, no dialog). */
const ROW_DIALOGS: Record<ShareKind, Record<RowAction, DialogName | null>> = {
  pastes: { preview: "paste-preview", edit: "paste-edit", extend: "shared-link-extend", delete: "paste-delete" },
  files: { preview: null, edit: "file-edit", extend: "shared-link-extend", delete: "file-delete" },
};

/** What a share list does with a row's share: each opens its dialog. */
export type ShareRowHandlers<Share> = {
  onEdit: (share: Share) => void;
  /** A new expiry counted from now (docs/admin-lists.md, "Extend"). */
  onExtend: (share: Share) => void;
  onDelete: (share: Share) => void;
};

export function ShareRowActions<Share extends ShareRow & { url: string }>({
  kind,
  share,
  name,
  preview,
  handlers,
}: {
  kind: ShareKind;
  share: Share;
  /** How the row names its share in the buttons' labels. */
  name: string;
  /** A link to the share's page, or a button that previews it here. */
  preview: { href: string } | { onClick: () => void };
  handlers: ShareRowHandlers<Share>;
}) {
  const { t } = useTranslation();
  const item = { [ITEM_PARAM[kind]]: name };
  const labels = (action: RowAction) => ({
    "aria-label": t(`${kind}.manage.actions.${action}Of`, item),
    title: t(`${kind}.manage.actions.${action}`),
  });
  const action = (
    name: RowAction,
    icon: ComponentType<IconProps>,
    onClick: () => void,
    className?: string,
    isDisabled = false,
  ) => (
    <Button
      size="sm"
      variant="ghost"
      icon={icon}
      onClick={onClick}
      disabled={isDisabled}
      className={className}
      {...labels(name)}
      {...opensDialogOrNot(ROW_DIALOGS[kind][name])}
    >
      <span className="sr-only">{t(`${kind}.manage.actions.${name}`)}</span>
    </Button>
  );
  return (
    <div className="flex items-center justify-end gap-0.5">
      {"href" in preview ? (
        <a
          href={preview.href}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses("ghost", "sm")}
          {...labels("preview")}
        >
          <EyeIcon className="size-4.5" />
        </a>
      ) : (
        action("preview", EyeIcon, preview.onClick)
      )}
      <CopyButton
        text={share.url}
        label={t(`${kind}.manage.actions.copyLinkOf`, item)}
        copiedMessage={t(`${kind}.result.copied`)}
        failedMessage={t(`${kind}.result.copyFailed`)}
        variant="ghost"
        size="sm"
        isIconOnly
      />
      {action("edit", PencilIcon, () => handlers.onEdit(share))}
      {/* Used up: a new expiry would not open it again (its view limit is changed in the edit dialog). */}
      {action("extend", ClockIcon, () => handlers.onExtend(share), undefined, isUsedUp(share))}
      {action(
        "delete",
        TrashIcon,
        () => handlers.onDelete(share),
        "text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-500/10 dark:hover:text-red-300",
      )}
    </div>
  );
}

export function NoResults({ kind, search, onClear }: { kind: ShareKind; search: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 px-6 py-12 text-center dark:border-slate-800">
      <MagnifyingGlassIcon className="size-8 text-slate-400" />
      <h2 className="mt-3 text-base font-semibold break-all text-slate-900 dark:text-white">
        {t(`${kind}.manage.noResults.title`, { search })}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`${kind}.manage.noResults.description`)}</p>
      <Button className="mt-5" onClick={onClear}>
        {t(`${kind}.manage.noResults.clear`)}
      </Button>
    </div>
  );
}
