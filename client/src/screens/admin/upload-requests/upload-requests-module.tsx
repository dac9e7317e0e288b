// Admin module "upload-requests" (docs/upload-requests.md): the owner's upload requests (the admin sees
// all, a key with file permission its own) with their rules, room used and state; each one's files
// received (name, size, type, when), followed live while shown, each one turned into a share link in
// place; and create, extend, change the webhook and close.
import ChevronDownIcon from "@heroicons/react/24/outline/ChevronDownIcon";
import InboxArrowDownIcon from "@heroicons/react/24/outline/InboxArrowDownIcon";
import LinkIcon from "@heroicons/react/24/outline/LinkIcon";
import PlusIcon from "@heroicons/react/24/outline/PlusIcon";
import { formatBytes } from "@shared/format-bytes";
import type { UploadRequestDetail, UploadRequestRecord, WebhookFailure } from "@shared/schemas/upload-requests";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx, fileNameText, focusRing } from "../../../components/class-names";
import { CopyButton } from "../../../components/copy-button";
import { opensDialog } from "../../../components/dialogs/dialog-names";
import { LoadError, LoadingStatus } from "../../../components/feedback/request-status";
import { StatusBadge, type StatusTone } from "../../../components/status-badge";
import { currentLanguage } from "../../../i18n";
import { trpc } from "../../../lib/api/trpc";
import { formatDateTime, formatRelativeTime } from "../../../lib/format-date";
import { AdminModuleHeader } from "../admin-module-header";
import { CardDetail } from "../shared/config-card";
import { LinkConfigCard } from "../shared/link-parts";
import { CardList } from "../shared/list/card-list";
import { DateTime } from "../shared/list/resource-list";
import { useItemDialogs } from "../shared/use-item-dialogs";
import { useToastOutcome } from "../shared/use-toast-outcome";
import { CloseRequestDialog, ExtendRequestDialog, WebhookRequestDialog } from "./request-dialogs";
import { RequestFormDialog } from "./request-form-dialog";

/** How often an open request's files are read again while shown: the owner watches them arrive. */
const ARRIVALS_POLL_MS = 3_000;

export default function UploadRequestsModule() {
  const { t } = useTranslation();
  const dialogs = useItemDialogs<"form" | "extend" | "webhook" | "close", UploadRequestRecord>();
  const [expanded, setExpanded] = useState<string | null>(null);
  const list = trpc.uploadRequests.list.useQuery();
  const createButton = (
    <Button
      variant="primary"
      icon={PlusIcon}
      onClick={() => dialogs.show("form")}
      {...opensDialog("upload-request-form")}
      data-testid="create-upload-request"
    >
      {t("uploadRequests.create")}
    </Button>
  );

  return (
    <div>
      <AdminModuleHeader module="upload-requests" actions={createButton} />
      <CardList ns="uploadRequests" query={list} items={list.data?.items}>
        {(request) => (
          <RequestCard
            key={request.id}
            request={request}
            isExpanded={expanded === request.id}
            onToggle={() => setExpanded((current) => (current === request.id ? null : request.id))}
            onExtend={() => dialogs.open("extend", request)}
            onWebhook={() => dialogs.open("webhook", request)}
            onClose={() => dialogs.open("close", request)}
          />
        )}
      </CardList>
      <RequestFormDialog
        open={dialogs.isOpen("form")}
        onClose={dialogs.close}
        onCreated={(created) => setExpanded(created.id)}
      />
      <ExtendRequestDialog request={dialogs.target} open={dialogs.isOpen("extend")} onClose={dialogs.close} />
      <WebhookRequestDialog request={dialogs.target} open={dialogs.isOpen("webhook")} onClose={dialogs.close} />
      <CloseRequestDialog request={dialogs.target} open={dialogs.isOpen("close")} onClose={dialogs.close} />
    </div>
  );
}

const STATUS_TONES: Record<UploadRequestRecord["status"], StatusTone> = {
  open: "green",
  closed: "grey",
  expired: "amber",
};

function RequestCard({
  request,
  isExpanded,
  onToggle,
  onExtend,
  onWebhook,
  onClose,
}: {
  request: UploadRequestRecord;
  isExpanded: boolean;
  onToggle: () => void;
  onExtend: () => void;
  onWebhook: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const bytes = (value: number) => formatBytes(value, language);
  const panelId = `upload-request-files-${request.id}`;
  const isClosed = request.status === "closed";
  return (
    <LinkConfigCard
      icon={InboxArrowDownIcon}
      title={request.folder}
      testId={`upload-request-${request.slug}`}
      badges={
        <StatusBadge tone={STATUS_TONES[request.status]} testId="upload-request-status">
          {t(`uploadRequests.status.${request.status}`)}
        </StatusBadge>
      }
      ns="uploadRequests"
      url={request.url}
      actions={
        <Button
          size="sm"
          variant="ghost"
          icon={ChevronDownIcon}
          onClick={onToggle}
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? panelId : undefined}
          data-testid="upload-request-toggle-files"
        >
          {isExpanded ? t("uploadRequests.arrivals.hide") : t("uploadRequests.arrivals.show")}
        </Button>
      }
      onExtend={onExtend}
      isExtendDisabled={isClosed}
      onEnd={onClose}
      isEndDisabled={isClosed}
    >
      <dl className="grid grid-cols-2 gap-3 px-4 sm:grid-cols-3 sm:px-5">
        <CardDetail label={t("uploadRequests.fields.files")}>
          {t("uploadRequests.countOf", { count: request.files_count, max: request.max_files })}
        </CardDetail>
        <CardDetail label={t("uploadRequests.fields.received")}>
          {t("uploadRequests.countOf", { count: bytes(request.bytes_count), max: bytes(request.max_total_size) })}
        </CardDetail>
        <CardDetail label={t("uploadRequests.fields.perFile")}>{bytes(request.max_file_size)}</CardDetail>
        <CardDetail label={t("uploadRequests.fields.expires")}>
          {request.expires_at ? formatDateTime(request.expires_at, language) : t("uploadRequests.never")}
        </CardDetail>
        <CardDetail label={t("uploadRequests.fields.types")}>
          {request.allowed_types.length > 0 ? request.allowed_types.join(", ") : t("uploadRequests.anyType")}
        </CardDetail>
        <CardDetail label={t("uploadRequests.fields.password")}>
          {request.has_password ? t("uploadRequests.withPassword") : t("uploadRequests.withoutPassword")}
        </CardDetail>
        <CardDetail
          label={t("uploadRequests.fields.webhook")}
          isWide
          action={
            <button
              type="button"
              onClick={onWebhook}
              className={cx(
                focusRing,
                "shrink-0 rounded text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300",
              )}
              aria-label={t("uploadRequests.webhookEdit.label", { folder: request.folder })}
              {...opensDialog("upload-request-webhook")}
              data-testid="upload-request-webhook"
            >
              {t("uploadRequests.webhookEdit.action")}
            </button>
          }
        >
          {request.webhook ? webhookSummary(request.webhook, t, language) : t("uploadRequests.webhookEdit.none")}
        </CardDetail>
        {request.note ? (
          <CardDetail label={t("uploadRequests.form.note")} isWide>
            {request.note}
          </CardDetail>
        ) : null}
      </dl>
      {isExpanded ? <Arrivals id={panelId} request={request} /> : null}
    </LinkConfigCard>
  );
}

/** The webhook's newest attempt and the deliveries not yet through, in a line. */
function webhookSummary(
  webhook: NonNullable<UploadRequestRecord["webhook"]>,
  t: TFunction,
  language: ReturnType<typeof currentLanguage>,
): string {
  if (!webhook.last_attempt_at) return t("uploadRequests.webhook.waiting");
  const result = webhook.last_result ?? "";
  const values = {
    // Relative ("2 minutes ago"): short enough for a phone's card.
    when: formatRelativeTime(webhook.last_attempt_at, new Date(), language),
    result: result.startsWith("HTTP ") ? result : t(`uploadRequests.webhook.results.${result as WebhookFailure}`),
  };
  const parts = [t(webhook.last_ok ? "uploadRequests.webhook.delivered" : "uploadRequests.webhook.failedAt", values)];
  if (webhook.retrying > 0) parts.push(t("uploadRequests.webhook.retrying", { count: webhook.retrying }));
  if (webhook.failed > 0) parts.push(t("uploadRequests.webhook.givenUp", { count: webhook.failed }));
  return parts.join(" · ");
}

function Arrivals({ id, request }: { id: string; request: UploadRequestRecord }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const detail = trpc.uploadRequests.get.useQuery(
    { id: request.id },
    // Followed while the request takes files.
    { refetchInterval: request.status === "open" ? ARRIVALS_POLL_MS : false },
  );
  const arrivedCount = detail.data?.files.length;
  const webhookAttemptAt = detail.data?.webhook?.last_attempt_at?.getTime() ?? null;
  const cardWebhookAttemptAt = request.webhook?.last_attempt_at?.getTime() ?? null;
  // The card's counts and webhook outcome follow what is seen here.
  useEffect(() => {
    const isBehind =
      (arrivedCount !== undefined && arrivedCount !== request.files_count) ||
      (webhookAttemptAt !== null && webhookAttemptAt !== cardWebhookAttemptAt);
    if (isBehind) void utils.uploadRequests.list.invalidate();
  }, [arrivedCount, request.files_count, webhookAttemptAt, cardWebhookAttemptAt, utils]);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="mx-4 mt-4 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:mx-5 sm:p-4 dark:bg-slate-950/40 dark:ring-slate-800"
      data-testid="upload-request-files"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900 dark:text-white">
        {t("uploadRequests.arrivals.title")}
      </h3>
      {detail.isPending ? (
        <LoadingStatus className="mt-2" label={t("uploadRequests.arrivals.loading")} />
      ) : detail.isError ? (
        <LoadError className="mt-2" size="sm" title={t("uploadRequests.arrivals.loadError")} query={detail} />
      ) : detail.data.files.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("uploadRequests.arrivals.empty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {detail.data.files.map((file) => (
            <ArrivalRow key={file.id} requestId={request.id} file={file} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ArrivalRow({ requestId, file }: { requestId: string; file: UploadRequestDetail["files"][number] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const share = trpc.uploadRequests.shareFile.useMutation();
  const outcome = useToastOutcome();
  const link = share.data?.url;
  return (
    <li className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:gap-3" data-testid="upload-request-file">
      <div className="min-w-0 flex-1">
        <p className={cx(fileNameText, "text-sm font-medium text-slate-900 dark:text-white")} title={file.name}>
          {file.name}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-600 dark:text-slate-400">
          <span className="tabular-nums" data-testid="upload-request-file-size">
            {formatBytes(file.size, language)}
          </span>
          <span aria-hidden="true">·</span>
          <span className="break-all">{file.mimetype}</span>
          <span aria-hidden="true">·</span>
          <DateTime date={file.created_at} relativeTo={new Date()} />
        </p>
        {link ? (
          <div className="mt-2 flex items-center gap-2">
            <input
              readOnly
              value={link}
              aria-label={t("uploadRequests.arrivals.link", { name: file.name })}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border-0 bg-white px-2 py-1 font-mono text-xs text-slate-800 ring-1 ring-slate-300 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700"
              data-testid="upload-request-file-link"
            />
            <CopyButton
              size="sm"
              isIconOnly
              text={link}
              label={t("uploadRequests.arrivals.copyShareLink", { name: file.name })}
              copiedMessage={t("uploadRequests.linkCopied")}
              failedMessage={t("uploadRequests.copyFailed")}
            />
          </div>
        ) : null}
      </div>
      {link ? null : (
        <Button
          size="sm"
          icon={LinkIcon}
          className="self-start sm:self-center"
          isLoading={share.isPending}
          aria-label={t("uploadRequests.arrivals.shareLabel", { name: file.name })}
          onClick={() =>
            share.mutate(
              { id: requestId, file_id: file.id },
              outcome(t("uploadRequests.arrivals.shared", { name: file.name }), () => undefined),
            )
          }
          data-testid="upload-request-file-share"
        >
          {t("uploadRequests.arrivals.share")}
        </Button>
      )}
    </li>
  );
}
