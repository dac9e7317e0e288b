// Admin module "key-management" (docs/product.md §2, §5): the API keys with selection, create and edit
// dialogs, the one-time reveal of a new key, and deletion of the selection after confirmation.
import KeyIcon from "@heroicons/react/24/outline/KeyIcon";
import PlusIcon from "@heroicons/react/24/outline/PlusIcon";
import type { ApiKeyView } from "@shared/schemas/auth/api-keys";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { opensDialog } from "../../../components/dialogs/dialog-names";
import { LoadError } from "../../../components/feedback/request-status";
import { toast } from "../../../components/feedback/toast-store";
import { trpc } from "../../../lib/api/trpc";
import { AdminModuleHeader } from "../admin-module-header";
import { EmptyState, ListSkeleton } from "../shared/list/list-states";
import { DeleteSelectedButton, RefreshButton } from "../shared/list/list-toolbar";
import { selectedItems, useSelection } from "../shared/list/use-selection";
import { deleteDialogProps, useItemDialogs } from "../shared/use-item-dialogs";
import { DeleteKeysDialog } from "./delete-keys-dialog";
import { type CreatedKey, KeyFormDialog } from "./key-form-dialog";
import { KeyList } from "./key-list";
import { KeyRevealDialog } from "./key-reveal-dialog";

export default function KeyManagementModule() {
  const { t } = useTranslation();
  const keysQuery = trpc.keys.list.useQuery();
  const keys = keysQuery.data ?? [];
  // Keys deleted elsewhere drop out of the selection.
  const selection = useSelection(keys);
  const dialogs = useItemDialogs<"create" | "edit" | "reveal" | "delete", ApiKeyView>();
  const [createdKey, setCreatedKey] = useState<CreatedKey | null>(null);
  const [createCount, setCreateCount] = useState(0);
  const now = new Date();
  const count = selection.selected.size;

  const openCreate = () => {
    setCreateCount((current) => current + 1);
    dialogs.show("create");
  };

  const openDelete = () => {
    if (count === 0) {
      toast.warning(t("apiKeys.selectionRequired"), { id: "keys-selection-required" });
      return;
    }
    dialogs.openDelete("delete", selectedItems(keys, selection));
  };

  const createButton = (
    <Button variant="primary" icon={PlusIcon} onClick={openCreate} {...opensDialog("key-form")}>
      {t("apiKeys.create")}
    </Button>
  );

  return (
    <div>
      <AdminModuleHeader module="key-management" actions={createButton} />

      <div className="mt-6">
        {keysQuery.isPending ? (
          <ListSkeleton label={t("apiKeys.loading")} rows={3} />
        ) : keysQuery.isError ? (
          <LoadError title={t("apiKeys.loadError")} query={keysQuery} />
        ) : keys.length === 0 ? (
          <EmptyState
            icon={KeyIcon}
            title={t("apiKeys.empty.title")}
            description={t("apiKeys.empty.description")}
            action={createButton}
          />
        ) : (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
                {count > 0 ? t("apiKeys.selectedCount", { count }) : t("apiKeys.selectionHint")}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                {count > 0 ? (
                  <Button size="sm" variant="ghost" onClick={selection.clear}>
                    {t("apiKeys.clearSelection")}
                  </Button>
                ) : null}
                <RefreshButton
                  ns="apiKeys"
                  onRefresh={() => void keysQuery.refetch()}
                  isRefreshing={keysQuery.isRefetching}
                />
                <DeleteSelectedButton ns="apiKeys" count={count} dialog="key-delete" onDelete={openDelete} />
              </div>
            </div>
            <KeyList keys={keys} selection={selection} onEdit={(key) => dialogs.open("edit", key)} now={now} />
          </>
        )}
      </div>

      <KeyFormDialog
        key={`create-${createCount}`}
        mode="create"
        open={dialogs.isOpen("create")}
        onClose={dialogs.close}
        onCreated={(created) => {
          setCreatedKey(created);
          dialogs.show("reveal");
        }}
      />
      {dialogs.target ? (
        <KeyFormDialog
          key={`edit-${dialogs.target.id}-${dialogs.target.updated_at.getTime()}`}
          mode="edit"
          apiKey={dialogs.target}
          open={dialogs.isOpen("edit")}
          onClose={dialogs.close}
        />
      ) : null}
      <KeyRevealDialog
        createdKey={createdKey}
        open={dialogs.isOpen("reveal")}
        onClose={() => {
          dialogs.close();
          // The whole key leaves memory once the dialog is closed.
          setTimeout(() => setCreatedKey(null), 300);
        }}
      />
      <DeleteKeysDialog {...deleteDialogProps(dialogs, selection)} />
    </div>
  );
}
