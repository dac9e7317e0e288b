// Admin module "text-management" (docs/product.md §2, §7 Pastes): the shared texts with search (debounced,
// at least 2 characters), pagination, preview, edit, extend, delete, batch delete of a selection and, for
// the admin, clearing expired texts. An API key with text permission sees its own texts here.
import DocumentTextIcon from "@heroicons/react/24/outline/DocumentTextIcon";
import PlusIcon from "@heroicons/react/24/outline/PlusIcon";
import SparklesIcon from "@heroicons/react/24/outline/SparklesIcon";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button, buttonClasses } from "../../../components/button";
import { opensDialog } from "../../../components/dialogs/dialog-names";
import { ROUTES } from "../../../routes";
import { AdminModuleHeader } from "../admin-module-header";
import { EmptyState } from "../shared/list/list-states";
import { ShareListFrame, useListControls, useShareList } from "../shared/share-list-frame";
import { ExtendLinkDialog } from "../shared-links/link-dialogs";
import { ClearExpiredDialog } from "./clear-expired-dialog";
import { DeletePastesDialog } from "./delete-pastes-dialog";
import { type PasteSummary, usePasteApi } from "./paste-api";
import { PasteEditDialog } from "./paste-edit-dialog";
import { PasteList } from "./paste-list";
import { PastePreviewDialog } from "./paste-preview-dialog";

export default function TextManagementModule() {
  const { t } = useTranslation();
  const { isAdmin, procedures } = usePasteApi();
  const controls = useListControls();
  const { page, limit, search, cursor } = controls.request;
  const list = procedures.list.useQuery(
    { page, limit, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) },
    { placeholderData: (previous) => previous },
  );
  const share = useShareList<PasteSummary, "preview" | "edit" | "extend" | "clear">(controls, list, list.data?.pastes);
  const { dialogs } = share;

  const actions = isAdmin ? (
    <Button icon={SparklesIcon} onClick={() => dialogs.show("clear")} {...opensDialog("paste-clear-expired")}>
      {t("pastes.manage.clearExpired")}
    </Button>
  ) : undefined;

  return (
    <div>
      <AdminModuleHeader module="text-management" actions={actions} />

      <ShareListFrame
        kind="pastes"
        state={share}
        empty={
          <EmptyState
            icon={DocumentTextIcon}
            title={t("pastes.manage.empty.title")}
            description={t("pastes.manage.empty.description")}
            action={
              <Link href={ROUTES.home} className={buttonClasses("primary")}>
                <PlusIcon className="size-4.5" />
                {t("pastes.manage.empty.action")}
              </Link>
            }
          />
        }
      >
        <PasteList
          pastes={share.rows.items}
          selection={share.selection}
          onPreview={(paste) => dialogs.open("preview", paste)}
          onEdit={(paste) => dialogs.open("edit", paste)}
          onExtend={(paste) => dialogs.open("extend", paste)}
          onDelete={(paste) => dialogs.openDelete("delete", [paste])}
        />
      </ShareListFrame>

      <PastePreviewDialog paste={dialogs.target} open={dialogs.isOpen("preview")} onClose={dialogs.close} />
      <PasteEditDialog paste={dialogs.target} open={dialogs.isOpen("edit")} onClose={dialogs.close} />
      <ExtendLinkDialog
        link={dialogs.target ? { kind: "paste", id: dialogs.target.id } : null}
        open={dialogs.isOpen("extend")}
        onClose={dialogs.close}
      />
      <DeletePastesDialog {...share.deleteDialog} />
      {isAdmin ? <ClearExpiredDialog open={dialogs.isOpen("clear")} onClose={dialogs.close} /> : null}
    </div>
  );
}
