// Admin module "mount-management" (docs/product.md §3 Mount point, §5, §7 Mounts): the mount points with
// their path, storage config, status, cache TTL and sort order; create, edit, activate/deactivate
// and delete. API keys see it read-only (docs/product.md §6: keys cannot manage mount points): they are told
// so and see the mounts their base path reaches.

import { Switch } from "@headlessui/react";
import CloudIcon from "@heroicons/react/24/outline/CloudIcon";
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import InformationCircleIcon from "@heroicons/react/24/outline/InformationCircleIcon";
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import PlusIcon from "@heroicons/react/24/outline/PlusIcon";
import ServerIcon from "@heroicons/react/24/outline/ServerIcon";
import ServerStackIcon from "@heroicons/react/24/outline/ServerStackIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import type { MountView } from "@shared/schemas/explorer/mounts";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "../../../components/button";
import { cx, focusRing } from "../../../components/class-names";
import { opensDialog } from "../../../components/dialogs/dialog-names";
import { LoadError, type RefetchableQuery } from "../../../components/feedback/request-status";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { canManageMounts } from "../../../lib/auth/access";
import { useAuth } from "../../../lib/auth/use-auth";
import { explorerHref } from "../../../lib/explorer/explorer-paths";
import { formatRelativeTime } from "../../../lib/format-date";
import { storageDisplayName } from "../../../lib/storage-name";
import { AdminModuleHeader } from "../admin-module-header";
import { CardDetail, ConfigCard } from "../shared/config-card";
import { CardGridSkeleton, EmptyState } from "../shared/list/list-states";
import { useItemDialogs } from "../shared/use-item-dialogs";
import { useToastOutcome } from "../shared/use-toast-outcome";
import { DeleteMountDialog } from "./delete-mount-dialog";
import { MountFormDialog } from "./mount-form-dialog";

export default function MountManagementModule() {
  const { t } = useTranslation();
  const auth = useAuth();
  const canManage = canManageMounts(auth);
  const dialogs = useItemDialogs<"form" | "delete", MountView>();
  return (
    <div>
      <AdminModuleHeader
        module="mount-management"
        actions={
          canManage ? (
            <Button
              variant="primary"
              icon={PlusIcon}
              onClick={() => dialogs.open("form", null)}
              {...opensDialog("mount-form")}
              data-testid="add-mount"
            >
              {t("explorer.mounts.add")}
            </Button>
          ) : undefined
        }
      />
      {canManage ? null : (
        <div
          role="note"
          className="mt-6 flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-100"
        >
          <InformationCircleIcon className="mt-px size-5 shrink-0 text-sky-500" />
          <div>
            <p className="font-semibold">{t("adminArea.mountReadOnly.title")}</p>
            <p className="mt-0.5 text-sky-800 dark:text-sky-200/80">{t("adminArea.mountReadOnly.description")}</p>
          </div>
        </div>
      )}
      {canManage ? (
        <AdminMountList
          onEdit={(mount) => dialogs.open("form", mount)}
          onDelete={(mount) => dialogs.open("delete", mount)}
          onAdd={() => dialogs.open("form", null)}
        />
      ) : auth.authType === "apikey" ? (
        <KeyMountList />
      ) : null}
      {canManage ? (
        <>
          <MountFormDialog mount={dialogs.target} open={dialogs.isOpen("form")} onClose={dialogs.close} />
          <DeleteMountDialog mount={dialogs.target} open={dialogs.isOpen("delete")} onClose={dialogs.close} />
        </>
      ) : null}
    </div>
  );
}

function ListProblem({ query }: { query: RefetchableQuery }) {
  const { t } = useTranslation();
  return <LoadError className="mt-6" title={t("explorer.mounts.loadError")} query={query} />;
}

function ListSkeleton() {
  const { t } = useTranslation();
  return <CardGridSkeleton className="mt-6 xl:grid-cols-2" label={t("app.loading")} />;
}

function AdminMountList({
  onEdit,
  onDelete,
  onAdd,
}: {
  onEdit: (mount: MountView) => void;
  onDelete: (mount: MountView) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const list = trpc.mounts.list.useQuery();
  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <ListProblem query={list} />;
  if (list.data.length === 0) {
    return (
      <EmptyState
        className="mt-6"
        icon={ServerStackIcon}
        title={t("explorer.mounts.empty.title")}
        description={t("explorer.mounts.empty.description")}
        action={
          <Button variant="primary" icon={PlusIcon} onClick={onAdd} {...opensDialog("mount-form")}>
            {t("explorer.mounts.add")}
          </Button>
        }
      />
    );
  }
  return (
    <ul className="mt-6 grid gap-4 xl:grid-cols-2" aria-label={t("explorer.mounts.listLabel")} data-testid="mount-list">
      {list.data.map((mount) => (
        <MountCard key={mount.id} mount={mount} onEdit={() => onEdit(mount)} onDelete={() => onDelete(mount)} manage />
      ))}
    </ul>
  );
}

function KeyMountList() {
  const { t } = useTranslation();
  const list = trpc.mounts.list.useQuery();
  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <ListProblem query={list} />;
  if (list.data.length === 0) {
    return <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">{t("explorer.mounts.emptyForKey")}</p>;
  }
  return (
    <ul className="mt-6 grid gap-4 xl:grid-cols-2" aria-label={t("explorer.mounts.listLabel")} data-testid="mount-list">
      {list.data.map((mount) => (
        <MountCard key={mount.id} mount={mount} manage={false} />
      ))}
    </ul>
  );
}

function ActiveSwitch({ mount }: { mount: MountView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const update = trpc.mounts.update.useMutation();
  const outcome = useToastOutcome();
  const toggle = (is_active: boolean) =>
    update.mutate(
      { id: mount.id, is_active },
      outcome(
        is_active
          ? t("explorer.mounts.activated", { name: mount.name })
          : t("explorer.mounts.deactivated", { name: mount.name }),
        () => {
          void utils.mounts.invalidate();
          void utils.fs.invalidate();
        },
      ),
    );
  return (
    <Switch
      checked={mount.is_active}
      onChange={toggle}
      disabled={update.isPending}
      aria-label={t("explorer.mounts.toggleActive", { name: mount.name })}
      data-testid="mount-active-switch"
      className={cx(
        "group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors disabled:opacity-60 data-checked:bg-emerald-600 dark:bg-slate-700 dark:data-checked:bg-emerald-500",
        focusRing,
      )}
    >
      <span
        aria-hidden="true"
        className="size-5 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform group-data-checked:translate-x-5.5 motion-reduce:transition-none"
      />
    </Switch>
  );
}

function MountCard({
  mount,
  manage,
  onEdit,
  onDelete,
}: {
  mount: MountView;
  manage: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <ConfigCard
      icon={mount.storage_type === "S3" ? CloudIcon : ServerIcon}
      title={mount.name}
      testId={`mount-card-${mount.name}`}
      badges={
        <span
          className={cx(
            "rounded-full px-2 py-0.5 text-xs font-medium",
            mount.is_active
              ? "bg-emerald-50 text-emerald-700 ring-1 ring-emerald-600/20 ring-inset dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/20"
              : "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400",
          )}
          data-testid="mount-status"
        >
          {mount.is_active ? t("explorer.mounts.active") : t("explorer.mounts.inactive")}
        </span>
      }
      subtitle={
        <p className="mt-0.5 truncate font-mono text-[13px] text-slate-500 dark:text-slate-400">{mount.mount_path}</p>
      }
      aside={manage ? <ActiveSwitch mount={mount} /> : null}
      actionsClassName="px-3 py-2.5 sm:px-4"
      actions={
        <>
          <Link
            href={explorerHref(mount.mount_path)}
            className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
          >
            <FolderIcon className="size-4" />
            {t("explorer.mounts.browse")}
          </Link>
          {manage ? (
            <>
              <Button
                size="sm"
                variant="ghost"
                icon={PencilIcon}
                onClick={onEdit}
                className="ml-auto"
                {...opensDialog("mount-form")}
                data-testid="mount-edit"
              >
                {t("explorer.mounts.edit")}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                icon={TrashIcon}
                onClick={onDelete}
                {...opensDialog("mount-delete")}
                data-testid="mount-delete"
              >
                {t("explorer.mounts.deleteAction")}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <dl className="grid grid-cols-2 gap-3 px-4 sm:grid-cols-3 sm:px-5">
        <CardDetail label={t("explorer.mounts.fields.storage")}>
          {storageDisplayName(mount.storage_config_name, t)}
        </CardDetail>
        <CardDetail label={t("explorer.mounts.fields.cacheTtl")}>
          {t("explorer.mounts.seconds", { count: mount.cache_ttl })}
        </CardDetail>
        <CardDetail label={t("explorer.mounts.fields.sortOrder")}>{String(mount.sort_order)}</CardDetail>
        <CardDetail label={t("explorer.mounts.fields.lastUsed")}>
          {mount.last_used ? formatRelativeTime(mount.last_used, new Date(), language) : t("explorer.mounts.never")}
        </CardDetail>
        {mount.remark ? (
          // A group of the list itself (dl > div > dt), never wrapped in another div.
          <CardDetail label={t("explorer.mounts.fields.remark")} isWide>
            {mount.remark}
          </CardDetail>
        ) : null}
      </dl>
    </ConfigCard>
  );
}
