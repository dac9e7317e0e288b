// Admin module "storage-config" (SPEC.md §2, §7 Storage configs; DECISIONS.md Storage): the storage
// configs with their provider, bucket and endpoint (or folder on the server), default badge and space
// used; add, edit, make default, test (write, read, list, delete, CORS) and delete.
import { LOCAL_PROVIDER, type StorageConfigView } from "@shared/schemas/storage";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { cx } from "../../components/class-names";
import { BeakerIcon, CloudIcon, ServerIcon, StarIcon } from "../../components/file-icons";
import { FormAlert } from "../../components/form-controls";
import { DatabaseIcon, PencilIcon, PlusIcon, RefreshIcon, TrashIcon } from "../../components/icons";
import { toast } from "../../components/toast-store";
import { UsageBar } from "../../components/usage-bar";
import { currentLanguage } from "../../i18n";
import { errorMessageOf } from "../../lib/api-errors";
import { formatBytes } from "../../lib/format-bytes";
import { formatRelativeTime } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";
import { AdminModuleHeader } from "./admin-module-header";
import { DeleteStorageDialog } from "./storage/delete-storage-dialog";
import { StorageFormDialog } from "./storage/storage-form-dialog";
import { StorageTestDialog } from "./storage/storage-test-dialog";

type OpenDialog = "form" | "test" | "delete" | null;

export default function StorageConfigModule() {
  const { t } = useTranslation();
  const list = trpc.storage.list.useQuery();
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [target, setTarget] = useState<StorageConfigView | null>(null);

  const open = (dialog: OpenDialog, config: StorageConfigView | null) => {
    setTarget(config);
    setOpenDialog(dialog);
  };

  return (
    <div>
      <AdminModuleHeader
        module="storage-config"
        actions={
          <Button variant="primary" icon={PlusIcon} onClick={() => open("form", null)} data-testid="add-storage">
            {t("files.storage.add")}
          </Button>
        }
      />
      <div className="mt-6">
        {list.isPending ? (
          <CardsSkeleton />
        ) : list.isError ? (
          <div className="flex flex-col items-start gap-3">
            <FormAlert title={t("files.storage.loadError")}>
              {errorMessageOf(list.error, { network: t("common.networkError"), fallback: t("common.unknownError") })}
            </FormAlert>
            <Button icon={RefreshIcon} onClick={() => void list.refetch()} isLoading={list.isRefetching}>
              {t("common.retry")}
            </Button>
          </div>
        ) : list.data.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 px-6 py-14 text-center dark:border-slate-800">
            <DatabaseIcon className="size-8 text-slate-400" />
            <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">
              {t("files.storage.empty.title")}
            </h2>
            <p className="mt-1.5 max-w-md text-sm text-slate-600 dark:text-slate-400">
              {t("files.storage.empty.description")}
            </p>
            <Button className="mt-5" variant="primary" icon={PlusIcon} onClick={() => open("form", null)}>
              {t("files.storage.add")}
            </Button>
          </div>
        ) : (
          <ul className="grid gap-4" aria-label={t("files.storage.listLabel")} data-testid="storage-list">
            {list.data.map((config) => (
              <StorageCard
                key={config.id}
                config={config}
                onEdit={() => open("form", config)}
                onTest={() => open("test", config)}
                onDelete={() => open("delete", config)}
              />
            ))}
          </ul>
        )}
      </div>

      <StorageFormDialog config={target} open={openDialog === "form"} onClose={() => setOpenDialog(null)} />
      <StorageTestDialog config={target} open={openDialog === "test"} onClose={() => setOpenDialog(null)} />
      <DeleteStorageDialog config={target} open={openDialog === "delete"} onClose={() => setOpenDialog(null)} />
    </div>
  );
}

function Detail({
  label,
  children,
  mono = false,
  isWide = false,
}: {
  label: string;
  children: string;
  mono?: boolean;
  isWide?: boolean;
}) {
  return (
    <div className={cx("min-w-0", isWide && "col-span-2")}>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd
        className={cx("mt-0.5 truncate text-sm text-slate-800 dark:text-slate-200", mono && "font-mono text-[13px]")}
        title={children}
      >
        {children}
      </dd>
    </div>
  );
}

function StorageCard({
  config,
  onEdit,
  onTest,
  onDelete,
}: {
  config: StorageConfigView;
  onEdit: () => void;
  onTest: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const utils = trpc.useUtils();
  const setDefault = trpc.storage.setDefault.useMutation();
  const isLocal = config.provider_type === LOCAL_PROVIDER;
  const Icon = isLocal ? ServerIcon : CloudIcon;
  const providerName = t(`files.storage.providers.${config.provider_type}`, { defaultValue: config.provider_type });
  const total = config.total_storage_bytes;
  const used = config.used_storage_bytes;

  const makeDefault = () =>
    setDefault.mutate(
      { id: config.id },
      {
        onSuccess: () => toast.success(t("files.storage.defaultSet", { name: config.name })),
        onError: (error) =>
          toast.error(errorMessageOf(error, { network: t("common.networkError"), fallback: t("common.unknownError") })),
        onSettled: () => void utils.storage.invalidate(),
      },
    );

  return (
    <li
      className="flex flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      data-testid={`storage-card-${config.name}`}
    >
      <div className="flex items-start gap-3 p-4 sm:p-5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100 ring-inset dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/20">
          <Icon className="size-5.5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 truncate text-base font-semibold text-slate-900 dark:text-white">{config.name}</h2>
            {config.is_default ? (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white dark:bg-indigo-500"
                data-testid="default-badge"
              >
                <StarIcon className="size-3.5" />
                {t("files.storage.default")}
              </span>
            ) : null}
            {config.is_public ? (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                {t("files.storage.public")}
              </span>
            ) : null}
          </div>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{providerName}</p>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 px-4 sm:px-5 lg:grid-cols-4">
        {isLocal ? (
          <Detail label={t("files.storage.fields.rootPath")} mono isWide>
            {config.root_path ?? "—"}
          </Detail>
        ) : (
          <>
            <Detail label={t("files.storage.fields.bucket")} mono>
              {config.bucket_name ?? "—"}
            </Detail>
            <Detail label={t("files.storage.fields.endpoint")} mono isWide>
              {config.endpoint_url ?? t("files.storage.fields.awsDefault")}
            </Detail>
            {config.region ? <Detail label={t("files.storage.fields.region")}>{config.region}</Detail> : null}
            {config.access_key_id ? (
              <Detail label={t("files.storage.fields.accessKey")} mono>
                {config.access_key_id}
              </Detail>
            ) : null}
          </>
        )}
        <Detail label={t("files.storage.fields.folder")} mono>
          {config.default_folder ? `/${config.default_folder}` : "/"}
        </Detail>
        <Detail label={t("files.storage.fields.lastUsed")}>
          {config.last_used
            ? formatRelativeTime(config.last_used, new Date(), language)
            : t("files.storage.fields.never")}
        </Detail>
      </dl>

      <div className="px-4 pt-4 sm:px-5">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="font-medium text-slate-700 dark:text-slate-300">{t("files.storage.usage")}</span>
          <span className="text-slate-600 tabular-nums dark:text-slate-400" data-testid="storage-usage">
            {total === null
              ? t("files.storage.usageUnlimited", { used: formatBytes(used, language) })
              : t("files.storage.usageOf", {
                  used: formatBytes(used, language),
                  total: formatBytes(total, language),
                  percent: total > 0 ? Math.round((used / total) * 100) : 100,
                })}
          </span>
        </div>
        {total !== null ? (
          <UsageBar used={used} total={total} />
        ) : (
          <div className="mt-2 h-1.5 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true" />
        )}
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 px-4 py-3 sm:px-5 dark:border-slate-800">
        <Button size="sm" icon={BeakerIcon} onClick={onTest} data-testid="test-storage">
          {t("files.storage.actions.test")}
        </Button>
        <Button size="sm" icon={PencilIcon} onClick={onEdit} data-testid="edit-storage">
          {t("files.storage.actions.edit")}
        </Button>
        {!config.is_default ? (
          <Button
            size="sm"
            variant="ghost"
            icon={StarIcon}
            onClick={makeDefault}
            isLoading={setDefault.isPending}
            data-testid="set-default"
          >
            {t("files.storage.actions.setDefault")}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          icon={TrashIcon}
          onClick={onDelete}
          className="ml-auto text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-500/10 dark:hover:text-red-300"
          data-testid="delete-storage"
        >
          {t("files.storage.actions.delete")}
        </Button>
      </div>
    </li>
  );
}

function CardsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">{t("files.storage.loading")}</span>
      {[0, 1].map((card) => (
        <div
          key={card}
          aria-hidden="true"
          className="h-56 rounded-2xl bg-white ring-1 ring-slate-200 motion-safe:animate-pulse dark:bg-slate-900 dark:ring-slate-800"
        />
      ))}
    </div>
  );
}
