// The sets of files in file management (docs/share-sets.md, "Managing sets"): one card per set with its
// link, files and bytes, state, views and expiry, extended or revoked through the link dialogs. Their
// files are not in the file list below: their own links answer 404, the set's is the one to share.
import RectangleStackIcon from "@heroicons/react/24/outline/RectangleStackIcon";
import { formatBytes } from "@shared/format-bytes";
import type { ShareSetRecord } from "@shared/schemas/shares/share-sets";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/feedback/request-status";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { CardDetail } from "../shared/config-card";
import { CardGridSkeleton, EmptyState } from "../shared/list/list-states";
import { useItemDialogs } from "../shared/use-item-dialogs";
import { LinkCard } from "../shared-links/link-card";
import { ExtendLinkDialog, RevokeLinkDialog } from "../shared-links/link-dialogs";

/** `isEmptyShown`: say so when there is no set (the "Sets" filter), rather than showing nothing. */
export function ShareSetList({ isEmptyShown }: { isEmptyShown: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const list = trpc.shareSets.list.useQuery();
  const dialogs = useItemDialogs<"extend" | "revoke", ShareSetRecord>();
  const managed = dialogs.target ? { kind: "set" as const, id: dialogs.target.id } : null;
  if (list.isPending) return <CardGridSkeleton className="mt-6" label={t("sharedLinks.sets.loading")} />;
  if (list.isError) return <LoadError className="mt-6" title={t("sharedLinks.sets.loadError")} query={list} />;
  if (list.data.items.length === 0) {
    return isEmptyShown ? (
      <EmptyState
        className="mt-6"
        icon={RectangleStackIcon}
        title={t("sharedLinks.sets.empty.title")}
        description={t("sharedLinks.sets.empty.description")}
      />
    ) : null;
  }
  return (
    <section className="mt-6" aria-labelledby="share-sets-title">
      <h2 id="share-sets-title" className="text-base font-semibold text-slate-900 dark:text-white">
        {t("sharedLinks.sets.title")}
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-4 xl:grid-cols-2" data-testid="share-set-list">
        {list.data.items.map((set) => {
          const title = t("sharedLinks.sets.name", { count: set.file_count });
          return (
            <LinkCard
              key={set.id}
              link={set}
              title={title}
              icon={RectangleStackIcon}
              kindLabel={t("sharedLinks.kind.set")}
              details={
                <CardDetail label={t("sharedLinks.fields.size")}>{formatBytes(set.total_size, language)}</CardDetail>
              }
              isExtendDisabled={set.state === "empty"}
              onExtend={() => dialogs.open("extend", set)}
              onRevoke={() => dialogs.open("revoke", set)}
            />
          );
        })}
      </ul>
      <ExtendLinkDialog link={managed} open={dialogs.isOpen("extend")} onClose={dialogs.close} />
      <RevokeLinkDialog link={managed} open={dialogs.isOpen("revoke")} onClose={dialogs.close} />
    </section>
  );
}
