// Admin module "file-management" (docs/product.md §2, §7 Files): the shared files with search (debounced,
// at least 2 characters), pagination, preview (the file's page), edit, extend, delete with the stored object,
// and batch delete of a selection; the sets of files (docs/share-sets.md) above them, one card per set,
// extended or revoked. "Show" picks files, sets or both. An API key with file permission sees its own.
import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import DocumentDuplicateIcon from "@heroicons/react/24/outline/DocumentDuplicateIcon";
import { formatBytes } from "@shared/format-bytes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClasses } from "../../../components/button";
import { currentLanguage } from "../../../i18n";
import { ROUTES } from "../../../routes";
import { AdminModuleHeader } from "../admin-module-header";
import { KindFilter } from "../shared/list/kind-filter";
import { EmptyState } from "../shared/list/list-states";
import { ShareListFrame, useListControls, useShareList } from "../shared/share-list-frame";
import { ExtendLinkDialog } from "../shared-links/link-dialogs";
import { DeleteFilesDialog } from "./delete-files-dialog";
import { type FileSummary, useFileApi } from "./file-api";
import { FileEditDialog } from "./file-edit-dialog";
import { FileList } from "./file-list";
import { ShareSetList } from "./share-set-list";

const SHOWN = ["all", "files", "sets"] as const;
type Shown = (typeof SHOWN)[number];

export default function FileManagementModule() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>("all");
  const language = currentLanguage();
  const { procedures } = useFileApi();
  const controls = useListControls();
  const { limit, offset, search, cursor } = controls.request;
  const list = procedures.list.useQuery(
    { limit, offset, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) },
    { placeholderData: (previous) => previous },
  );
  const share = useShareList<FileSummary, "edit" | "extend">(controls, list, list.data?.files);
  const { dialogs } = share;

  const uploadLink = (label: string) => (
    <Link href={ROUTES.upload} className={buttonClasses("primary")}>
      <ArrowUpTrayIcon className="size-4.5" />
      {label}
    </Link>
  );

  return (
    <div>
      <AdminModuleHeader module="file-management" actions={uploadLink(t("files.manage.upload"))} />
      <KindFilter
        kinds={SHOWN}
        value={shown}
        onChange={setShown}
        label={t("sharedLinks.sets.filter.label")}
        labelOf={(choice) => t(`sharedLinks.sets.filter.${choice}`)}
        testIdPrefix="file-management-filter"
      />
      {shown === "files" ? null : <ShareSetList isEmptyShown={shown === "sets"} />}

      {shown === "sets" ? null : (
        <ShareListFrame
          kind="files"
          state={share}
          selectedCountValues={(files) => ({
            size: formatBytes(
              files.reduce((sum, file) => sum + file.size, 0),
              language,
            ),
          })}
          empty={
            <EmptyState
              icon={DocumentDuplicateIcon}
              title={t("files.manage.empty.title")}
              description={t("files.manage.empty.description")}
              action={uploadLink(t("files.manage.empty.action"))}
            />
          }
        >
          <FileList
            files={share.rows.items}
            selection={share.selection}
            onEdit={(file) => dialogs.open("edit", file)}
            onExtend={(file) => dialogs.open("extend", file)}
            onDelete={(file) => dialogs.openDelete("delete", [file])}
          />
        </ShareListFrame>
      )}

      <FileEditDialog file={dialogs.target} open={dialogs.isOpen("edit")} onClose={dialogs.close} />
      <ExtendLinkDialog
        link={dialogs.target ? { kind: "file", id: dialogs.target.id } : null}
        open={dialogs.isOpen("extend")}
        onClose={dialogs.close}
      />
      <DeleteFilesDialog {...share.deleteDialog} />
    </div>
  );
}
