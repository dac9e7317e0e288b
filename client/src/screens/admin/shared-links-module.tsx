// Admin module "shared-links" (docs/path-shares.md, "Managing links"): links to files and folders shared
// in place (from the explorer, or an upload request's arrival), the admin's all and a key's own, shown by
// kind (all, files, folders) with their state, views and expiry; each one copied, opened, extended or
// revoked.
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import DocumentIcon from "@heroicons/react/24/outline/DocumentIcon";
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import LinkIcon from "@heroicons/react/24/outline/LinkIcon";
import NoSymbolIcon from "@heroicons/react/24/outline/NoSymbolIcon";
import type { PathShareRecord } from "@shared/schemas/path-shares";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { cx, focusRing } from "../../components/class-names";
import { CopyButton } from "../../components/copy-button";
import { opensDialog } from "../../components/dialog-names";
import { LoadError } from "../../components/request-status";
import { currentLanguage } from "../../i18n";
import { formatDateTime } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";
import { AdminModuleHeader } from "./admin-module-header";
import { CardDetail, ConfigCard } from "./shared/config-card";
import { CardGridSkeleton, EmptyState } from "./shared/list-states";
import { useItemDialogs } from "./shared/use-item-dialogs";
import { ExtendLinkDialog, RevokeLinkDialog } from "./shared-links/link-dialogs";

const KINDS = ["all", "file", "folder"] as const;
type KindFilter = (typeof KINDS)[number];

export default function SharedLinksModule() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<KindFilter>("all");
  const dialogs = useItemDialogs<"extend" | "revoke", PathShareRecord>();
  const list = trpc.shares.list.useQuery(kind === "all" ? {} : { kind }, { placeholderData: (previous) => previous });
  return (
    <div>
      <AdminModuleHeader module="shared-links" />
      <fieldset className="mt-6 flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t("sharedLinks.filter.label")}</legend>
        <span aria-hidden="true" className="mr-1 text-sm text-slate-600 dark:text-slate-400">
          {t("sharedLinks.filter.label")}
        </span>
        {KINDS.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={kind === choice}
            onClick={() => setKind(choice)}
            className={cx(
              "rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset",
              kind === choice
                ? "bg-indigo-600 text-white ring-indigo-600 dark:bg-indigo-500 dark:ring-indigo-500"
                : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800",
              focusRing,
            )}
            data-testid={`shared-links-filter-${choice}`}
          >
            {t(`sharedLinks.filter.${choice}`)}
          </button>
        ))}
      </fieldset>
      {list.isPending ? (
        <CardGridSkeleton className="mt-6" label={t("sharedLinks.loading")} />
      ) : list.isError ? (
        <LoadError className="mt-6" title={t("sharedLinks.loadError")} query={list} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          className="mt-6"
          icon={LinkIcon}
          title={t("sharedLinks.empty.title")}
          description={t("sharedLinks.empty.description")}
        />
      ) : (
        <ul
          className="mt-6 grid grid-cols-1 gap-4 xl:grid-cols-2"
          aria-label={t("sharedLinks.listLabel")}
          data-testid="shared-link-list"
        >
          {list.data.items.map((link) => (
            <LinkCard
              key={link.id}
              link={link}
              onExtend={() => dialogs.open("extend", link)}
              onRevoke={() => dialogs.open("revoke", link)}
            />
          ))}
        </ul>
      )}
      <ExtendLinkDialog link={dialogs.target} open={dialogs.isOpen("extend")} onClose={dialogs.close} />
      <RevokeLinkDialog link={dialogs.target} open={dialogs.isOpen("revoke")} onClose={dialogs.close} />
    </div>
  );
}

const STATE_TONES: Record<PathShareRecord["state"], string> = {
  active:
    "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/20",
  expired:
    "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30",
  used_up:
    "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30",
  gone: "bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-400/20",
};

function LinkCard({ link, onExtend, onRevoke }: { link: PathShareRecord; onExtend: () => void; onRevoke: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const kind = link.is_directory ? "folder" : "file";
  return (
    <ConfigCard
      icon={link.is_directory ? FolderIcon : DocumentIcon}
      title={link.name}
      testId={`shared-link-${link.slug}`}
      badges={
        <>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {t(`sharedLinks.kind.${kind}`)}
          </span>
          <span
            className={cx("rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", STATE_TONES[link.state])}
            data-testid="shared-link-state"
          >
            {t(`sharedLinks.state.${link.state}`)}
          </span>
        </>
      }
      subtitle={
        <p className="mt-0.5 truncate font-mono text-[13px] text-slate-500 dark:text-slate-400" title={link.url}>
          {link.url}
        </p>
      }
      actionsClassName="px-3 py-2.5 sm:px-4"
      actions={
        <>
          <CopyButton
            size="sm"
            variant="ghost"
            text={link.url}
            label={t("sharedLinks.copyLink")}
            copiedMessage={t("sharedLinks.linkCopied")}
            failedMessage={t("sharedLinks.copyFailed")}
          />
          <a
            href={link.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
          >
            <ArrowTopRightOnSquareIcon className="size-4" />
            {t("sharedLinks.open")}
          </a>
          <span className="flex-1" />
          <Button
            size="sm"
            variant="ghost"
            icon={ClockIcon}
            onClick={onExtend}
            disabled={link.state === "gone"}
            aria-label={t("sharedLinks.extend.label", { name: link.name })}
            {...opensDialog("shared-link-extend")}
            data-testid="shared-link-extend"
          >
            {t("sharedLinks.extend.action")}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={NoSymbolIcon}
            onClick={onRevoke}
            aria-label={t("sharedLinks.revoke.label", { name: link.name })}
            {...opensDialog("shared-link-revoke")}
            data-testid="shared-link-revoke"
          >
            {t("sharedLinks.revoke.action")}
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-2 gap-3 px-4 sm:px-5">
        <CardDetail label={t("sharedLinks.fields.views")}>
          {link.max_views > 0
            ? t("sharedLinks.viewsOf", { count: link.views, max: link.max_views })
            : String(link.views)}
        </CardDetail>
        <CardDetail label={t("sharedLinks.fields.expires")}>
          {link.expires_at ? formatDateTime(link.expires_at, language) : t("sharedLinks.never")}
        </CardDetail>
        <CardDetail label={t("sharedLinks.fields.password")}>
          {link.has_password ? t("sharedLinks.withPassword") : t("sharedLinks.withoutPassword")}
        </CardDetail>
        <CardDetail label={t("sharedLinks.fields.created")}>{formatDateTime(link.created_at, language)}</CardDetail>
        {link.remark ? (
          <CardDetail label={t("sharedLinks.fields.remark")} isWide>
            {link.remark}
          </CardDetail>
        ) : null}
      </dl>
    </ConfigCard>
  );
}
