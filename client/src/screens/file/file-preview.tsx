// The preview of a shared file, by kind: images, video and audio natively; PDF in a frame; text and
// code fetched (the first part only, via a Range request) and highlighted; Markdown rendered and
// sanitised; Office documents through Microsoft's online viewer, which must be able to fetch the
// file from the internet. Links are short-lived signed URLs; what the page's CSP does not allow is
// offered as a link instead of failing in the console.
import ArrowDownTrayIcon from "@heroicons/react/24/outline/ArrowDownTrayIcon";
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import ArrowTopRightOnSquareIcon from "@heroicons/react/24/outline/ArrowTopRightOnSquareIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import { OFFICE_VIEWER_ORIGIN } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "../../components/button";
import { cardSurface, cx } from "../../components/class-names";
import { LazyBoundary } from "../../components/feedback/lazy-boundary";
import { Spinner } from "../../components/feedback/spinner";
import { FileTypeIcon } from "../../components/file-icons";
import { currentLanguage } from "../../i18n";
import { pageMayReach } from "../../lib/shares/download/csp";
import {
  codeLanguageOf,
  isPrivateHost,
  officeViewerUrl,
  type PreviewKind,
  previewKindOf,
} from "../../lib/shares/file-kind";

const CodeView = lazy(() => import("./code-view"));

/** Text previews show at most this much (docs/product.md §5 keeps the editor's own limit at 10 MB). */
export const TEXT_PREVIEW_MAX_BYTES = 512 * 1024;

export type PreviewFile = {
  filename: string;
  mimetype: string;
  size: number;
  preview_url: string;
  download_url: string;
};

export type FilePreviewProps = {
  file: PreviewFile;
  /** Fetches fresh links (they last 15 minutes) after a preview failed on an expired one. */
  onReload: () => void;
  isReloading: boolean;
};

function absoluteUrl(url: string): string {
  return new URL(url, window.location.href).toString();
}

function Frame({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx("overflow-hidden", cardSurface, className)}>{children}</div>;
}

function Notice({
  title,
  description,
  file,
  action,
}: {
  title: string;
  description: string;
  file: PreviewFile;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Frame className="flex flex-col items-center px-6 py-12 text-center">
      <FileTypeIcon mimetype={file.mimetype} filename={file.filename} size="lg" />
      <h2 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-1.5 max-w-md text-sm text-slate-600 dark:text-slate-400">{description}</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        {action}
        <a
          href={file.download_url}
          className={buttonClasses(action ? "secondary" : "primary")}
          download={file.filename}
        >
          <ArrowDownTrayIcon className="size-4.5" />
          {t("files.page.download")}
        </a>
      </div>
    </Frame>
  );
}

function ExpiredPreview({ onReload, isReloading }: Pick<FilePreviewProps, "onReload" | "isReloading">) {
  const { t } = useTranslation();
  return (
    <Frame className="flex flex-col items-center px-6 py-10 text-center">
      <ExclamationTriangleIcon className="size-8 text-amber-500" />
      <p className="mt-3 max-w-md text-sm text-slate-700 dark:text-slate-300">{t("files.preview.failed")}</p>
      <button
        type="button"
        onClick={onReload}
        disabled={isReloading}
        className={cx(buttonClasses("secondary"), "mt-4")}
      >
        {isReloading ? <Spinner /> : <ArrowPathIcon className="size-4.5" />}
        {t("files.preview.reload")}
      </button>
    </Frame>
  );
}

/** Whether the page may show `url` in `directive` (null while the policy is being read). */
function useMayReach(directive: "frame-src" | "connect-src", url: string | null): boolean | null {
  const [state, setState] = useState<{ url: string | null; allowed: boolean | null }>({ url: null, allowed: null });
  useEffect(() => {
    if (!url) return;
    let isCurrent = true;
    void pageMayReach(directive, url).then((allowed) => {
      if (isCurrent) setState({ url, allowed });
    });
    return () => {
      isCurrent = false;
    };
  }, [directive, url]);
  return state.url === url ? state.allowed : null;
}

export function FilePreview({ file, onReload, isReloading }: FilePreviewProps) {
  const kind = previewKindOf(file.mimetype, file.filename);
  return (
    <div data-testid="file-preview" data-kind={kind}>
      <PreviewBody kind={kind} file={file} onReload={onReload} isReloading={isReloading} />
    </div>
  );
}

function PreviewBody({ kind, file, onReload, isReloading }: FilePreviewProps & { kind: PreviewKind }) {
  const { t } = useTranslation();
  const [hasFailed, setHasFailed] = useState(false);
  // New links: try again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL is the trigger
  useEffect(() => setHasFailed(false), [file.preview_url]);
  if (hasFailed) return <ExpiredPreview onReload={onReload} isReloading={isReloading} />;
  // Video and audio play alike: from the preview link, loading only the duration before play. User
  // uploads come without caption tracks, so none is offered.
  const player = {
    src: file.preview_url,
    controls: true,
    preload: "metadata",
    onError: () => setHasFailed(true),
    "aria-label": file.filename,
  };

  switch (kind) {
    case "image":
      return (
        <Frame className="bg-[repeating-conic-gradient(#f1f5f9_0%_25%,#ffffff_0%_50%)] bg-[length:24px_24px] dark:bg-[repeating-conic-gradient(#0f172a_0%_25%,#1e293b_0%_50%)]">
          <a
            href={file.preview_url}
            target="_blank"
            rel="noopener noreferrer"
            className="block"
            title={t("files.preview.openFull")}
          >
            <img
              src={file.preview_url}
              alt={file.filename}
              className="mx-auto max-h-[70vh] w-auto max-w-full object-contain"
              onError={() => setHasFailed(true)}
              data-testid="image-preview"
            />
          </a>
        </Frame>
      );
    case "video":
      return (
        <Frame className="bg-black">
          <video {...player} className="mx-auto max-h-[70vh] w-full" data-testid="video-preview" />
        </Frame>
      );
    case "audio":
      return (
        <Frame className="flex flex-col items-center gap-4 px-6 py-10">
          <FileTypeIcon mimetype={file.mimetype} filename={file.filename} size="lg" />
          <audio {...player} className="w-full max-w-lg" data-testid="audio-preview" />
        </Frame>
      );
    case "pdf":
      return <PdfPreview file={file} />;
    case "markdown":
    case "code":
    case "text":
      return <TextPreview file={file} mode={kind} onFailed={() => setHasFailed(true)} />;
    case "office":
      return <OfficePreview file={file} />;
    default:
      return (
        <Notice title={t("files.preview.noneTitle")} description={t("files.preview.noneDescription")} file={file} />
      );
  }
}

function PdfPreview({ file }: { file: PreviewFile }) {
  const { t } = useTranslation();
  const mayFrame = useMayReach("frame-src", file.preview_url);
  if (mayFrame === null) return <Loading />;
  if (!mayFrame) {
    return (
      <Notice
        title={t("files.preview.pdfExternalTitle")}
        description={t("files.preview.pdfExternalDescription")}
        file={file}
        action={
          <a href={file.preview_url} target="_blank" rel="noopener noreferrer" className={buttonClasses("primary")}>
            <ArrowTopRightOnSquareIcon className="size-4.5" />
            {t("files.preview.openPdf")}
          </a>
        }
      />
    );
  }
  return (
    <Frame>
      <iframe
        src={file.preview_url}
        title={t("files.preview.pdfTitle", { name: file.filename })}
        className="h-[75vh] min-h-[420px] w-full bg-slate-100 dark:bg-slate-800"
        data-testid="pdf-preview"
      />
    </Frame>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Frame className="flex items-center justify-center gap-2 px-6 py-16 text-sm text-slate-500 dark:text-slate-400">
      <Spinner className="text-indigo-500" />
      <span role="status">{t("files.preview.loading")}</span>
    </Frame>
  );
}

type TextState =
  | { status: "loading" }
  | { status: "ready"; text: string; isTruncated: boolean }
  | { status: "blocked" }
  | { status: "failed" };

function TextPreview({
  file,
  mode,
  onFailed,
}: {
  file: PreviewFile;
  mode: "markdown" | "code" | "text";
  onFailed: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [state, setState] = useState<TextState>({ status: "loading" });
  const mayFetch = useMayReach("connect-src", file.preview_url);
  const onFailedRef = useRef(onFailed);
  onFailedRef.current = onFailed;

  useEffect(() => {
    if (mayFetch === null) return;
    if (!mayFetch) {
      setState({ status: "blocked" });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    const limit = Math.min(file.size, TEXT_PREVIEW_MAX_BYTES);
    fetch(file.preview_url, {
      signal: controller.signal,
      headers: file.size > TEXT_PREVIEW_MAX_BYTES ? { Range: `bytes=0-${limit - 1}` } : {},
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const bytes = new Uint8Array(await response.arrayBuffer()).subarray(0, limit);
        const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
        setState({ status: "ready", text, isTruncated: file.size > limit });
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setState({ status: "failed" });
        onFailedRef.current();
      });
    return () => controller.abort();
  }, [file.preview_url, file.size, mayFetch]);

  if (state.status === "loading") return <Loading />;
  if (state.status === "blocked" || state.status === "failed") {
    return (
      <Notice
        title={t("files.preview.textUnavailableTitle")}
        description={t("files.preview.textUnavailableDescription")}
        file={file}
      />
    );
  }
  const label = t("files.preview.textLabel", { name: file.filename });
  return (
    <Frame>
      {state.isTruncated ? (
        <p
          className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
          role="note"
        >
          {t("files.preview.truncated", {
            shown: formatBytes(TEXT_PREVIEW_MAX_BYTES, language),
            total: formatBytes(file.size, language),
          })}
        </p>
      ) : null}
      <LazyBoundary
        fallback={() => (
          <pre className="max-h-[70vh] overflow-auto p-4 font-mono text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
            {state.text}
          </pre>
        )}
      >
        <Suspense fallback={<Loading />}>
          <div className={mode === "markdown" ? "max-h-[75vh] overflow-auto p-5 sm:p-8" : undefined}>
            <CodeView
              text={state.text}
              language={codeLanguageOf(file.filename, file.mimetype)}
              mode={mode}
              label={label}
            />
          </div>
        </Suspense>
      </LazyBoundary>
    </Frame>
  );
}

function OfficePreview({ file }: { file: PreviewFile }) {
  const { t } = useTranslation();
  const downloadUrl = absoluteUrl(file.download_url);
  const viewerUrl = officeViewerUrl(downloadUrl);
  const isReachable = !isPrivateHost(new URL(downloadUrl).hostname);
  const mayFrame = useMayReach("frame-src", OFFICE_VIEWER_ORIGIN);
  if (mayFrame === null) return <Loading />;
  if (mayFrame && isReachable) {
    return (
      <Frame>
        <iframe
          src={viewerUrl}
          title={t("files.preview.officeTitle", { name: file.filename })}
          className="h-[75vh] min-h-[420px] w-full bg-white"
          referrerPolicy="no-referrer"
          data-testid="office-preview"
        />
      </Frame>
    );
  }
  return (
    <Notice
      title={t("files.preview.officeTitle", { name: file.filename })}
      description={isReachable ? t("files.preview.officeExternal") : t("files.preview.officePrivate")}
      file={file}
      action={
        isReachable ? (
          <a
            href={viewerUrl}
            target="_blank"
            rel="noopener noreferrer"
            referrerPolicy="no-referrer"
            className={buttonClasses("primary")}
            data-testid="office-viewer-link"
          >
            <ArrowTopRightOnSquareIcon className="size-4.5" />
            {t("files.preview.officeOpen")}
          </a>
        ) : undefined
      }
    />
  );
}
