// Admin module "key-management" (SPEC.md §2, §5): the API keys with selection, create and edit
// dialogs, the one-time reveal of a new key, and deletion of the selection after confirmation.
import type { ApiKeyView } from "@shared/schemas/api-keys";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { FormAlert } from "../../components/form-controls";
import { KeyIcon, PlusIcon, RefreshIcon, TrashIcon } from "../../components/icons";
import { toast } from "../../components/toast-store";
import { errorMessageOf } from "../../lib/api-errors";
import { trpc } from "../../lib/trpc";
import { AdminModuleHeader } from "./admin-module-header";
import { DeleteKeysDialog } from "./keys/delete-keys-dialog";
import { type CreatedKey, KeyFormDialog } from "./keys/key-form-dialog";
import { KeyCards, KeyTable } from "./keys/key-list";
import { KeyRevealDialog } from "./keys/key-reveal-dialog";

type OpenDialog = "create" | "edit" | "reveal" | "delete" | null;

export default function KeyManagementModule() {
  const { t } = useTranslation();
  const keysQuery = trpc.keys.list.useQuery();
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  // Kept after closing, so a dialog still has its content while it animates out.
  const [editing, setEditing] = useState<ApiKeyView | null>(null);
  const [createdKey, setCreatedKey] = useState<CreatedKey | null>(null);
  const [toDelete, setToDelete] = useState<readonly ApiKeyView[]>([]);
  const [createCount, setCreateCount] = useState(0);

  const keys = keysQuery.data ?? [];
  // Keys deleted elsewhere drop out of the selection.
  const selected = useMemo(
    () => new Set(keys.filter((key) => selectedIds.has(key.id)).map((key) => key.id)),
    [keys, selectedIds],
  );
  const now = new Date();

  const toggle = (id: string) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelectedIds(selected.size === keys.length ? new Set() : new Set(keys.map((key) => key.id)));

  const openCreate = () => {
    setCreateCount((count) => count + 1);
    setOpenDialog("create");
  };

  const openDelete = () => {
    if (selected.size === 0) {
      toast.warning(t("apiKeys.selectionRequired"), { id: "keys-selection-required" });
      return;
    }
    setToDelete(keys.filter((key) => selected.has(key.id)));
    setOpenDialog("delete");
  };

  const createButton = (
    <Button variant="primary" icon={PlusIcon} onClick={openCreate}>
      {t("apiKeys.create")}
    </Button>
  );

  return (
    <div>
      <AdminModuleHeader module="key-management" actions={createButton} />

      <div className="mt-6">
        {keysQuery.isPending ? (
          <KeyListSkeleton />
        ) : keysQuery.isError ? (
          <div className="flex flex-col items-start gap-3">
            <FormAlert title={t("apiKeys.loadError")}>
              {errorMessageOf(keysQuery.error, {
                network: t("common.networkError"),
                fallback: t("common.unknownError"),
              })}
            </FormAlert>
            <Button icon={RefreshIcon} onClick={() => void keysQuery.refetch()} isLoading={keysQuery.isRefetching}>
              {t("common.retry")}
            </Button>
          </div>
        ) : keys.length === 0 ? (
          <EmptyKeys onCreate={openCreate} />
        ) : (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
                {selected.size > 0 ? t("apiKeys.selectedCount", { count: selected.size }) : t("apiKeys.selectionHint")}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                {selected.size > 0 ? (
                  <Button size="sm" variant="ghost" onClick={() => setSelectedIds(new Set())}>
                    {t("apiKeys.clearSelection")}
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="ghost"
                  icon={RefreshIcon}
                  onClick={() => void keysQuery.refetch()}
                  isLoading={keysQuery.isRefetching}
                  aria-label={t("apiKeys.refresh")}
                  title={t("apiKeys.refresh")}
                >
                  <span className="sr-only sm:not-sr-only">{t("apiKeys.refresh")}</span>
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  icon={TrashIcon}
                  onClick={openDelete}
                  disabled={selected.size === 0}
                  title={selected.size === 0 ? t("apiKeys.selectionRequired") : undefined}
                >
                  {t("apiKeys.deleteSelected")}
                </Button>
              </div>
            </div>
            <KeyTable
              keys={keys}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onEdit={(key) => {
                setEditing(key);
                setOpenDialog("edit");
              }}
              now={now}
            />
            <KeyCards
              keys={keys}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onEdit={(key) => {
                setEditing(key);
                setOpenDialog("edit");
              }}
              now={now}
            />
          </>
        )}
      </div>

      <KeyFormDialog
        key={`create-${createCount}`}
        mode="create"
        open={openDialog === "create"}
        onClose={() => setOpenDialog(null)}
        onCreated={(created) => {
          setCreatedKey(created);
          setOpenDialog("reveal");
        }}
      />
      {editing ? (
        <KeyFormDialog
          key={`edit-${editing.id}-${editing.updated_at.getTime()}`}
          mode="edit"
          apiKey={editing}
          open={openDialog === "edit"}
          onClose={() => setOpenDialog(null)}
        />
      ) : null}
      <KeyRevealDialog
        createdKey={createdKey}
        open={openDialog === "reveal"}
        onClose={() => {
          setOpenDialog(null);
          // The whole key leaves memory once the dialog is closed.
          setTimeout(() => setCreatedKey(null), 300);
        }}
      />
      <DeleteKeysDialog
        keys={toDelete}
        open={openDialog === "delete"}
        onClose={() => setOpenDialog(null)}
        onDeleted={(ids) => {
          setSelectedIds((current) => new Set([...current].filter((id) => !ids.includes(id))));
          setOpenDialog(null);
        }}
      />
    </div>
  );
}

function EmptyKeys({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 px-6 py-14 text-center dark:border-slate-800">
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
        <KeyIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{t("apiKeys.empty.title")}</h2>
      <p className="mt-1.5 max-w-md text-sm text-slate-600 dark:text-slate-400">{t("apiKeys.empty.description")}</p>
      <Button variant="primary" icon={PlusIcon} onClick={onCreate} className="mt-6">
        {t("apiKeys.create")}
      </Button>
    </div>
  );
}

function KeyListSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <span className="sr-only">{t("apiKeys.loading")}</span>
      {[0, 1, 2].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="flex items-center gap-4 border-b border-slate-100 px-4 py-4 last:border-b-0 motion-safe:animate-pulse dark:border-slate-800"
        >
          <span className="size-4 rounded bg-slate-200 dark:bg-slate-700" />
          <span className="h-3.5 w-32 rounded bg-slate-200 dark:bg-slate-700" />
          <span className="hidden h-3.5 w-24 rounded bg-slate-100 sm:block dark:bg-slate-800" />
          <span className="ml-auto h-3.5 w-16 rounded bg-slate-100 dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}
