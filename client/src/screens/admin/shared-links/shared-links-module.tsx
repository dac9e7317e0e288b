// Admin module "shared-links" (docs/path-shares.md, "Managing links"): links to files and folders shared
// in place (from the explorer, or an upload request's arrival), the admin's all and a key's own, shown by
// kind (all, files, folders) with their state, views and expiry; each one copied, opened, extended or
// revoked.
import DocumentIcon from "@heroicons/react/24/outline/DocumentIcon";
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import type { PathShareRecord } from "@shared/schemas/shares/path-shares";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/api/trpc";
import { AdminModuleHeader } from "../admin-module-header";
import { CardList } from "../shared/list/card-list";
import { KindFilter } from "../shared/list/kind-filter";
import { useItemDialogs } from "../shared/use-item-dialogs";
import { LinkCard } from "./link-card";
import { ExtendLinkDialog, RevokeLinkDialog } from "./link-dialogs";

const KINDS = ["all", "file", "folder"] as const;
type ShownKind = (typeof KINDS)[number];

export default function SharedLinksModule() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ShownKind>("all");
  const dialogs = useItemDialogs<"extend" | "revoke", PathShareRecord>();
  const managed = dialogs.target ? { kind: "path" as const, id: dialogs.target.id } : null;
  const list = trpc.shares.list.useQuery(kind === "all" ? {} : { kind }, { placeholderData: (previous) => previous });
  return (
    <div>
      <AdminModuleHeader module="shared-links" />
      <KindFilter
        kinds={KINDS}
        value={kind}
        onChange={setKind}
        label={t("sharedLinks.filter.label")}
        labelOf={(choice) => t(`sharedLinks.filter.${choice}`)}
        testIdPrefix="shared-links-filter"
      />
      <CardList ns="sharedLinks" query={list} items={list.data?.items}>
        {(link) => (
          <PathLinkCard
            key={link.id}
            link={link}
            onExtend={() => dialogs.open("extend", link)}
            onRevoke={() => dialogs.open("revoke", link)}
          />
        )}
      </CardList>
      <ExtendLinkDialog link={managed} open={dialogs.isOpen("extend")} onClose={dialogs.close} />
      <RevokeLinkDialog link={managed} open={dialogs.isOpen("revoke")} onClose={dialogs.close} />
    </div>
  );
}

function PathLinkCard({
  link,
  onExtend,
  onRevoke,
}: {
  link: PathShareRecord;
  onExtend: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  const kind = link.is_directory ? "folder" : "file";
  return (
    <LinkCard
      link={link}
      title={link.name}
      icon={link.is_directory ? FolderIcon : DocumentIcon}
      kindLabel={t(`sharedLinks.kind.${kind}`)}
      isExtendDisabled={link.state === "gone"}
      onExtend={onExtend}
      onRevoke={onRevoke}
    />
  );
}
