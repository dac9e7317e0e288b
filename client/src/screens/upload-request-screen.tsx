// The page an upload request's link opens (/r/:slug, docs/upload-requests.md): someone without an account
// reads the owner's note and rules, picks files, and sends each straight to the storage (a presigned PUT,
// multipart past the threshold, through the server when the browser cannot reach the bucket) with its
// progress and a cancel; a multipart file a reload interrupted goes on from its stored parts when the
// same file is chosen again (the resume notice lists those); the files this visit sent are listed as
// the receipt. Plain fetch, no tRPC.

import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import InboxArrowDownIcon from "@heroicons/react/24/outline/InboxArrowDownIcon";
import { MULTIPART_THRESHOLD } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import type { PublicUploadRequest } from "@shared/schemas/upload-requests";
import { type ChangeEvent, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/button";
import { cx, fileNameText } from "../components/class-names";
import { PageSpinner } from "../components/feedback/page-spinner";
import { StatusPanel } from "../components/feedback/status-panel";
import { PagePasswordPanel } from "../components/forms/page-password-panel";
import { currentLanguage } from "../i18n";
import { errorMessageOf } from "../lib/api/api-errors";
import { fetchEnvelope } from "../lib/api/rest-api";
import { pageMayReach } from "../lib/shares/download/csp";
import { useVisitedPage } from "../lib/shares/use-visited-page";
import { directBlockedInTab } from "../lib/upload/direct-blocked";
import { isRequestUpload, resumeStore } from "../lib/upload/engine/resume-store";
import { xhrTransport } from "../lib/upload/engine/transport";
import { uploadObject } from "../lib/upload/engine/upload-object";
import { isCancellation } from "../lib/upload/upload-errors";
import { chooseUploadMode, multipartThresholdOverride } from "../lib/upload/upload-plan";
import { discardSenderUpload, senderUploadTarget } from "../lib/upload-requests/sender-upload";
import { ResumeNoticePart } from "./upload/resume-notice-part";

const base = (slug: string) => `/api/public/upload-requests/${encodeURIComponent(slug)}`;

type Sending = {
  key: string;
  name: string;
  size: number;
  lastModified: number;
  loaded: number;
  /** Bytes a reload had left stored, picked up rather than sent again. */
  resumed: number;
  status: "sending" | "done" | "failed" | "cancelled";
  error?: string;
  controller: AbortController;
};

export default function UploadRequestScreen({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState<Sending[]>([]);
  const counter = useRef(0);
  const messages = { network: t("common.networkError"), fallback: t("common.unknownError") };
  const language = currentLanguage();
  // A file this request's page left on its way holds a slot: choosing it again must stay possible.
  const hasResumable = useSyncExternalStore(resumeStore.subscribe, () =>
    resumeStore.list().some(isRequestUpload(slug)),
  );
  const isSending = sending.some((item) => item.status === "sending");
  useEffect(() => {
    if (!isSending) return;
    // Leaving mid-upload asks first, as the Upload screen does (browsers show their own wording).
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [isSending]);

  const { loaded, passwordError, submitPassword, reload } = useVisitedPage(
    `upload-request-visit:${slug}`,
    useCallback(
      (visit: string | undefined, password: string | undefined) => {
        const query = new URLSearchParams();
        if (visit) query.set("visit", visit);
        if (password) query.set("password", password);
        return fetchEnvelope<PublicUploadRequest>(`${base(slug)}?${query}`);
      },
      [slug],
    ),
  );

  if (!loaded) return <PageSpinner label={t("uploadRequest.loading")} />;
  if ("error" in loaded) {
    return (
      <StatusPanel size="page" icon={InboxArrowDownIcon} title={loaded.error} role="alert" testId="request-problem" />
    );
  }
  const request = loaded.page;

  if (request.requires_password || !request.visit) {
    return (
      <PagePasswordPanel
        ns="uploadRequest"
        name="request-password"
        testId="request-password"
        error={passwordError}
        onSubmit={submitPassword}
      />
    );
  }
  const visit = request.visit;

  const update = (key: string, patch: Partial<Sending>) =>
    setSending((items) => items.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  async function send(file: File) {
    const key = `file-${++counter.current}`;
    const controller = new AbortController();
    setSending((items) => [
      ...items,
      {
        key,
        name: file.name,
        size: file.size,
        lastModified: file.lastModified,
        loaded: 0,
        resumed: 0,
        status: "sending",
        controller,
      },
    ]);
    const storageKey = `request:${slug}`;
    try {
      await uploadObject(
        { blob: file, name: file.name, type: file.type, size: file.size, lastModified: file.lastModified },
        senderUploadTarget({ slug, visit, file, resume: resumeStore, pageOrigin: window.location.origin }),
        chooseUploadMode({
          size: file.size,
          threshold: multipartThresholdOverride() ?? MULTIPART_THRESHOLD,
          providerType: null,
          isDirectBlocked: directBlockedInTab.has(storageKey),
        }),
        {
          transport: xhrTransport,
          mayConnect: (url) => pageMayReach("connect-src", url),
          directBlocked: directBlockedInTab,
          signal: controller.signal,
          onProgress: (done) => update(key, { loaded: done }),
          onResume: (bytes) => update(key, { resumed: bytes }),
        },
      );
      update(key, { status: "done", loaded: file.size });
    } catch (error) {
      if (isCancellation(error)) update(key, { status: "cancelled" });
      else update(key, { status: "failed", error: errorMessageOf(unwrap(error), messages) });
    }
    await reload();
  }

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    for (const file of files) void send(file);
  };

  const locale = language;
  const rules = [
    t("uploadRequest.filesLeft", { count: request.files_left, max: request.max_files }),
    t("uploadRequest.sizeRules", {
      each: formatBytes(request.max_file_size),
      left: formatBytes(request.bytes_left),
    }),
    request.allowed_types.length ? t("uploadRequest.types", { types: request.allowed_types.join(", ") }) : null,
    request.expires_at
      ? t("uploadRequest.expires", { date: new Date(request.expires_at).toLocaleString(locale) })
      : null,
  ].filter((rule): rule is string => rule !== null);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5" data-testid="upload-request">
      <header className="flex flex-col gap-2">
        <h1 className="text-xl font-semibold text-slate-900 dark:text-slate-100">{t("uploadRequest.title")}</h1>
        {request.note ? (
          <p
            className="whitespace-pre-wrap rounded-md bg-slate-100 p-3 text-slate-800 dark:bg-slate-800 dark:text-slate-200"
            data-testid="request-note"
          >
            {request.note}
          </p>
        ) : null}
        <ul className="list-inside list-disc text-sm text-slate-600 dark:text-slate-300">
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </header>
      <ResumeNoticePart
        shows={isRequestUpload(slug)}
        busyFiles={sending.filter((item) => item.status === "sending")}
        discard={async (record) => {
          await discardSenderUpload(slug, visit, record);
          await reload();
        }}
      />
      <label className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-slate-300 p-6 text-center text-slate-700 focus-within:ring-2 focus-within:ring-sky-600 hover:border-sky-600 dark:border-slate-600 dark:text-slate-200">
        <ArrowUpTrayIcon aria-hidden="true" className="size-8" />
        <span className="font-medium">{t("uploadRequest.choose")}</span>
        <input
          type="file"
          multiple
          className="sr-only"
          onChange={pick}
          disabled={request.files_left === 0 && !hasResumable}
          data-testid="request-files"
        />
      </label>
      {sending.length ? (
        <section aria-labelledby="request-sending" className="flex flex-col gap-2">
          <h2 id="request-sending" className="font-semibold text-slate-900 dark:text-slate-100">
            {t("uploadRequest.sending")}
          </h2>
          <ul className="flex flex-col gap-2">
            {sending.map((item) => (
              <li
                key={item.key}
                className="flex flex-col gap-1 rounded-md border border-slate-200 p-2 dark:border-slate-700"
                data-testid="request-sending-item"
              >
                <div className="flex items-center justify-between gap-2">
                  <span className={cx(fileNameText, "min-w-0 text-slate-800 dark:text-slate-200")}>{item.name}</span>
                  {item.status === "sending" ? (
                    <Button
                      size="sm"
                      onClick={() => item.controller.abort()}
                      aria-label={t("uploadRequest.cancelNamed", { name: item.name })}
                    >
                      {t("uploadRequest.cancel")}
                    </Button>
                  ) : (
                    <span
                      className="shrink-0 text-sm text-slate-600 dark:text-slate-300"
                      data-testid="request-item-status"
                    >
                      {t(`uploadRequest.status.${item.status}`)}
                    </span>
                  )}
                </div>
                <progress
                  className="h-2 w-full accent-sky-600"
                  max={Math.max(1, item.size)}
                  value={item.loaded}
                  aria-label={t("uploadRequest.progress", { name: item.name })}
                />
                {item.resumed > 0 ? (
                  <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="request-item-resumed">
                    {t("files.queue.resumed", { size: formatBytes(item.resumed, language) })}
                  </p>
                ) : null}
                {item.error ? (
                  <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                    {item.error}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="request-receipt" className="flex flex-col gap-2" data-testid="request-receipt">
        <h2 id="request-receipt" className="font-semibold text-slate-900 dark:text-slate-100">
          {t("uploadRequest.receipt")}
        </h2>
        {request.sent.length ? (
          <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
            {request.sent.map((file) => (
              <li
                key={file.id}
                className="flex flex-wrap justify-between gap-2 py-1 text-sm text-slate-800 dark:text-slate-200"
              >
                <span className="min-w-0 break-all">{file.name}</span>
                <span className="text-slate-600 dark:text-slate-300">
                  {formatBytes(file.size)} · {new Date(file.created_at).toLocaleString(locale)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("uploadRequest.nothingSent")}</p>
        )}
      </section>
    </div>
  );
}

/** An upload step's failure carries the server's refusal inside it. */
function unwrap(error: unknown): unknown {
  const cause = (error as { cause?: unknown }).cause;
  return cause ?? error;
}
