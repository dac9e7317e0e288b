// Upload (docs/product.md §2): files from the device (drop, picker, paste) or from a URL, with share options,
// each upload listed with its progress, cancel and retry, and its link, copy and QR code when done;
// the three most recent uploads of this browser beside. Uploading needs the admin or a key with file
// permission; everyone else is asked to log in.

import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import GlobeAltIcon from "@heroicons/react/24/outline/GlobeAltIcon";
import { formatBytes } from "@shared/format-bytes";
import { type ComponentType, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/feedback/toast-store";
import type { IconProps } from "../../components/icons";
import { PageHeader } from "../../components/layout/page-header";
import { Tabs } from "../../components/tabs";
import { currentLanguage } from "../../i18n";
import { errorMessageOf } from "../../lib/api/api-errors";
import { requestHeaders, trpc } from "../../lib/api/trpc";
import { hasPermission } from "../../lib/auth/access";
import { useAuth } from "../../lib/auth/use-auth";
import type { FieldErrors } from "../../lib/form-messages";
import { useDefaultExpiry } from "../../lib/shares/forms/share-defaults";
import {
  buildUploadTarget,
  INITIAL_SHARE_OPTIONS,
  type ShareField,
  type ShareOptionsState,
  validateShareOptions,
} from "../../lib/shares/forms/share-options";
import { isOwnersUpload } from "../../lib/upload/engine/resume-store";
import type { FilesClient } from "../../lib/upload/engine/upload-api";
import { recentUploads } from "../../lib/upload/queue/recent-uploads";
import { loadUploadEngine, type ScreenJob, uploadQueue } from "../../lib/upload/queue/upload-session";
import { uploadSets } from "../../lib/upload/queue/upload-sets";
import { checkLimits } from "../../lib/upload/upload-limits";
import { useMaxUploadBytes } from "../../lib/upload/use-max-upload-bytes";
import { DropZone } from "./drop-zone";
import { lazyPart } from "./lazy-part";
import { RecentUploadsPanel } from "./recent-uploads-panel";
import { ResumeNoticePart } from "./resume-notice-part";
import { ShareOptionsPanel } from "./share-options-panel";
import type { UrlInfo } from "./url-upload-panel";

// The list loads once something is added, the URL form when its tab is chosen (lazy-part.tsx).
const UploadList = lazyPart(() => import("./upload-list").then((module) => module.UploadList));
// Only visitors who may not upload see it; the signed-in first load does not download it.
const UploadLoginPrompt = lazyPart(() => import("./upload-login-prompt").then((module) => module.UploadLoginPrompt));
const UrlUploadPanel = lazyPart(() => import("./url-upload-panel").then((module) => module.UrlUploadPanel));

const TABS: { id: "file" | "url"; icon: ComponentType<IconProps> }[] = [
  { id: "file", icon: ArrowUpTrayIcon },
  { id: "url", icon: GlobeAltIcon },
];

export default function UploadScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const auth = useAuth();
  const canUpload = hasPermission(auth, "file");
  const utils = trpc.useUtils();
  const items = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.getItems, uploadQueue.getItems);
  const sets = useSyncExternalStore(uploadSets.subscribe, uploadSets.getSets, uploadSets.getSets);
  const [isMakingSet, setIsMakingSet] = useState(false);
  const maxBytes = useMaxUploadBytes();
  const defaultExpiry = useDefaultExpiry("files");
  const maxSizeLabel = t("files.limits.maxSize", { max: formatBytes(maxBytes, language) });
  const storages = trpc.storage.list.useQuery(undefined, { enabled: canUpload, staleTime: 30_000 });
  const cancelUpload = trpc.files.upload.cancel.useMutation();
  const [options, setOptions] = useState<ShareOptionsState>(INITIAL_SHARE_OPTIONS);
  const [errors, setErrors] = useState<FieldErrors<ShareField>>({});
  const optionsRef = useRef<HTMLDivElement>(null);

  const busyFiles = useMemo(
    () =>
      items.flatMap((item) =>
        item.source.kind === "file" && (item.status === "uploading" || item.isQueued)
          ? [{ name: item.source.file.name, size: item.source.file.size, lastModified: item.source.file.lastModified }]
          : [],
      ),
    [items],
  );
  const idleCount = items.filter((item) => item.status === "pending" && !item.isQueued).length;
  const uploadedCount = items.filter((item) => item.status === "success").length;

  // Each finished upload takes space: the storage's "used" figure is read again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count is the trigger
  useEffect(() => {
    if (uploadedCount > 0) void utils.storage.list.invalidate();
  }, [uploadedCount]);

  const changeOptions = (change: Partial<ShareOptionsState>) => {
    setOptions((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key as ShareField];
      return next;
    });
  };

  /** The job for `count` uploads with the current options, or null (and the fields say why). */
  const makeJob = (count: number): ScreenJob | null => {
    const found = validateShareOptions(options, count);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(t("files.options.fixFields"), { id: "upload-options-invalid" });
      requestAnimationFrame(() => optionsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return null;
    }
    const target = buildUploadTarget(options, defaultExpiry);
    const list = storages.data ?? [];
    const storage =
      list.find((item) => item.id === target.s3_config_id) ?? list.find((item) => item.is_default) ?? list[0] ?? null;
    // A custom suffix belongs to one upload; the next one gets a generated link unless a new one is typed.
    if (target.slug) setOptions((current) => ({ ...current, slug: "" }));
    return {
      target: { ...target, s3_config_id: target.s3_config_id ?? storage?.id ?? null },
      encryption: options.encrypt ? { password: options.password || null } : undefined,
      env: {
        client: utils.client satisfies FilesClient,
        headers: requestHeaders,
        maxBytes,
        storage,
        pageOrigin: window.location.origin,
      },
    };
  };

  const start = (ids?: string[]) => {
    const count = ids ? ids.length : idleCount;
    if (count === 0) return;
    const job = makeJob(count);
    if (job) uploadQueue.start(job, ids);
  };

  const retry = (id: string) => {
    const job = makeJob(1);
    if (job) uploadQueue.retry(id, job);
  };

  /** The upload engine comes with the first file or URL added (upload-session.ts); it is then cached. */
  const prepareUpload = () => void loadUploadEngine().catch(() => undefined);

  const addFiles = (files: File[], origin: "drop" | "picker" | "paste") => {
    const accepted = files.filter((file) => {
      try {
        checkLimits(file.size, { maxBytes, storage: null });
        return true;
      } catch (error) {
        // The words for every upload failure load only when one is shown.
        void import("../../lib/upload/upload-errors").then(
          ({ uploadErrorMessage }) => toast.error(uploadErrorMessage(error, t, language), { description: file.name }),
          () => toast.error(maxSizeLabel, { description: file.name }),
        );
        return false;
      }
    });
    if (accepted.length === 0) return;
    uploadQueue.add(accepted.map((file) => ({ kind: "file", file })));
    prepareUpload();
    if (origin === "paste")
      toast.success(t("files.dropZone.pasted", { count: accepted.length }), { id: "upload-pasted" });
  };

  const addUrl = (info: UrlInfo, filename: string): boolean => {
    const job = makeJob(1);
    if (!job) return false;
    const [item] = uploadQueue.add([
      { kind: "url", url: info.url, filename, size: info.size, contentType: info.contentType },
    ]);
    if (item) uploadQueue.start(job, [item.id]);
    prepareUpload();
    return true;
  };

  /** Sends finished uploads out as one set (docs/share-sets.md) with the options of the panel. */
  const makeSet = async (fileIds: string[]) => {
    const found = validateShareOptions(options, 1);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(t("files.options.fixFields"), { id: "upload-options-invalid" });
      return;
    }
    const target = buildUploadTarget(options, defaultExpiry);
    setIsMakingSet(true);
    try {
      const set = await utils.client.shareSets.create.mutate({
        file_ids: fileIds,
        password: target.password,
        expires_in: target.expires_in,
        max_views: target.max_views,
        remark: target.remark,
      });
      uploadSets.add({ ...set, fileIds });
      recentUploads.replaceWithSet(
        uploadQueue
          .getItems()
          .flatMap((item) => (item.result && fileIds.includes(item.result.id) ? [item.result.slug] : [])),
        {
          slug: set.slug,
          url: set.url,
          filename: "",
          size: set.total_size,
          mimetype: "",
          has_password: Boolean(target.password),
          created_at: new Date().toISOString(),
          expires_at: set.expires_at ? set.expires_at.toISOString() : null,
          file_count: set.file_count,
        },
      );
      toast.success(t("files.oneLink.made", { count: set.file_count }), { id: "upload-set-made" });
    } catch (error) {
      toast.error(errorMessageOf(error, { network: t("common.networkError"), fallback: t("common.unknownError") }));
    } finally {
      setIsMakingSet(false);
    }
  };

  const storagesError = storages.isError
    ? errorMessageOf(storages.error, { network: t("common.networkError"), fallback: t("common.unknownError") })
    : null;

  return (
    <div>
      <PageHeader
        icon={ArrowUpTrayIcon}
        title={t("screens.upload.title")}
        description={t("screens.upload.description")}
      />
      {/* In the page's order on a phone: what to send, its share options, then the list with its Upload
          button. From lg the options stand beside both and the list follows the drop zone: its row is
          the flexible one, so the taller options column lengthens it rather than the drop zone's row. */}
      {/* One column below lg that never grows past the screen, whatever a file's name (grid-cols-1). */}
      <div className="mt-6 grid grid-cols-1 gap-6 sm:mt-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          {canUpload ? (
            <>
              <ResumeNoticePart
                shows={isOwnersUpload}
                busyFiles={busyFiles}
                discard={(record) => cancelUpload.mutateAsync({ file_id: record.file_id })}
              />
              <Tabs
                label={t("files.tabs.label")}
                listClassName="inline-flex rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset dark:bg-slate-800/60 dark:ring-slate-700/60"
                panelClassName="mt-4"
                items={TABS.map(({ id, icon: Icon }) => ({
                  id,
                  testId: `tab-${id}`,
                  className:
                    "inline-flex items-center gap-2 rounded-lg px-3.5 py-1.5 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 data-selected:bg-white data-selected:text-indigo-700 data-selected:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-selected:bg-slate-900 dark:data-selected:text-indigo-300",
                  tab: (
                    <>
                      <Icon className="size-4.5" />
                      {t(`files.tabs.${id}`)}
                    </>
                  ),
                  panel:
                    id === "file" ? (
                      <DropZone
                        onFiles={addFiles}
                        onTruncatedDrop={(count) => toast.error(t("files.droppedFolderTooBig", { count }))}
                        maxSizeLabel={maxSizeLabel}
                        isCompact={items.length > 0}
                      />
                    ) : (
                      <UrlUploadPanel maxBytes={maxBytes} maxSizeLabel={maxSizeLabel} onUpload={addUrl} />
                    ),
                }))}
              />
            </>
          ) : (
            <UploadLoginPrompt isSignedOut={auth.authType === "none"} />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {canUpload ? (
            <div ref={optionsRef}>
              <ShareOptionsPanel
                state={options}
                onChange={changeOptions}
                errors={errors}
                storages={storages.data}
                storagesError={storagesError}
                startCount={idleCount}
                onStart={() => start()}
              />
            </div>
          ) : null}
          <RecentUploadsPanel />
        </div>
        {items.length > 0 ? (
          <div className="min-w-0 lg:col-start-1 lg:row-start-2">
            <UploadList
              items={items}
              canStart={canUpload}
              onStart={start}
              onCancel={(id) => uploadQueue.cancel(id)}
              onRetry={retry}
              onRemove={(id) => uploadQueue.remove(id)}
              onClearFinished={() => uploadQueue.clearFinished()}
              sets={sets}
              isMakingSet={isMakingSet}
              onMakeSet={canUpload ? (fileIds) => void makeSet(fileIds) : undefined}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
