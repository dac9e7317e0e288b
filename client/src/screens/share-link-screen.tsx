// The page a shared folder, file or set of files opens (/s/:slug, docs/path-shares.md, docs/share-sets.md):
// the entries (a folder's with breadcrumbs that start at the shared folder and never go above it), name,
// size and type, a preview (inline, sandboxed by the server) and a download per file, and "Download all" as one zip the server streams (the browser's own
// download shows its progress), with the files and bytes it holds said first and a warning when that is large. The first answer counts the visit; its `visit` token is kept
// for this tab so that opening sub-folders and files counts nothing more. Plain fetch, no tRPC.

import ArchiveBoxArrowDownIcon from "@heroicons/react/24/outline/ArchiveBoxArrowDownIcon";
import ArrowDownTrayIcon from "@heroicons/react/24/outline/ArrowDownTrayIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import EyeIcon from "@heroicons/react/24/outline/EyeIcon";
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import { formatBytes } from "@shared/format-bytes";
import type { PublicShare, SharedItem } from "@shared/schemas/shares/path-shares";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { buttonClasses } from "../components/button";
import { cx, fileNameText } from "../components/class-names";
import { PageSpinner } from "../components/feedback/page-spinner";
import { StatusPanel } from "../components/feedback/status-panel";
import { FileTypeIcon } from "../components/file-icons";
import { PagePasswordPanel } from "../components/forms/page-password-panel";
import { currentLanguage } from "../i18n";
import { fetchEnvelope } from "../lib/api/rest-api";
import { downloadAllText, isLargeDownload } from "../lib/shares/download-all";
import { useVisitedPage } from "../lib/shares/use-visited-page";

const apiPath = (slug: string, tail: string, params: Record<string, string | undefined>) => {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""),
  );
  return `/api/public/shares/${encodeURIComponent(slug)}${tail}?${query}`;
};

const pageHref = (slug: string, path: string) =>
  path ? `/s/${encodeURIComponent(slug)}?${new URLSearchParams({ path })}` : `/s/${encodeURIComponent(slug)}`;

export default function ShareLinkScreen({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const path = new URLSearchParams(useSearch()).get("path") ?? "";
  const { loaded, passwordError, submitPassword } = useVisitedPage(
    `share-visit:${slug}`,
    useCallback(
      (visit: string | undefined, password: string | undefined) =>
        fetchEnvelope<PublicShare>(apiPath(slug, "", { path, visit, password })),
      [slug, path],
    ),
  );

  if (!loaded) return <PageSpinner label={t("shareLink.loading")} />;
  if ("error" in loaded) {
    return <StatusPanel size="page" icon={FolderIcon} title={loaded.error} role="alert" testId="share-problem" />;
  }
  const share = loaded.page;

  if (share.requires_password) {
    return (
      <PagePasswordPanel
        ns="shareLink"
        name="share-password"
        testId="share-password"
        error={passwordError}
        onSubmit={submitPassword}
      />
    );
  }

  const visit = share.visit ?? undefined;
  const fileUrl = (item: SharedItem, inline: boolean) =>
    apiPath(slug, "/file", { path: item.path, visit, inline: inline ? "1" : undefined });
  const crumbs = share.path ? share.path.split("/") : [];
  const locale = currentLanguage();
  // A set of files has no name of its own (its remark is the owner's note): it is named by its count.
  const title = share.kind === "set" ? t("shareLink.setTitle", { count: share.items.length }) : share.name;

  return (
    <section className="mx-auto mt-6 max-w-4xl" aria-labelledby="share-title">
      <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">{t(`shareLink.${share.kind}`)}</p>
      <h1 id="share-title" className="mt-1 break-all text-2xl font-semibold text-slate-900 dark:text-white">
        {title}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {share.expires_at ? t("shareLink.expires", { date: new Date(share.expires_at).toLocaleString(locale) }) : null}
        {share.expires_at && share.max_views ? " · " : null}
        {share.max_views ? t("shareLink.views", { views: share.views, max: share.max_views }) : null}
      </p>

      {share.is_directory ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          {share.kind === "set" ? (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="share-total">
              {formatBytes(
                share.items.reduce((total, item) => total + item.size, 0),
                locale,
              )}
            </p>
          ) : (
            <nav aria-label={t("shareLink.breadcrumbs")} className="min-w-0">
              <ol className="flex flex-wrap items-center gap-1 text-sm" data-testid="share-breadcrumbs">
                {[share.name, ...crumbs].map((name, index, all) => {
                  const target = crumbs.slice(0, index).join("/");
                  const isLast = index === all.length - 1;
                  return (
                    <li key={target || "."} className="flex min-w-0 items-center gap-1">
                      {index > 0 ? (
                        <span className="text-slate-400" aria-hidden="true">
                          /
                        </span>
                      ) : null}
                      {isLast ? (
                        <span
                          aria-current="page"
                          className="truncate px-1 font-semibold text-slate-900 dark:text-white"
                        >
                          {name}
                        </span>
                      ) : (
                        <Link
                          href={pageHref(slug, target)}
                          className="truncate rounded px-1 text-indigo-700 hover:underline dark:text-indigo-300"
                        >
                          {name}
                        </Link>
                      )}
                    </li>
                  );
                })}
              </ol>
            </nav>
          )}
          <div className="flex flex-wrap items-center gap-3">
            {share.kind === "folder" && share.download_all ? (
              <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="share-zip-size">
                {downloadAllText(t, share.download_all, locale)}
              </p>
            ) : null}
            <a
              href={apiPath(slug, "/zip", { path: share.path, visit })}
              download
              className={buttonClasses("primary", "sm")}
              data-testid="share-download-all"
            >
              <ArchiveBoxArrowDownIcon className="size-4.5" aria-hidden="true" />
              {t("shareLink.downloadAll")}
            </a>
          </div>
        </div>
      ) : null}
      {share.download_all && isLargeDownload(share.download_all) ? (
        <p
          role="note"
          className="mt-3 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="share-large-download"
        >
          <ExclamationTriangleIcon className="size-5 shrink-0" aria-hidden="true" />
          {t("shareLink.largeDownload")}
        </p>
      ) : null}

      {share.items.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">{t("shareLink.empty")}</p>
      ) : (
        <ul
          className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900"
          aria-label={title}
          data-testid="share-items"
        >
          {share.items.map((item) => (
            <li key={item.path} className="flex items-center gap-3 px-3 py-2.5 sm:px-4">
              {item.is_directory ? (
                <FolderIcon className="size-6 shrink-0 text-amber-500" aria-hidden="true" />
              ) : (
                <FileTypeIcon filename={item.name} mimetype={item.mimetype ?? ""} className="shrink-0" />
              )}
              <div className="min-w-0 flex-1">
                {item.is_directory ? (
                  <Link
                    href={pageHref(slug, item.path)}
                    className={cx(fileNameText, "font-medium text-indigo-700 hover:underline dark:text-indigo-300")}
                    aria-label={t("shareLink.open", { name: item.name })}
                  >
                    {item.name}
                  </Link>
                ) : (
                  <p className={cx(fileNameText, "font-medium text-slate-900 dark:text-white")}>{item.name}</p>
                )}
                {item.is_directory ? null : (
                  <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                    {formatBytes(item.size, locale)}
                    {item.mimetype ? ` · ${item.mimetype}` : null}
                  </p>
                )}
              </div>
              {item.is_directory ? null : (
                <div className="flex shrink-0 gap-1">
                  <a
                    href={fileUrl(item, true)}
                    target="_blank"
                    rel="noopener"
                    className={cx(buttonClasses("ghost", "sm"))}
                    aria-label={t("shareLink.previewNamed", { name: item.name })}
                  >
                    <EyeIcon className="size-4.5" aria-hidden="true" />
                    <span className="hidden sm:inline">{t("shareLink.preview")}</span>
                  </a>
                  <a
                    href={fileUrl(item, false)}
                    download={item.name}
                    className={cx(buttonClasses("secondary", "sm"))}
                    aria-label={t("shareLink.downloadNamed", { name: item.name })}
                    data-testid="share-download"
                  >
                    <ArrowDownTrayIcon className="size-4.5" aria-hidden="true" />
                    <span className="hidden sm:inline">{t("shareLink.download")}</span>
                  </a>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
