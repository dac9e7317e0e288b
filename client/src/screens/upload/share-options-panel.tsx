// The share options beside the upload (docs/product.md §2, §5): the storage (with its free space), a custom
// link suffix checked as typed with the shared schema, password, expiry, max views, remark and a
// folder; then the button that starts the waiting uploads.
import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import { formatBytes } from "@shared/format-bytes";
import type { inferRouterOutputs } from "@trpc/server";
import type { TFunction } from "i18next";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AppRouter } from "../../../../server/routers";
import { Button } from "../../components/button";
import { cardSurface, cx } from "../../components/class-names";
import { FieldError, FieldHint, inputClasses, TextField } from "../../components/forms/form-controls";
import { ShareOptionsFields } from "../../components/forms/share-options-fields";
import { SwitchField } from "../../components/forms/switch-field";
import { UsageBar } from "../../components/usage-bar";
import { currentLanguage } from "../../i18n";
import { type FieldErrors, renderFieldMessage } from "../../lib/form-messages";
import type { ShareField, ShareOptionsState } from "../../lib/shares/forms/share-options";
import { storageDisplayName } from "../../lib/storage-name";

export type StorageConfig = inferRouterOutputs<AppRouter>["storage"]["list"][number];

export type ShareOptionsPanelProps = {
  state: ShareOptionsState;
  onChange: (change: Partial<ShareOptionsState>) => void;
  errors: FieldErrors<ShareField>;
  storages: readonly StorageConfig[] | undefined;
  storagesError: string | null;
  /** Waiting uploads the button would start (0 hides it). */
  startCount: number;
  onStart: () => void;
};

export function storageSpaceLabel(t: TFunction, storage: StorageConfig): string {
  const language = currentLanguage();
  if (storage.total_storage_bytes === null) {
    return t("files.options.storageUnlimited", { used: formatBytes(storage.used_storage_bytes, language) });
  }
  const free = Math.max(0, storage.total_storage_bytes - storage.used_storage_bytes);
  return t("files.options.storageFree", {
    free: formatBytes(free, language),
    total: formatBytes(storage.total_storage_bytes, language),
  });
}

export function ShareOptionsPanel({
  state,
  onChange,
  errors,
  storages,
  storagesError,
  startCount,
  onStart,
}: ShareOptionsPanelProps) {
  const { t } = useTranslation();
  const storageId = useId();
  const selectedId = state.storageId ?? storages?.find((storage) => storage.is_default)?.id ?? storages?.[0]?.id ?? "";
  const selected = storages?.find((storage) => storage.id === selectedId);

  return (
    <section
      aria-labelledby="upload-options-title"
      className={cx(cardSurface, "p-4 sm:p-5")}
      data-testid="share-options"
    >
      <h2 id="upload-options-title" className="text-base font-semibold text-slate-900 dark:text-white">
        {t("files.options.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t("files.options.description")}</p>

      <div className="mt-5 flex flex-col gap-5">
        <div>
          <label htmlFor={storageId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t("files.options.storage")}
          </label>
          <select
            id={storageId}
            value={selectedId}
            onChange={(event) => onChange({ storageId: event.target.value || null })}
            disabled={!storages || storages.length === 0}
            aria-describedby={`${storageId}-hint`}
            className={cx(inputClasses(Boolean(storagesError)), "mt-1.5")}
            data-testid="storage-select"
          >
            {!storages ? (
              <option value="">
                {storagesError ? t("files.options.storageUnavailable") : t("files.options.storageLoading")}
              </option>
            ) : null}
            {storages?.map((storage) => (
              <option key={storage.id} value={storage.id}>
                {storage.is_default
                  ? t("files.options.storageDefault", { name: storageDisplayName(storage.name, t) })
                  : storageDisplayName(storage.name, t)}
              </option>
            ))}
          </select>
          {storagesError ? (
            <FieldError id={`${storageId}-hint`}>{storagesError}</FieldError>
          ) : (
            <FieldHint id={`${storageId}-hint`}>
              {selected ? storageSpaceLabel(t, selected) : t("files.options.storageHint")}
            </FieldHint>
          )}
          {selected && selected.total_storage_bytes !== null ? (
            <UsageBar used={selected.used_storage_bytes} total={selected.total_storage_bytes} />
          ) : null}
        </div>

        <ShareOptionsFields kind="files" values={state} onChange={onChange} errors={errors} />

        <SwitchField
          label={t("files.options.encrypt")}
          description={t("files.options.encryptHint")}
          checked={state.encrypt}
          onCheckedChange={(encrypt) => onChange({ encrypt })}
        />

        <TextField
          label={t("files.options.path")}
          value={state.path}
          onValueChange={(path) => onChange({ path })}
          hint={t("files.options.pathHint")}
          placeholder="/"
          error={renderFieldMessage(t, errors.path)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          name="path"
        />
      </div>

      {startCount > 0 ? (
        <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
          <Button
            variant="primary"
            icon={ArrowUpTrayIcon}
            className="w-full"
            onClick={onStart}
            data-testid="start-uploads-side"
          >
            {t("files.queue.start", { count: startCount })}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
