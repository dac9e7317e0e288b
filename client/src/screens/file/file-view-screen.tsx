// View of a shared file (/file/:slug, docs/product.md §2). Opening it counts a view on the server, so the
// details are fetched once and never again behind the visitor's back; the links they carry are
// signed for 15 minutes and fetched anew (one more view) only when used after that. A protected file
// asks for its password first; `?password=` in the address opens it directly (links handed to an
// Office viewer use it). Missing, expired and used-up files get their own screens. It reads the REST
// routes with plain fetch (screens/file/file-api.ts): a file link loads no tRPC client
// (docs/decisions/0014-public-pages-without-trpc.md).
import ArrowDownTrayIcon from "@heroicons/react/24/outline/ArrowDownTrayIcon";
import ClockIcon from "@heroicons/react/24/outline/ClockIcon";
import EyeIcon from "@heroicons/react/24/outline/EyeIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import { formatBytes } from "@shared/format-bytes";
import type { PublicFileView } from "@shared/schemas/shares/shares";
import { type MouseEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { buttonClasses } from "../../components/button";
import { cardSurface, cx } from "../../components/class-names";
import { CopyButton } from "../../components/copy-button";
import { lazyPageContent, PageSpinner } from "../../components/feedback/page-spinner";
import { ShareGone, ShareLoadFailed } from "../../components/feedback/share-problem";
import { Spinner } from "../../components/feedback/spinner";
import { toast } from "../../components/feedback/toast-store";
import { FileTypeIcon } from "../../components/file-icons";
import { MediaTypeText } from "../../components/media-type-text";
import { PageQrCode } from "../../components/page-qr-code";
import { currentLanguage } from "../../i18n";
import { useOnceRead } from "../../lib/api/once-reads";
import { formatDateTime, formatRelativeTime } from "../../lib/format-date";
import { classifyFileError, filePagePath, isTerminalFileProblem, linksExpired } from "../../lib/shares/file-errors";
import { fileKindOf } from "../../lib/shares/file-kind";
import { useShareUnlock } from "../../lib/shares/use-share-unlock";
import { unlockFile, viewFile } from "./file-api";
import type { FilePasswordPromptProps } from "./file-password-prompt";
import { FilePreview } from "./file-preview";

// Only an encrypted file's page downloads the format and its checks (zod), only a protected file's the
// password prompt (docs/performance.md, Page weight).
const EncryptedFile = lazyPageContent(() => import("./encrypted-file").then((module) => module.EncryptedFile));
const FilePasswordPrompt = lazyPageContent(() =>
  import("./file-password-prompt").then((module) => module.FilePasswordPrompt),
);

export type FileViewScreenProps = { slug: string };

function passwordFromSearch(search: string): string | null {
  return new URLSearchParams(search).get("password") || null;
}

export default function FileViewScreen({ slug }: FileViewScreenProps) {
  const { t } = useTranslation();
  const search = useSearch();
  const [linkPassword] = useState(() => passwordFromSearch(search));
  // Each read is a counted view: once per visit, never again in the background.
  const { read: view, refetch } = useOnceRead(fileReadKey(slug, linkPassword), () =>
    linkPassword ? unlockFile(slug, linkPassword) : viewFile(slug),
  );
  const { unlocked, setUnlocked, isUnlocking, passwordError, goneProblem, setGoneProblem, unlock, passwordMessage } =
    useShareUnlock("files", (password) => unlockFile(slug, password));
  const [isRefreshing, setIsRefreshing] = useState(false);

  if (view.status === "pending") return <PageSpinner label={t("files.page.loading")} />;
  if (goneProblem) return <ShareGone kind="files" problem={goneProblem} />;

  if (!unlocked && view.status === "error") {
    const problem = classifyFileError(view.error);
    if (isTerminalFileProblem(problem)) return <ShareGone kind="files" problem={problem} />;
    // The address's password was refused: the prompt, with the locked file's details.
    if (linkPassword !== null && (problem === "wrongPassword" || problem === "rateLimited")) {
      return (
        <LockedFilePrompt
          slug={slug}
          error={passwordError === undefined ? passwordMessage(view.error, problem) : passwordError}
          isChecking={isUnlocking}
          onSubmit={unlock}
        />
      );
    }
    return <ShareLoadFailed kind="files" error={view.error} onRetry={refetch} isRetrying={view.isFetching} />;
  }

  const file = unlocked?.share ?? (view.status === "success" ? view.data : null);
  if (!file) return null;
  if (file.requires_password || !file.preview_url || !file.download_url) {
    return <FilePasswordPrompt file={file} error={passwordError ?? null} isChecking={isUnlocking} onSubmit={unlock} />;
  }

  if (file.encrypted) {
    return <EncryptedFile file={{ ...file, download_url: file.download_url }} />;
  }

  // Fresh signed links: the same read again (one more counted view).
  const refresh = async (): Promise<PublicFileView | null> => {
    if (!unlocked) return refetch();
    setIsRefreshing(true);
    try {
      const fresh = await unlockFile(slug, unlocked.password);
      setUnlocked({ share: fresh, password: unlocked.password });
      return fresh;
    } catch (error) {
      const problem = classifyFileError(error);
      if (isTerminalFileProblem(problem)) setGoneProblem(problem);
      return null;
    } finally {
      setIsRefreshing(false);
    }
  };

  return (
    <FileDocument
      file={{ ...file, preview_url: file.preview_url, download_url: file.download_url }}
      slug={slug}
      isRefreshing={view.isFetching || isRefreshing}
      refresh={refresh}
    />
  );
}

function fileReadKey(slug: string, password: string | null): string {
  return password === null ? `file:${slug}` : `file:${slug}?password=${password}`;
}

/** The prompt after the address's password was refused, with what the locked file shows (no view counted). */
function LockedFilePrompt({
  slug,
  ...prompt
}: { slug: string } & Pick<FilePasswordPromptProps, "error" | "isChecking" | "onSubmit">) {
  const { read } = useOnceRead(fileReadKey(slug, null), () => viewFile(slug));
  return <FilePasswordPrompt file={read.status === "success" ? read.data : null} {...prompt} />;
}

type ReadyFile = PublicFileView & { preview_url: string; download_url: string };

function Fact({ icon, label, children }: { icon?: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-3 py-3">
      <dt className="flex w-28 shrink-0 items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        {icon}
        {label}
      </dt>
      <dd className="min-w-0 text-sm font-medium break-words text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

function FileDocument({
  file,
  slug,
  refresh,
  isRefreshing,
}: {
  file: ReadyFile;
  slug: string;
  refresh: () => Promise<PublicFileView | null>;
  isRefreshing: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const now = new Date();
  const pageLink = `${window.location.origin}${filePagePath(slug)}`;
  const kind = fileKindOf(file.mimetype, file.filename);
  const [isDownloading, setIsDownloading] = useState(false);
  const viewsText =
    file.max_views > 0
      ? t("files.page.viewsOfMax", { views: file.views, max: file.max_views })
      : t("files.page.views", { count: file.views });
  const isLastView = file.max_views > 0 && file.views >= file.max_views;

  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!linksExpired(file.links_expire_at)) return;
    // The signed link ran out while the page was open: fetch fresh links first.
    event.preventDefault();
    setIsDownloading(true);
    const fresh = await refresh();
    setIsDownloading(false);
    if (fresh?.download_url) window.location.assign(fresh.download_url);
    else toast.error(t("files.page.refreshFailed"));
  };

  return (
    <article aria-labelledby="file-title" data-testid="file-document">
      <header className="flex flex-col gap-5 border-b border-slate-200 pb-6 lg:flex-row lg:items-end lg:justify-between dark:border-slate-800">
        <div className="flex min-w-0 items-start gap-4">
          <FileTypeIcon mimetype={file.mimetype} filename={file.filename} size="lg" />
          <div className="min-w-0">
            <h1
              id="file-title"
              className="text-xl font-semibold tracking-tight break-all text-slate-900 sm:text-2xl dark:text-white"
            >
              {file.filename}
            </h1>
            <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
              <span data-testid="file-size">{formatBytes(file.size, language)}</span>
              <span aria-hidden="true">·</span>
              <span>{t(`files.kinds.${kind}`)}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={file.created_at.toISOString()} title={formatDateTime(file.created_at, language)}>
                {t("files.page.uploaded", { when: formatRelativeTime(file.created_at, now, language) })}
              </time>
            </p>
            <ul className="mt-3 flex flex-wrap gap-2 text-xs">
              <Chip icon={<EyeIcon className="size-3.5" />} testId="file-views">
                {viewsText}
              </Chip>
              <Chip icon={<ClockIcon className="size-3.5" />}>
                {file.expires_at
                  ? t("files.page.expires", { when: formatRelativeTime(file.expires_at, now, language) })
                  : t("files.page.neverExpires")}
              </Chip>
              {file.has_password ? (
                <Chip icon={<LockClosedIcon className="size-3.5" />} tone="amber">
                  {t("files.page.protected")}
                </Chip>
              ) : null}
            </ul>
          </div>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <a
            href={file.download_url}
            onClick={(event) => void download(event)}
            className={buttonClasses("primary")}
            aria-busy={isDownloading || undefined}
            data-testid="file-download"
          >
            {isDownloading || isRefreshing ? <Spinner /> : <ArrowDownTrayIcon className="size-4.5" />}
            {t("files.page.download")}
          </a>
          <CopyButton
            text={pageLink}
            label={t("files.page.copyLink")}
            copiedMessage={t("files.page.linkCopied")}
            failedMessage={t("files.page.copyFailed")}
          />
        </div>
      </header>

      {isLastView ? (
        <p
          role="note"
          className="mt-5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
          data-testid="last-view"
        >
          {t("files.page.lastView")}
        </p>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <div className="min-w-0">
          <FilePreview file={file} onReload={() => void refresh()} isReloading={isRefreshing} />
        </div>
        <div className="flex flex-col gap-6">
          <section className={cx(cardSurface, "px-4")}>
            <h2 className="sr-only">{t("files.page.details")}</h2>
            <dl className="divide-y divide-slate-100 dark:divide-slate-800">
              <Fact label={t("files.page.type")}>
                <MediaTypeText value={file.mimetype} />
              </Fact>
              <Fact label={t("files.page.size")}>{formatBytes(file.size, language)}</Fact>
              <Fact label={t("files.page.uploadedAt")}>{formatDateTime(file.created_at, language)}</Fact>
              <Fact label={t("files.page.viewsLabel")}>{viewsText}</Fact>
              <Fact label={t("files.page.expiry")}>
                {file.expires_at ? formatDateTime(file.expires_at, language) : t("files.page.never")}
              </Fact>
            </dl>
          </section>
          <PageQrCode link={pageLink} testId="file-qr-toggle" />
        </div>
      </div>
    </article>
  );
}

function Chip({
  icon,
  tone = "slate",
  testId,
  children,
}: {
  icon: ReactNode;
  tone?: "slate" | "amber";
  testId?: string;
  children: ReactNode;
}) {
  return (
    <li
      data-testid={testId}
      className={cx(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 font-medium",
        tone === "amber"
          ? "bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-200"
          : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
      )}
    >
      {icon}
      {children}
    </li>
  );
}
