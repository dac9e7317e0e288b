// "Copy to…" and "Move to…" (docs/product.md §3 Copy item, §7 batch-copy): a folder picker that browses
// every mount the caller can reach (their folders only), and "skip files that already exist" (on by
// default, docs/product.md §9). The copy or move itself runs as a server task; this dialog only chooses where.
// A folder comes a page at a time as in the explorer (docs/decisions/0010-paged-listings.md), so a large
// folder costs one page, and its further folders come as the list scrolls.

import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import ArrowRightCircleIcon from "@heroicons/react/24/outline/ArrowRightCircleIcon";
import ChevronDownIcon from "@heroicons/react/24/outline/ChevronDownIcon";
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import ServerStackIcon from "@heroicons/react/24/outline/ServerStackIcon";
import Square2StackIcon from "@heroicons/react/24/outline/Square2StackIcon";
import { isPathWithin, parentOf } from "@shared/paths";
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx, fileNameText, focusRing } from "../../../components/class-names";
import { AppDialog } from "../../../components/dialogs/dialog";
import { Spinner } from "../../../components/feedback/spinner";
import { CheckboxField, FormAlert } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { breadcrumbsOf } from "../../../lib/explorer/explorer-paths";
import { explorerErrorMessage } from "../../../lib/explorer/fs-transfer";
import { LoadMore } from "../load-more";
import { useFolderListing } from "../use-folder-listing";

export type CopyDialogProps = {
  /** The entries to copy; the dialog is open while there are some. */
  sources: FsEntry[] | null;
  startFolder: string;
  onClose: () => void;
  onCopy: (target: string, skipExisting: boolean) => void;
  /** "move": the same picker, worded for a move. */
  mode?: CopyMode;
};

type CopyMode = "copy" | "move";

export function CopyDialog({ sources, startFolder, onClose, onCopy, mode = "copy" }: CopyDialogProps) {
  const { t } = useTranslation();
  const count = sources?.length ?? 0;
  return (
    <AppDialog
      name="explorer-copy"
      open={sources !== null}
      onClose={onClose}
      size="md"
      icon={mode === "move" ? ArrowRightCircleIcon : Square2StackIcon}
      title={
        count === 1 && sources?.[0]
          ? t(`explorer.${mode}.titleOne`, { name: sources[0].name })
          : t(`explorer.${mode}.titleMany`, { count })
      }
      description={t(`explorer.${mode}.description`)}
    >
      {sources ? (
        <CopyForm
          key={startFolder}
          sources={sources}
          startFolder={startFolder}
          onClose={onClose}
          onCopy={onCopy}
          mode={mode}
        />
      ) : null}
    </AppDialog>
  );
}

function CopyForm({
  sources,
  startFolder,
  onClose,
  onCopy,
  mode,
}: {
  sources: FsEntry[];
  startFolder: string;
  onClose: () => void;
  onCopy: (target: string, skipExisting: boolean) => void;
  mode: CopyMode;
}) {
  const { t } = useTranslation();
  const [folder, setFolder] = useState(startFolder);
  const [skipExisting, setSkipExisting] = useState(true);
  const list = useFolderListing(folder);
  const folders = list.entries.filter((entry) => entry.type === "directory");
  const intoItself = sources.some((source) => source.type === "directory" && isPathWithin(source.path, folder));
  const problem = !list.first
    ? null
    : list.first.is_virtual
      ? t("explorer.copy.pickInsideMount")
      : list.first.readonly
        ? t("mountAccess.readOnly")
        : intoItself
          ? t("errors.fsMoveIntoItself")
          : mode === "move" && sources.every((source) => parentOf(source.path) === folder)
            ? t("errors.fsTaskOntoItself")
            : null;
  const crumbs = breadcrumbsOf(folder);
  const errorMessage = useErrorMessage(explorerErrorMessage);

  return (
    <div className="flex flex-col gap-4" data-testid="copy-dialog">
      <div>
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200" id="copy-target-label">
          {t("explorer.copy.target")}
        </p>
        <nav aria-label={t("explorer.breadcrumbs")} className="mt-1.5">
          <ol className="flex flex-wrap items-center gap-1 text-sm" data-testid="copy-breadcrumbs">
            {crumbs.map((crumb, index) => (
              <li key={crumb.path} className="flex min-w-0 items-center gap-1">
                {index > 0 ? (
                  <span className="text-slate-400" aria-hidden="true">
                    /
                  </span>
                ) : null}
                <button
                  type="button"
                  onClick={() => setFolder(crumb.path)}
                  aria-current={index === crumbs.length - 1 ? "location" : undefined}
                  className={cx(
                    "max-w-40 truncate rounded px-1",
                    index === crumbs.length - 1
                      ? "font-semibold text-slate-900 dark:text-white"
                      : "text-indigo-700 hover:underline dark:text-indigo-300",
                    focusRing,
                  )}
                >
                  {crumb.path === "/" ? t("explorer.root") : crumb.name}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      </div>
      <fieldset
        className="h-56 overflow-y-auto rounded-xl ring-1 ring-slate-200 dark:ring-slate-800"
        aria-labelledby="copy-target-label"
        data-testid="copy-folders"
      >
        {list.isPending ? (
          <div className="flex h-full items-center justify-center">
            <Spinner className="size-5" />
          </div>
        ) : list.isError ? (
          <div className="flex flex-col items-start gap-2 p-3">
            <FormAlert title={t("explorer.loadError")}>{errorMessage(list.error)}</FormAlert>
            <Button size="sm" icon={ArrowPathIcon} onClick={() => void list.retry()}>
              {t("common.retry")}
            </Button>
          </div>
        ) : folders.length === 0 && !list.hasMore ? (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-400">{t("explorer.copy.noSubfolders")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {folders.map((entry) => {
              const Icon = entry.is_mount ? ServerStackIcon : FolderIcon;
              return (
                <li key={entry.path}>
                  <button
                    type="button"
                    onClick={() => setFolder(entry.path)}
                    className={cx(
                      "flex w-full items-center gap-3 px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/50",
                      focusRing,
                    )}
                    data-testid="copy-folder"
                    data-name={entry.name}
                  >
                    <Icon className="size-4.5 shrink-0 text-amber-600 dark:text-amber-300" />
                    <span className={cx(fileNameText, "min-w-0 flex-1")}>{entry.name}</span>
                    <ChevronDownIcon className="size-4 shrink-0 -rotate-90 text-slate-400" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {list.hasMore && !list.isError ? <LoadMore isLoading={list.isLoadingMore} onLoad={list.loadMore} /> : null}
      </fieldset>
      {problem ? <p className="text-sm text-amber-800 dark:text-amber-300">{problem}</p> : null}
      <CheckboxField
        label={t("explorer.copy.skipExisting")}
        description={t("explorer.copy.skipExistingHint")}
        checked={skipExisting}
        onCheckedChange={setSkipExisting}
        name="skip-existing"
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button
          variant="primary"
          icon={mode === "move" ? ArrowRightCircleIcon : Square2StackIcon}
          disabled={!list.first || problem !== null}
          onClick={() => onCopy(folder, skipExisting)}
          data-testid="copy-submit"
        >
          {t(`explorer.${mode}.submit`, { folder: crumbs[crumbs.length - 1]?.name || t("explorer.root") })}
        </Button>
      </div>
    </div>
  );
}
