// Admin module "storage-config" (docs/product.md §2, §7 Storage configs; docs/rules.md Storage): the storage
// configs with their provider, bucket and endpoint (or folder on the server), default badge and space
// used (what the storage really holds, docs/storage-usage.md); add, edit, make default, test (write, read,
// list, delete, CORS), recount what the storage holds (with progress) and delete.
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import BeakerIcon from "@heroicons/react/24/outline/BeakerIcon";
import CircleStackIcon from "@heroicons/react/24/outline/CircleStackIcon";
import CloudIcon from "@heroicons/react/24/outline/CloudIcon";
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import PlusIcon from "@heroicons/react/24/outline/PlusIcon";
import ServerIcon from "@heroicons/react/24/outline/ServerIcon";
import StarIcon from "@heroicons/react/24/outline/StarIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import { LOCAL_PROVIDER } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import type { StorageConfigView } from "@shared/schemas/admin/storage";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { opensDialog } from "../../../components/dialogs/dialog-names";
import { LoadError } from "../../../components/feedback/request-status";
import { UsageBar } from "../../../components/usage-bar";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatRelativeTime } from "../../../lib/format-date";
import { storageDisplayName } from "../../../lib/storage-name";
import { AdminModuleHeader } from "../admin-module-header";
import { CardDetail, ConfigCard } from "../shared/config-card";
import { CardGridSkeleton, EmptyState } from "../shared/list/list-states";
import { useItemDialogs } from "../shared/use-item-dialogs";
import { useToastOutcome } from "../shared/use-toast-outcome";
import { DeleteStorageDialog } from "./delete-storage-dialog";
import { StorageFormDialog } from "./storage-form-dialog";
import { StorageTestDialog } from "./storage-test-dialog";

export default function StorageConfigModule() {
  const { t } = useTranslation();
  // While a recount runs, its progress is read again every second.
  const list = trpc.storage.list.useQuery(undefined, {
    refetchInterval: (query) =>
      query.state.data?.some((config) => config.usage.recount.status === "running") ? 1000 : false,
  });
  const dialogs = useItemDialogs<"form" | "test" | "delete", StorageConfigView>();
  const addButton = (testId?: string) => (
    <Button
      variant="primary"
      icon={PlusIcon}
      onClick={() => dialogs.open("form", null)}
      {...opensDialog("storage-form")}
      data-testid={testId}
    >
      {t("storageConfig.add")}
    </Button>
  );

  return (
    <div>
      <AdminModuleHeader module="storage-config" actions={addButton("add-storage")} />
      <div className="mt-6">
        {list.isPending ? (
          <CardGridSkeleton label={t("storageConfig.loading")} />
        ) : list.isError ? (
          <LoadError title={t("storageConfig.loadError")} query={list} />
        ) : list.data.length === 0 ? (
          <EmptyState
            icon={CircleStackIcon}
            title={t("storageConfig.empty.title")}
            description={t("storageConfig.empty.description")}
            action={addButton()}
          />
        ) : (
          <ul className="grid gap-4" aria-label={t("storageConfig.listLabel")} data-testid="storage-list">
            {list.data.map((config) => (
              <StorageCard
                key={config.id}
                config={config}
                onEdit={() => dialogs.open("form", config)}
                onTest={() => dialogs.open("test", config)}
                onDelete={() => dialogs.open("delete", config)}
              />
            ))}
          </ul>
        )}
      </div>

      <StorageFormDialog config={dialogs.target} open={dialogs.isOpen("form")} onClose={dialogs.close} />
      <StorageTestDialog config={dialogs.target} open={dialogs.isOpen("test")} onClose={dialogs.close} />
      <DeleteStorageDialog config={dialogs.target} open={dialogs.isOpen("delete")} onClose={dialogs.close} />
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
  const outcome = useToastOutcome();
  const isLocal = config.provider_type === LOCAL_PROVIDER;
  const providerName = t(`storageConfig.providers.${config.provider_type}`, { defaultValue: config.provider_type });
  const total = config.total_storage_bytes;
  const used = config.used_storage_bytes;

  const makeDefault = () =>
    setDefault.mutate(
      { id: config.id },
      outcome(
        t("storageConfig.defaultSet", { name: storageDisplayName(config.name, t) }),
        () => void utils.storage.invalidate(),
      ),
    );

  return (
    <ConfigCard
      icon={isLocal ? ServerIcon : CloudIcon}
      title={storageDisplayName(config.name, t)}
      testId={`storage-card-${config.name}`}
      badges={
        <>
          {config.is_default ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white dark:bg-indigo-500"
              data-testid="default-badge"
            >
              <StarIcon className="size-3.5" />
              {t("storageConfig.default")}
            </span>
          ) : null}
          {config.is_public ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              {t("storageConfig.public")}
            </span>
          ) : null}
        </>
      }
      subtitle={<p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{providerName}</p>}
      actions={
        <>
          <Button
            size="sm"
            icon={BeakerIcon}
            onClick={onTest}
            {...opensDialog("storage-test")}
            data-testid="test-storage"
          >
            {t("storageConfig.actions.test")}
          </Button>
          <Button
            size="sm"
            icon={PencilIcon}
            onClick={onEdit}
            {...opensDialog("storage-form")}
            data-testid="edit-storage"
          >
            {t("storageConfig.actions.edit")}
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
              {t("storageConfig.actions.setDefault")}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            icon={TrashIcon}
            onClick={onDelete}
            className="ml-auto text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-500/10 dark:hover:text-red-300"
            {...opensDialog("storage-delete")}
            data-testid="delete-storage"
          >
            {t("storageConfig.actions.delete")}
          </Button>
        </>
      }
    >
      {config.credentials_error ? (
        <p
          className="mx-4 mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/20 ring-inset sm:mx-5 dark:bg-amber-400/10 dark:text-amber-100 dark:ring-amber-400/30"
          data-testid="credentials-error"
        >
          {t("storageConfig.credentialsFailed", {
            when: config.credentials_checked_at
              ? formatRelativeTime(config.credentials_checked_at, new Date(), language)
              : "",
            error: config.credentials_error,
          })}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 px-4 sm:px-5 lg:grid-cols-4">
        {isLocal ? (
          <CardDetail label={t("storageConfig.fields.rootPath")} mono isWide>
            {config.root_path ?? "—"}
          </CardDetail>
        ) : (
          <>
            <CardDetail label={t("storageConfig.fields.bucket")} mono>
              {config.bucket_name ?? "—"}
            </CardDetail>
            <CardDetail label={t("storageConfig.fields.endpoint")} mono isWide>
              {config.endpoint_url ?? t("storageConfig.fields.awsDefault")}
            </CardDetail>
            {config.region ? <CardDetail label={t("storageConfig.fields.region")}>{config.region}</CardDetail> : null}
            {config.access_key_id ? (
              <CardDetail label={t("storageConfig.fields.accessKey")} mono>
                {config.access_key_id}
              </CardDetail>
            ) : null}
          </>
        )}
        <CardDetail label={t("storageConfig.fields.folder")} mono>
          {config.default_folder ? `/${config.default_folder}` : "/"}
        </CardDetail>
        <CardDetail label={t("storageConfig.fields.shareFolder")} mono>
          {`/${config.share_folder}`}
        </CardDetail>
        <CardDetail label={t("storageConfig.fields.lastUsed")}>
          {config.last_used
            ? formatRelativeTime(config.last_used, new Date(), language)
            : t("storageConfig.fields.never")}
        </CardDetail>
      </dl>

      <div className="px-4 pt-4 sm:px-5">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="font-medium text-slate-700 dark:text-slate-300">{t("storageConfig.usage")}</span>
          <span className="text-slate-600 tabular-nums dark:text-slate-400" data-testid="storage-usage">
            {total === null
              ? t("storageConfig.usageUnlimited", { used: formatBytes(used, language) })
              : t("storageConfig.usageOf", {
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
        <UsageRecount config={config} />
      </div>
    </ConfigCard>
  );
}

/** Where the usage figure comes from, and the recount that counts what the storage really holds. */
function UsageRecount({ config }: { config: StorageConfigView }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const utils = trpc.useUtils();
  const recount = trpc.storage.recount.useMutation();
  const outcome = useToastOutcome();
  const { usage } = config;
  const isRunning = usage.recount.status === "running";
  const start = () =>
    recount.mutate(
      { id: config.id },
      outcome(
        t("storageConfig.recountStarted", { name: storageDisplayName(config.name, t) }),
        () => void utils.storage.invalidate(),
      ),
    );

  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 text-xs">
      <p
        className={
          usage.recount.status === "failed"
            ? "min-w-0 flex-1 text-red-700 dark:text-red-400"
            : "min-w-0 flex-1 text-slate-500 dark:text-slate-400"
        }
        data-testid="storage-usage-source"
        aria-live="polite"
      >
        {isRunning
          ? t("storageConfig.recounting", {
              objects: usage.recount.objects.toLocaleString(language),
              bytes: formatBytes(usage.recount.bytes, language),
            })
          : usage.recount.status === "failed"
            ? t("storageConfig.recountFailedAt", { reason: t(usage.recount.error ?? "errors.recountFailed") })
            : usage.counted_at
              ? t("storageConfig.usageCounted", {
                  when: formatRelativeTime(usage.counted_at, new Date(), language),
                  objects: usage.counted_objects.toLocaleString(language),
                })
              : t("storageConfig.usageNotCounted")}
      </p>
      <Button
        size="sm"
        variant="ghost"
        icon={ArrowPathIcon}
        onClick={start}
        isLoading={isRunning || recount.isPending}
        disabled={isRunning}
        data-testid="recount-storage"
      >
        {t("storageConfig.recount")}
      </Button>
    </div>
  );
}
