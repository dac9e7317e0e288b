// The mount explorer's folder view: breadcrumbs, search, toolbar, the listing (list or grid, sorted,
// multi-select), uploads of files and whole folders (buttons or drag and drop), copy to another
// folder or mount, the file basket, the task manager, the `preview` panel and the text editor.
// Uploads and zip downloads run as tasks in this page (lib/explorer/tasks/explorer-tasks.ts); copies, moves
// and deletes as tasks the server runs (lib/explorer/tasks/server-tasks.ts), which outlive the tab.
// Read-only keys and virtual folders (the root, folders above mounts) get no write actions.

import ArrowDownTrayIcon from "@heroicons/react/24/outline/ArrowDownTrayIcon";
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import ArrowRightCircleIcon from "@heroicons/react/24/outline/ArrowRightCircleIcon";
import ClipboardDocumentIcon from "@heroicons/react/24/outline/ClipboardDocumentIcon";
import CloudArrowUpIcon from "@heroicons/react/24/outline/CloudArrowUpIcon";
import DocumentTextIcon from "@heroicons/react/24/outline/DocumentTextIcon";
import EyeIcon from "@heroicons/react/24/outline/EyeIcon";
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import FolderOpenIcon from "@heroicons/react/24/outline/FolderOpenIcon";
import LinkIcon from "@heroicons/react/24/outline/LinkIcon";
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import PlusIcon from "@heroicons/react/24/outline/PlusIcon";
import ShoppingBagIcon from "@heroicons/react/24/outline/ShoppingBagIcon";
import Square2StackIcon from "@heroicons/react/24/outline/Square2StackIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import { joinPath, nameOf, parentOf } from "@shared/paths";
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import { type DragEvent, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "../../components/button";
import { cx, iconButton } from "../../components/class-names";
import { opensDialog, opensDialogOrNot } from "../../components/dialogs/dialog-names";
import { toast } from "../../components/feedback/toast-store";
import { FormAlert } from "../../components/forms/form-controls";
import { useErrorMessage } from "../../components/forms/use-error-message";
import { useAuth } from "../../lib/auth/use-auth";
import { copyText } from "../../lib/copy-text";
import { breadcrumbsOf, explorerHref, previewOf } from "../../lib/explorer/explorer-paths";
import { pruneSelection, selectionState, toggleAll, toggleSelected } from "../../lib/explorer/explorer-selection";
import { DEFAULT_SORT, nextSort, type SortState, sortEntries } from "../../lib/explorer/explorer-sort";
import { BLOB_DOWNLOAD_MAX, downloadFile, explorerErrorMessage } from "../../lib/explorer/fs-transfer";
import { type PickedSet, pickedFromDrop, pickedFromInput } from "../../lib/explorer/picked-files";
import { startUploadTask } from "../../lib/explorer/tasks/explorer-tasks";
import { startServerTask } from "../../lib/explorer/tasks/server-tasks";
import { browserStorage, readStoredValue, writeStoredValue } from "../../lib/preferences/browser-storage";
import { previewKindOf } from "../../lib/shares/file-kind";
import { OfflineCopyBadge } from "../../offline/app/offline-badge";
import { CopyDialog } from "./dialogs/copy-dialog";
import { DeleteEntriesDialog, NameDialog } from "./dialogs/explorer-dialogs";
import { ShareDialog } from "./dialogs/share-dialog";
import { TextEditorDialog } from "./dialogs/text-editor-dialog";
import { EntryList } from "./entry-list";
import type { EntryAction } from "./entry-menu";
import { LoadMore } from "./load-more";
import { addToBasket, BasketButton, BasketPanel } from "./panels/basket-panel";
import { PreviewPanel } from "./panels/preview-panel";
import { SearchPanel } from "./panels/search-panel";
import { announceTask, TaskButton, TaskPanel } from "./panels/task-panel";
import { useServerTaskSync, useTaskDeps } from "./use-explorer-tasks";
import { useFolderListing } from "./use-folder-listing";
import { useFsApi } from "./use-fs-api";

const VIEW_KEY = "explorer_view";
type View = "list" | "grid";
const isView = (value: unknown): value is View => value === "list" || value === "grid";

function readView(): View {
  return readStoredValue(browserStorage(), VIEW_KEY, isView) ?? "list";
}

/** Text files open in the editor; one past 10 MB opens to the "content too large" message. */
export function canEditText(entry: Pick<FsEntry, "name" | "mimetype" | "size">): boolean {
  const kind = previewKindOf(entry.mimetype, entry.name);
  return kind === "markdown" || kind === "code" || kind === "text";
}

type DialogState =
  | { kind: "mkdir" }
  | { kind: "rename"; entry: FsEntry }
  | { kind: "delete"; paths: string[] }
  | { kind: "copy" | "move"; entries: FsEntry[] }
  | { kind: "share"; entry: FsEntry }
  | null;
type Panel = "tasks" | "basket" | null;

export function ExplorerBrowser({ path }: { path: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const { api, apiUtils, utils, authType, headers } = useFsApi();
  const [, navigate] = useLocation();
  const search = useSearch();
  const preview = previewOf(search);
  const list = useFolderListing(path);
  const mkdir = api.mkdir.useMutation();
  const rename = api.rename.useMutation();
  const taskDeps = useTaskDeps();
  useServerTaskSync(taskDeps);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [view, setView] = useState<View>(readView);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [dialog, setDialog] = useState<DialogState>(null);
  const [editing, setEditing] = useState<FsEntry | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const [isDragging, setIsDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const errorMessage = useErrorMessage(explorerErrorMessage);

  const folder = list.first;
  const entries = useMemo(() => sortEntries(list.entries, sort), [list.entries, sort]);
  const paths = useMemo(() => entries.map((entry) => entry.path), [entries]);
  const readOnly = Boolean(folder?.readonly) || (authType === "apikey" && auth.mountReadOnly);
  const canWrite = Boolean(folder) && !readOnly && !folder?.is_virtual;
  const selectedEntries = entries.filter((entry) => selected.has(entry.path));
  /** How many of these paths back file shares, or hold a share folder (docs/decisions/0007). */
  const sharesAmong = (targets: string[]) =>
    entries.filter((entry) => targets.includes(entry.path) && (entry.share_slug || entry.holds_shares)).length;
  const showTasks = () => setPanel("tasks");

  // A new folder starts with nothing selected; a changed listing drops what is gone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per folder
  useEffect(() => setSelected(new Set()), [path]);
  useEffect(() => setSelected((current) => pruneSelection(current, paths)), [paths]);

  const invalidate = () => void utils.fs.invalidate();

  const refresh = async () => {
    setIsRefreshing(true);
    try {
      await list.refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsRefreshing(false);
    }
  };

  const changeView = (next: View) => {
    setView(next);
    writeStoredValue(browserStorage(), VIEW_KEY, next);
  };

  const startUploads = (picked: PickedSet) => {
    // An empty folder dropped alone is still made.
    if (!canWrite || (picked.files.length === 0 && picked.folders.length === 0)) return;
    announceTask(startUploadTask(taskDeps(), picked, path), t, showTasks);
  };

  const startCopy = (type: "copy" | "move", sources: FsEntry[], target: string, skipExisting: boolean) => {
    const items = sources.map((entry) => ({ sourcePath: entry.path, targetPath: joinPath(target, entry.name) }));
    announceTask(startServerTask(taskDeps(), { type, items, skipExisting }), t, showTasks);
    setDialog(null);
    setSelected(new Set());
  };

  const download = async (entry: FsEntry) => {
    try {
      if (entry.size > BLOB_DOWNLOAD_MAX) {
        const link = await apiUtils.fileLink.fetch({ path: entry.path, force_download: true }, { staleTime: 0 });
        window.location.assign(link.presignedUrl);
        return;
      }
      await downloadFile({ authType, headers: headers(), path: entry.path, filename: entry.name });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const copyLink = async (entry: FsEntry) => {
    try {
      const link = await apiUtils.fileLink.fetch({ path: entry.path, force_download: false }, { staleTime: 0 });
      const ok = await copyText(new URL(link.presignedUrl, window.location.href).toString());
      if (ok) toast.success(t("explorer.actions.linkCopied"));
      else toast.error(t("explorer.actions.copyFailed"));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    // Folders come as entry trees, read now (the drop's items do not outlive the event).
    pickedFromDrop(event.dataTransfer)
      .then(startUploads)
      .catch((error: unknown) => toast.error(errorMessage(error)));
  };

  /**
   * What can be done with these entries: the toolbar offers it for the selection, each row's menu for
   * its entry alone (after opening it). One list, so the two never disagree on what an entry allows.
   */
  const actionsOn = (targets: FsEntry[]): EntryAction[] => {
    const single = targets.length === 1 ? targets[0] : undefined;
    const file = single?.type === "file" ? single : undefined;
    const files = targets.filter((entry) => entry.type === "file");
    const actions: (EntryAction | false | undefined)[] = [
      file && {
        id: "download",
        label: t("explorer.actions.download"),
        icon: ArrowDownTrayIcon,
        onSelect: () => void download(file),
      },
      file && {
        id: "copy-link",
        label: t("explorer.actions.copyLink"),
        icon: ClipboardDocumentIcon,
        onSelect: () => void copyLink(file),
      },
      // Folders above mounts are the tree's, not a storage's: nothing to point a share at.
      single &&
        (!folder?.is_virtual || single.is_mount) && {
          id: "share",
          label: t("explorer.actions.share"),
          icon: LinkIcon,
          onSelect: () => setDialog({ kind: "share", entry: single }),
          dialog: "explorer-share",
        },
      canWrite &&
        file &&
        canEditText(file) && {
          id: "edit",
          label: t("explorer.actions.edit"),
          icon: DocumentTextIcon,
          onSelect: () => setEditing(file),
          dialog: "explorer-text-editor",
        },
      canWrite &&
        single &&
        !single.is_mount && {
          id: "rename",
          label: t("explorer.actions.rename"),
          icon: PencilIcon,
          onSelect: () => setDialog({ kind: "rename", entry: single }),
          dialog: "explorer-name",
        },
      !readOnly &&
        targets.length > 0 && {
          id: "copy-to",
          label: t("explorer.actions.copyTo"),
          icon: Square2StackIcon,
          onSelect: () => setDialog({ kind: "copy", entries: targets }),
          dialog: "explorer-copy",
        },
      canWrite &&
        targets.length > 0 &&
        targets.every((entry) => !entry.is_mount) && {
          id: "move-to",
          label: t("explorer.actions.moveTo"),
          icon: ArrowRightCircleIcon,
          onSelect: () => setDialog({ kind: "move", entries: targets }),
        },
      files.length > 0 && {
        id: "add-to-basket",
        label: t("explorer.actions.addToBasket"),
        icon: ShoppingBagIcon,
        onSelect: () => addToBasket(files, t),
      },
      canWrite &&
        targets.length > 0 &&
        targets.every((entry) => !entry.is_mount) && {
          id: "delete",
          label: t("explorer.actions.delete"),
          icon: TrashIcon,
          isDanger: true,
          onSelect: () => setDialog({ kind: "delete", paths: targets.map((entry) => entry.path) }),
          dialog: "explorer-delete",
        },
    ];
    return actions.filter((action): action is EntryAction => Boolean(action));
  };

  const actionsFor = (entry: FsEntry): EntryAction[] => {
    const isFile = entry.type === "file";
    const open: EntryAction = {
      id: "open",
      label: isFile ? t("explorer.actions.preview") : t("explorer.actions.open"),
      icon: isFile ? EyeIcon : FolderIcon,
      onSelect: () => navigate(isFile ? explorerHref(path, entry.path) : explorerHref(entry.path)),
    };
    return [open, ...actionsOn([entry])];
  };

  const crumbs = breadcrumbsOf(path);

  return (
    <div className="mt-6">
      <nav aria-label={t("explorer.breadcrumbs")} className="min-w-0">
        <ol className="flex flex-wrap items-center gap-1 text-sm" data-testid="breadcrumbs">
          {crumbs.map((crumb, index) => {
            const isLast = index === crumbs.length - 1;
            const label = crumb.path === "/" ? t("explorer.root") : crumb.name;
            return (
              <li key={crumb.path} className="flex min-w-0 items-center gap-1">
                {index > 0 ? (
                  <span className="text-slate-400" aria-hidden="true">
                    /
                  </span>
                ) : null}
                {isLast ? (
                  <span aria-current="page" className="truncate px-1 font-semibold text-slate-900 dark:text-white">
                    {label}
                  </span>
                ) : (
                  <Link
                    href={explorerHref(crumb.path)}
                    className="truncate rounded px-1 text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    {label}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <OfflineCopyBadge data={folder} />

      <SearchPanel folder={path} mountId={folder?.mount_id ?? null} />

      <div className="mt-4 flex flex-wrap items-center gap-2" role="toolbar" aria-label={t("explorer.toolbar")}>
        {canWrite ? (
          <>
            <Button
              size="sm"
              variant="primary"
              icon={CloudArrowUpIcon}
              onClick={() => fileInput.current?.click()}
              data-testid="upload-button"
            >
              {t("explorer.actions.upload")}
            </Button>
            <HiddenFileInput inputRef={fileInput} testId="upload-input" onPick={startUploads} />
            <Button
              size="sm"
              isCompactOnPhones
              icon={FolderOpenIcon}
              onClick={() => folderInput.current?.click()}
              data-testid="upload-folder-button"
            >
              {t("explorer.actions.uploadFolder")}
            </Button>
            <HiddenFileInput inputRef={folderInput} isFolder testId="upload-folder-input" onPick={startUploads} />
            <Button
              size="sm"
              isCompactOnPhones
              icon={PlusIcon}
              onClick={() => setDialog({ kind: "mkdir" })}
              {...opensDialog("explorer-name")}
              data-testid="mkdir-button"
            >
              {t("explorer.actions.newFolder")}
            </Button>
          </>
        ) : null}
        {selectedEntries.length > 0 ? (
          <>
            {actionsOn(selectedEntries).map((action) => (
              <Button
                key={action.id}
                size="sm"
                isCompactOnPhones
                variant={action.isDanger ? "danger" : "secondary"}
                icon={action.icon}
                onClick={action.onSelect}
                {...opensDialogOrNot(action.dialog ?? null)}
                data-testid={`${action.id}-button`}
              >
                {action.label}
              </Button>
            ))}
            <span className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {t("explorer.selected", { count: selectedEntries.length })}
            </span>
          </>
        ) : null}
        <div className="ml-auto flex items-center gap-1">
          <fieldset className="flex rounded-lg ring-1 ring-slate-200 dark:ring-slate-700">
            <legend className="sr-only">{t("explorer.view.label")}</legend>
            {(["list", "grid"] as const).map((option) => (
              <button
                key={option}
                type="button"
                onClick={() => changeView(option)}
                aria-pressed={view === option}
                className={cx(
                  "px-2.5 py-1.5 text-xs font-medium first:rounded-l-lg last:rounded-r-lg",
                  view === option
                    ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900"
                    : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
                )}
              >
                {t(`explorer.view.${option}`)}
              </button>
            ))}
          </fieldset>
          <button
            type="button"
            className={iconButton}
            onClick={() => void refresh()}
            disabled={isRefreshing}
            aria-label={t("explorer.actions.refresh")}
            title={t("explorer.actions.refresh")}
            data-testid="refresh-button"
          >
            <ArrowPathIcon className={cx("size-5", isRefreshing && "animate-spin")} />
          </button>
          <BasketButton onClick={() => setPanel("basket")} />
          <TaskButton onClick={showTasks} />
        </div>
      </div>

      <section
        className={cx(
          "relative mt-4 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 dark:bg-slate-900",
          isDragging ? "ring-2 ring-indigo-500" : "ring-slate-200 dark:ring-slate-800",
        )}
        aria-label={t("explorer.listLabel")}
        aria-busy={list.isPending}
        onDragOver={(event) => {
          if (!canWrite || !event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
        }}
        onDrop={canWrite ? onDrop : undefined}
        data-testid="explorer-listing"
      >
        {list.isPending ? (
          <div className="divide-y divide-slate-100 dark:divide-slate-800" aria-hidden="true">
            {[0, 1, 2, 3].map((index) => (
              <div key={index} className="flex items-center gap-3 px-4 py-3">
                <div className="size-8 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
                <div className="h-4 w-1/3 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
              </div>
            ))}
          </div>
        ) : list.isError ? (
          <div className="flex flex-col items-start gap-3 p-4">
            <FormAlert title={t("explorer.loadError")}>{errorMessage(list.error)}</FormAlert>
            <div className="flex gap-2">
              <Button size="sm" icon={ArrowPathIcon} onClick={() => void list.retry()} isLoading={list.isRetrying}>
                {t("common.retry")}
              </Button>
              {path !== "/" ? (
                <Button size="sm" icon={FolderIcon} onClick={() => navigate(explorerHref(parentOf(path)))}>
                  {t("explorer.up")}
                </Button>
              ) : null}
            </div>
          </div>
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-14 text-center" data-testid="explorer-empty">
            <FolderIcon className="size-10 text-slate-300 dark:text-slate-600" />
            <h2 className="mt-3 text-base font-semibold text-slate-900 dark:text-white">
              {folder?.is_virtual && path === "/" ? t("explorer.empty.noMountsTitle") : t("explorer.empty.title")}
            </h2>
            <p className="mt-1 max-w-sm text-sm text-slate-600 dark:text-slate-400">
              {folder?.is_virtual && path === "/"
                ? t("explorer.empty.noMountsDescription")
                : canWrite
                  ? t("explorer.empty.dropHint")
                  : t("explorer.empty.description")}
            </p>
          </div>
        ) : (
          <EntryList
            entries={entries}
            folder={path}
            view={view}
            sort={sort}
            onSort={(key) => setSort((current) => nextSort(current, key))}
            selected={selected}
            selection={selectionState(selected, paths)}
            onToggle={(entryPath) => setSelected((current) => toggleSelected(current, entryPath))}
            onToggleAll={() => setSelected((current) => toggleAll(current, paths))}
            selectable
            actionsFor={actionsFor}
          />
        )}
        {list.hasMore && !list.isError ? <LoadMore isLoading={list.isLoadingMore} onLoad={list.loadMore} /> : null}
        {isDragging ? (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center bg-indigo-50/80 text-sm font-semibold text-indigo-700 dark:bg-indigo-950/70 dark:text-indigo-200">
            <CloudArrowUpIcon className="mr-2 size-5" />
            {t("explorer.upload.dropHere")}
          </div>
        ) : null}
      </section>
      {folder ? (
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400" data-testid="explorer-summary">
          {t(list.hasMore ? "explorer.summaryLoaded" : "explorer.summary", { count: entries.length })}
          {folder.cached ? ` · ${t("explorer.cached")}` : ""}
          {readOnly ? ` · ${t("mountAccess.readOnly")}` : ""}
        </p>
      ) : null}

      <NameDialog
        open={dialog?.kind === "mkdir" || dialog?.kind === "rename"}
        mode={dialog?.kind === "rename" ? "rename" : "mkdir"}
        initialName={dialog?.kind === "rename" ? dialog.entry.name : ""}
        warning={
          dialog?.kind === "rename" && sharesAmong([dialog.entry.path]) > 0 ? t("explorer.shares.renameWarning") : null
        }
        onClose={() => setDialog(null)}
        onSubmit={async (name) => {
          if (dialog?.kind === "rename") {
            await rename.mutateAsync({
              oldPath: dialog.entry.path,
              newPath: joinPath(parentOf(dialog.entry.path), name),
            });
            toast.success(t("explorer.rename.done", { name }));
          } else {
            await mkdir.mutateAsync({ path: joinPath(path, name) });
            toast.success(t("explorer.mkdir.done", { name }));
          }
          invalidate();
        }}
      />
      <DeleteEntriesDialog
        open={dialog?.kind === "delete"}
        names={dialog?.kind === "delete" ? dialog.paths.map(nameOf) : []}
        warning={
          dialog?.kind === "delete" && sharesAmong(dialog.paths) > 0
            ? t("explorer.shares.deleteWarning", { count: sharesAmong(dialog.paths) })
            : null
        }
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          if (dialog?.kind !== "delete") return;
          const items = dialog.paths.map((sourcePath) => ({ sourcePath }));
          announceTask(startServerTask(taskDeps(), { type: "delete", items }), t, showTasks);
          setSelected(new Set());
        }}
      />
      <PreviewPanel
        path={preview}
        onClose={() => navigate(explorerHref(path))}
        actions={{
          canEdit: (entry) => canWrite && canEditText(entry),
          onDownload: (entry) => void download(entry),
          onCopyLink: (entry) => void copyLink(entry),
          onEdit: (entry) => setEditing(entry),
          onAddToBasket: (entry) => addToBasket([entry], t),
        }}
      />
      <ShareDialog entry={dialog?.kind === "share" ? dialog.entry : null} onClose={() => setDialog(null)} />
      <TextEditorDialog entry={editing} onClose={() => setEditing(null)} onSaved={invalidate} />
      <CopyDialog
        sources={dialog?.kind === "copy" || dialog?.kind === "move" ? dialog.entries : null}
        mode={dialog?.kind === "move" ? "move" : "copy"}
        startFolder={path}
        onClose={() => setDialog(null)}
        onCopy={(target, skipExisting) =>
          (dialog?.kind === "copy" || dialog?.kind === "move") &&
          startCopy(dialog.kind, dialog.entries, target, skipExisting)
        }
      />
      <TaskPanel open={panel === "tasks"} onClose={() => setPanel(null)} />
      <BasketPanel
        open={panel === "basket"}
        onClose={() => setPanel(null)}
        onStarted={(started) => {
          announceTask(started, t, showTasks);
          showTasks();
        }}
      />
    </div>
  );
}

/** The input behind an upload button: files (or a whole folder) picked, then handed on; reset for the next pick. */
function HiddenFileInput({
  inputRef,
  isFolder = false,
  testId,
  onPick,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  isFolder?: boolean;
  testId: string;
  onPick: (picked: PickedSet) => void;
}) {
  return (
    <input
      ref={(element) => {
        inputRef.current = element;
        // React does not know the non-standard attribute; the DOM property turns folder picking on.
        if (element && isFolder) element.webkitdirectory = true;
      }}
      type="file"
      multiple
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={(event) => {
        onPick(pickedFromInput(Array.from(event.target.files ?? [])));
        event.target.value = "";
      }}
    />
  );
}
