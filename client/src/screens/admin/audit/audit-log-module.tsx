// Admin module "audit-log" (docs/security.md, "Audit log"): the security events of the last 90 days,
// newest first, narrowed by event, outcome, address and days, a page at a time ("Show older events"
// follows the server's cursor), and exported as a JSON file with the same filters.
import ArrowDownTrayIcon from "@heroicons/react/24/outline/ArrowDownTrayIcon";
import ClipboardDocumentListIcon from "@heroicons/react/24/outline/ClipboardDocumentListIcon";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../../components/button";
import { LoadError } from "../../../components/feedback/request-status";
import { trpc } from "../../../lib/api/trpc";
import { type AuditQuery, auditExportHref } from "../../../lib/audit/audit-filters";
import { AdminModuleHeader } from "../admin-module-header";
import { EmptyState, ListSkeleton } from "../shared/list/list-states";
import { AuditEventRow } from "./audit-event-row";
import { AuditFiltersForm } from "./audit-filters-form";

/** Events per page: a screenful or two; older ones come on demand. */
const PAGE_SIZE = 50;

export default function AuditLogModule() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<AuditQuery>({});
  const events = trpc.audit.list.useInfiniteQuery(
    { ...query, limit: PAGE_SIZE },
    {
      getNextPageParam: (page) => page.next_cursor ?? undefined,
      placeholderData: (previous) => previous,
    },
  );
  const items = useMemo(() => events.data?.pages.flatMap((page) => page.items) ?? [], [events.data]);
  const exportHref = auditExportHref(query);

  return (
    <div>
      <AdminModuleHeader
        module="audit-log"
        actions={
          <a
            href={exportHref}
            download
            className={buttonClasses("secondary")}
            title={t("audit.exportHint")}
            data-testid="audit-export"
          >
            <ArrowDownTrayIcon className="size-5 shrink-0" />
            {t("audit.export")}
          </a>
        }
      />
      <AuditFiltersForm onApply={setQuery} />
      <div className="mt-6">
        {events.isPending ? (
          <ListSkeleton label={t("audit.loading")} />
        ) : events.isError ? (
          <LoadError title={t("audit.loadError")} query={events} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={ClipboardDocumentListIcon}
            title={t("audit.empty.title")}
            description={t("audit.empty.description")}
          />
        ) : (
          <>
            <p role="status" className="mb-3 text-sm text-slate-600 dark:text-slate-400" data-testid="audit-count">
              {t("audit.shown", { count: items.length })}
            </p>
            <ul
              aria-label={t("audit.listLabel")}
              className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800"
              data-testid="audit-list"
            >
              {items.map((event) => (
                <AuditEventRow key={event.id} event={event} />
              ))}
            </ul>
            {events.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button isLoading={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
                  {t("audit.loadMore")}
                </Button>
              </div>
            ) : (
              <p className="mt-4 text-center text-sm text-slate-500 dark:text-slate-400">{t("audit.retention")}</p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
