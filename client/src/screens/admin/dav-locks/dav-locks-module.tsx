// Admin module "dav-locks" (docs/security.md, the WebDAV lock rows): the locks WebDAV clients hold, by
// whom (the admin or an API key), where, how deep and until when, a page at a time; the admin lifts one
// lock, or every lock of a key that holds files it should not.
import KeyIcon from "@heroicons/react/24/outline/KeyIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import LockOpenIcon from "@heroicons/react/24/outline/LockOpenIcon";
import { DEFAULT_PAGE_LIMIT } from "@shared/constants";
import type { DavLockView } from "@shared/schemas/admin/dav-locks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDateTime } from "../../../lib/format-date";
import { AdminModuleHeader } from "../admin-module-header";
import { CardDetail, ConfigCard } from "../shared/config-card";
import { CardList } from "../shared/list/card-list";
import { Pagination, RefreshButton } from "../shared/list/list-toolbar";
import { useToastOutcome } from "../shared/use-toast-outcome";

export default function DavLocksModule() {
  const { t } = useTranslation();
  const outcome = useToastOutcome();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_LIMIT);
  const list = trpc.davLocks.list.useQuery(
    { limit, offset: (page - 1) * limit },
    { placeholderData: (previous) => previous },
  );
  const utils = trpc.useUtils();
  const removeOne = trpc.davLocks.remove.useMutation();
  const removeOfKey = trpc.davLocks.removeOfKey.useMutation();
  const refresh = () => utils.davLocks.list.invalidate();
  const pages = Math.max(1, list.data?.pagination.totalPages ?? 1);
  // Lifting the last locks of the last page leaves it empty: show the one before.
  if (list.data && page > pages) setPage(pages);

  return (
    <div>
      <AdminModuleHeader
        module="dav-locks"
        actions={<RefreshButton ns="davLocks" onRefresh={refresh} isRefreshing={list.isFetching} />}
      />
      <CardList
        ns="davLocks"
        query={list}
        items={list.data?.locks}
        footer={
          list.data && (
            <Pagination
              ns="davLocks"
              page={page}
              pages={pages}
              total={list.data.pagination.total}
              limit={limit}
              offset={list.data.pagination.offset}
              shown={list.data.locks.length}
              onPage={setPage}
              onLimit={(next) => {
                setLimit(next);
                setPage(1);
              }}
            />
          )
        }
      >
        {(lock) => (
          <LockCard
            key={lock.token}
            lock={lock}
            isRemoving={removeOne.isPending && removeOne.variables?.token === lock.token}
            isRemovingKey={
              removeOfKey.isPending &&
              lock.holder.kind === "key" &&
              removeOfKey.variables?.key_id === lock.holder.key_id
            }
            onRemove={() => removeOne.mutate({ token: lock.token }, outcome(t("davLocks.removed"), refresh))}
            onRemoveKey={(keyId) =>
              removeOfKey.mutate(
                { key_id: keyId },
                outcome(({ removed }) => t("davLocks.removedKey", { count: removed }), refresh),
              )
            }
          />
        )}
      </CardList>
    </div>
  );
}

const BADGE =
  "rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300";

function LockCard({
  lock,
  isRemoving,
  isRemovingKey,
  onRemove,
  onRemoveKey,
}: {
  lock: DavLockView;
  isRemoving: boolean;
  isRemovingKey: boolean;
  onRemove: () => void;
  onRemoveKey: (keyId: string) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { holder } = lock;
  const holderName =
    holder.kind === "admin"
      ? t("davLocks.holder.admin")
      : holder.key_name === null
        ? t("davLocks.holder.deletedKey")
        : t("davLocks.holder.key", { name: holder.key_name });
  return (
    <ConfigCard
      icon={LockClosedIcon}
      title={lock.path}
      testId="dav-lock"
      badges={
        <>
          <span className={BADGE}>{t(`davLocks.scope.${lock.scope}`)}</span>
          <span className={BADGE}>{t(`davLocks.depth.${lock.depth}`)}</span>
        </>
      }
      subtitle={
        <p className="mt-0.5 truncate text-sm text-slate-600 dark:text-slate-400" data-testid="dav-lock-holder">
          {holderName}
        </p>
      }
      actionsClassName="px-3 py-2.5 sm:px-4"
      actions={
        <>
          <Button
            size="sm"
            variant="secondary"
            icon={LockOpenIcon}
            isLoading={isRemoving}
            aria-label={t("davLocks.removeLabel", { path: lock.path })}
            onClick={onRemove}
          >
            {t("davLocks.remove")}
          </Button>
          {holder.kind === "key" ? (
            <Button
              size="sm"
              variant="ghost"
              icon={KeyIcon}
              isLoading={isRemovingKey}
              aria-label={t("davLocks.removeKeyLabel", { name: holderName })}
              onClick={() => onRemoveKey(holder.key_id)}
            >
              {t("davLocks.removeKey")}
            </Button>
          ) : null}
        </>
      }
    >
      <dl className="grid grid-cols-1 gap-3 px-4 sm:grid-cols-2 sm:px-5">
        <CardDetail label={t("davLocks.details.taken")}>{formatDateTime(lock.taken_at, language)}</CardDetail>
        <CardDetail label={t("davLocks.details.expires")}>{formatDateTime(lock.expires_at, language)}</CardDetail>
      </dl>
    </ConfigCard>
  );
}
