// An end-to-end encrypted file share (docs/encrypted-shares.md). The server handed out signed links to
// ciphertext (that was the counted view) and knows neither the name nor the type; the key is in this
// page's fragment and a password, when the sender set one, is asked here and never sent. The first
// bytes give the name, type and size; the download decrypts while it streams; small images, PDFs,
// media and texts are decrypted in memory and previewed as any file.
import ArrowDownTrayIcon from "@heroicons/react/24/outline/ArrowDownTrayIcon";
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import EyeIcon from "@heroicons/react/24/outline/EyeIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import type { EncryptedFilePreamble, UnlockedFile } from "@shared/encryption/encrypted-file";
import { formatBytes } from "@shared/format-bytes";
import type { PublicFileView } from "@shared/schemas/shares/shares";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { CopyButton } from "../../components/copy-button";
import { PageSpinner } from "../../components/feedback/page-spinner";
import type { UndecryptableProblem } from "../../components/feedback/share-problem";
import { ShareGone, ShareLoadFailed } from "../../components/feedback/share-problem";
import { FileTypeIcon } from "../../components/file-icons";
import { currentLanguage } from "../../i18n";
import { formatRelativeTime } from "../../lib/format-date";
import {
  BLOB_WARNING_BYTES,
  canStreamToDisk,
  decryptForPreview,
  type EncryptedFileProblem,
  fetchPreamble,
  PREVIEW_MAX_BYTES,
  problemOf,
  saveDecrypted,
} from "../../lib/shares/download/encrypted-download";
import { previewKindOf } from "../../lib/shares/file-kind";
import { FilePasswordPrompt } from "./file-password-prompt";
import { FilePreview } from "./file-preview";

// Loaded only for encrypted files: ordinary file links do not pay for the format.
const loadFormat = () => import("@shared/encryption/encrypted-share");

type ReadyFile = PublicFileView & { download_url: string };

type State =
  | { step: "opening" }
  | { step: "password"; preamble: EncryptedFilePreamble; isChecking: boolean; error: string | null }
  | { step: "open"; preamble: EncryptedFilePreamble; file: UnlockedFile }
  | { step: "undecryptable"; problem: UndecryptableProblem }
  | { step: "failed" };

/** Kinds the page previews from a decrypted copy in memory; the others (Office) need a public URL. */
const PREVIEWABLE = new Set(["image", "video", "audio", "pdf", "markdown", "code", "text"]);

export function EncryptedFile({ file }: { file: ReadyFile }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ step: "opening" });
  const [attempt, setAttempt] = useState(0);
  const url = file.download_url;

  // A link pasted over this one differs only after #: the browser does not reload, the page reads the new key.
  useEffect(() => {
    const onHashChange = () => setAttempt((count) => count + 1);
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger of a new try
  useEffect(() => {
    setState({ step: "opening" });
    const controller = new AbortController();
    const settle = (next: State) => {
      if (!controller.signal.aborted) setState(next);
    };
    void (async () => {
      const format = await loadFormat();
      const key = format.linkKeyFromFragment(window.location.hash);
      if (!key) return settle({ step: "undecryptable", problem: "missingKey" });
      try {
        const preamble = await fetchPreamble(url, controller.signal);
        if (preamble.needsPassword) return settle({ step: "password", preamble, isChecking: false, error: null });
        settle({ step: "open", preamble, file: await preamble.unlock(key) });
      } catch (error) {
        const problem = problemOf(error);
        settle(problem === "network" ? { step: "failed" } : { step: "undecryptable", problem: "wrongKey" });
      }
    })();
    return () => controller.abort();
  }, [url, attempt]);

  const tryPassword = async (preamble: EncryptedFilePreamble, password: string) => {
    setState({ step: "password", preamble, isChecking: true, error: null });
    const key = (await loadFormat()).linkKeyFromFragment(window.location.hash) ?? "";
    try {
      setState({ step: "open", preamble, file: await preamble.unlock(key, password) });
    } catch {
      setState({ step: "password", preamble, isChecking: false, error: t("files.encrypted.wrongPassword") });
    }
  };

  if (state.step === "opening") return <PageSpinner label={t("files.encrypted.decrypting")} />;
  if (state.step === "failed") {
    return (
      <ShareLoadFailed
        kind="files"
        message={t("files.encrypted.problems.network")}
        onRetry={() => setAttempt((count) => count + 1)}
      />
    );
  }
  if (state.step === "undecryptable") return <ShareGone kind="files" problem={state.problem} />;
  if (state.step === "password") {
    const { preamble } = state;
    return (
      <FilePasswordPrompt
        file={null}
        description={t("files.encrypted.passwordDescription")}
        isChecking={state.isChecking}
        error={state.error}
        onSubmit={(password) => void tryPassword(preamble, password)}
      />
    );
  }
  return <DecryptedFile share={file} preamble={state.preamble} file={state.file} />;
}

/** canStreamToDisk, again when a service worker takes control of the page (on a first visit, soon after it loads). */
function useCanStreamToDisk(): boolean {
  const [streams, setStreams] = useState(canStreamToDisk);
  useEffect(() => {
    const container = "serviceWorker" in navigator ? navigator.serviceWorker : null;
    const update = () => setStreams(canStreamToDisk());
    container?.addEventListener("controllerchange", update);
    return () => container?.removeEventListener("controllerchange", update);
  }, []);
  return streams;
}

type Download =
  | { status: "idle" }
  | { status: "running"; done: number; controller: AbortController }
  | { status: "saved" }
  | { status: "failed"; problem: EncryptedFileProblem };

/** An unlocked file: its share, its ciphertext's first bytes and what they decrypted to. */
type UnlockedShare = { share: ReadyFile; preamble: EncryptedFilePreamble; file: UnlockedFile };

function DecryptedFile({ share, preamble, file }: UnlockedShare) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { name, type, size } = file.metadata;
  const [download, setDownload] = useState<Download>({ status: "idle" });
  const streams = useCanStreamToDisk();
  const now = new Date();

  const start = async () => {
    const controller = new AbortController();
    setDownload({ status: "running", done: 0, controller });
    try {
      const outcome = await saveDecrypted({
        url: share.download_url,
        preamble,
        file,
        signal: controller.signal,
        onProgress: (done) => setDownload({ status: "running", done, controller }),
      });
      setDownload({ status: outcome === "saved" ? "saved" : "idle" });
    } catch (error) {
      setDownload(controller.signal.aborted ? { status: "idle" } : { status: "failed", problem: problemOf(error) });
    }
  };

  const viewsText =
    share.max_views > 0
      ? t("files.page.viewsOfMax", { views: share.views, max: share.max_views })
      : t("files.page.views", { count: share.views });

  return (
    <article aria-labelledby="file-title" data-testid="encrypted-file">
      <header className="flex flex-col gap-5 border-b border-slate-200 pb-6 lg:flex-row lg:items-end lg:justify-between dark:border-slate-800">
        <div className="flex min-w-0 items-start gap-4">
          <FileTypeIcon mimetype={type} filename={name} size="lg" />
          <div className="min-w-0">
            <h1
              id="file-title"
              className="text-xl font-semibold tracking-tight break-all text-slate-900 sm:text-2xl dark:text-white"
            >
              {name}
            </h1>
            <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400" data-testid="file-size">
              {formatBytes(size, language)}
            </p>
            <ul className="mt-3 flex flex-wrap gap-2 text-xs">
              <Chip icon={<LockClosedIcon className="size-3.5" />} tone="emerald">
                {t("files.encrypted.badge")}
              </Chip>
              <Chip icon={<EyeIcon className="size-3.5" />}>{viewsText}</Chip>
              <Chip icon={<ClockIcon className="size-3.5" />}>
                {share.expires_at
                  ? t("files.page.expires", { when: formatRelativeTime(share.expires_at, now, language) })
                  : t("files.page.neverExpires")}
              </Chip>
            </ul>
          </div>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <Button
            variant="primary"
            icon={ArrowDownTrayIcon}
            isLoading={download.status === "running"}
            onClick={() => void start()}
            data-testid="encrypted-download"
          >
            {t("files.encrypted.download")}
          </Button>
          <CopyButton
            text={window.location.href}
            label={t("files.page.copyLink")}
            copiedMessage={t("files.page.linkCopied")}
            failedMessage={t("files.page.copyFailed")}
          />
        </div>
      </header>

      <div className="mt-5 flex flex-col gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("files.encrypted.hint")}</p>
        {!streams && size > BLOB_WARNING_BYTES ? (
          <Callout tone="amber" testId="memory-warning">
            {t("files.encrypted.memoryWarning", { size: formatBytes(size, language) })}
          </Callout>
        ) : null}
        {download.status === "running" ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center" data-testid="decrypt-progress">
            <progress
              className="h-2 w-full overflow-hidden rounded-full accent-emerald-600"
              max={Math.max(size, 1)}
              value={download.done}
              aria-label={t("files.encrypted.progress", {
                done: formatBytes(download.done, language),
                total: formatBytes(size, language),
              })}
            />
            <span className="shrink-0 text-sm text-slate-600 tabular-nums dark:text-slate-400">
              {formatBytes(download.done, language)} / {formatBytes(size, language)}
            </span>
            <Button size="sm" onClick={() => download.controller.abort()}>
              {t("common.cancel")}
            </Button>
          </div>
        ) : null}
        {download.status === "saved" ? (
          <Callout tone="emerald" testId="decrypt-saved">
            {t("files.encrypted.saved")}
          </Callout>
        ) : null}
        {download.status === "failed" ? (
          <Callout tone="red" testId={`decrypt-${download.problem}`} role="alert">
            {t(`files.encrypted.problems.${download.problem}`)}
          </Callout>
        ) : null}
      </div>

      <div className="mt-6">
        <DecryptedPreview share={share} preamble={preamble} file={file} />
      </div>
    </article>
  );
}

type PreviewState =
  | { status: "none" }
  | { status: "loading" }
  | { status: "ready"; url: string }
  | { status: "failed"; problem: EncryptedFileProblem };

function DecryptedPreview({ share, preamble, file }: UnlockedShare) {
  const { t } = useTranslation();
  const { name, type, size } = file.metadata;
  const kind = previewKindOf(type, name);
  const isPreviewable = PREVIEWABLE.has(kind) && size <= PREVIEW_MAX_BYTES;
  const [state, setState] = useState<PreviewState>({ status: isPreviewable ? "loading" : "none" });
  const [attempt, setAttempt] = useState(0);
  const fileRef = useRef(file);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger of a new try
  useEffect(() => {
    if (!isPreviewable) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: "loading" });
    decryptForPreview(share.download_url, preamble, fileRef.current, controller.signal)
      // A PDF frame shows only what the page typed as a PDF, whatever the sender wrote as the type.
      .then((blob) => (kind === "pdf" ? new Blob([blob], { type: "application/pdf" }) : blob))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (!controller.signal.aborted) setState({ status: "ready", url: objectUrl });
      })
      .catch((error) => {
        if (!controller.signal.aborted) setState({ status: "failed", problem: problemOf(error) });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [share.download_url, preamble, isPreviewable, kind, attempt]);

  if (state.status === "none") return null;
  if (state.status === "loading") return <PageSpinner label={t("files.preview.loading")} />;
  if (state.status === "failed") {
    return (
      <Callout tone="red" testId={`preview-${state.problem}`} role="alert">
        {t(`files.encrypted.problems.${state.problem}`)}
      </Callout>
    );
  }
  return (
    <FilePreview
      file={{ filename: name, mimetype: type, size, preview_url: state.url, download_url: state.url }}
      onReload={() => setAttempt((count) => count + 1)}
      isReloading={false}
    />
  );
}

const CALLOUT_TONES = {
  amber:
    "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100",
  emerald:
    "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100",
  red: "border-red-200 bg-red-50 text-red-900 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-100",
} as const;

function Callout({
  tone,
  testId,
  role = "status",
  children,
}: {
  tone: keyof typeof CALLOUT_TONES;
  testId: string;
  role?: "status" | "alert";
  children: ReactNode;
}) {
  return (
    <p
      role={role}
      data-testid={testId}
      className={`flex gap-2 rounded-lg border px-4 py-3 text-sm ${CALLOUT_TONES[tone]}`}
    >
      {tone === "emerald" ? null : <ExclamationTriangleIcon className="mt-0.5 size-4 shrink-0" />}
      <span>{children}</span>
    </p>
  );
}

function Chip({
  icon,
  tone = "slate",
  children,
}: {
  icon: ReactNode;
  tone?: "slate" | "emerald";
  children: ReactNode;
}) {
  const tones = {
    slate: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
    emerald: "bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200",
  };
  return (
    <li className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 font-medium ${tones[tone]}`}>
      {icon}
      {children}
    </li>
  );
}
