// System settings (docs/product.md §3 Admin settings, §5 "Max upload size must be above 0"): the max upload
// size typed with a unit (KB, MB, GB; converted to the MB the server keeps) with the limit in force
// and the one a save would set, the WebDAV upload mode with a line on each, the creation limits
// for API keys (per key and per address, per minute), and the live clipboard's item size (MB) and
// joins per address per minute (docs/clipboard.md). Checked by the shared schema before sending; the
// server's translated verdict lands at the field it names.
import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import { megabytesToBytes } from "@shared/constants";
import { formatBytes } from "@shared/format-bytes";
import {
  publicSettingsOf,
  type SystemSettings,
  systemSettingsSchema,
  WEBDAV_UPLOAD_MODES,
  type WebdavUploadMode,
} from "@shared/schemas/admin/settings";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { LoadError } from "../../../components/feedback/request-status";
import { toast } from "../../../components/feedback/toast-store";
import { ChoiceCards, FieldGroup } from "../../../components/forms/choice-cards";
import { FormAlert, FormField, TextField } from "../../../components/forms/form-controls";
import { SelectInput } from "../../../components/forms/select-input";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { useFocusFirstInvalid } from "../../../components/forms/use-focus-invalid";
import { currentLanguage } from "../../../i18n";
import { fieldIssuesOf } from "../../../lib/api/api-errors";
import { trpc } from "../../../lib/api/trpc";
import {
  type FieldErrors,
  type FieldMessage,
  fieldErrorsFromServer,
  messageOfIssue,
  renderFieldMessage,
} from "../../../lib/form-messages";
import { htmlLangFor } from "../../../lib/preferences/language";
import { SettingsSection } from "./settings-section";
import { fromMegabytes, parseSizeInput, SIZE_UNITS, type SizeInput } from "./upload-size";

/** Whole-number settings: counts per minute (0: no limit) and default expiries in days (0: never). */
type LimitField = "limitPerKey" | "limitPerAddress" | "clipboardJoins" | "pasteExpiryDays" | "fileExpiryDays";
type Field = "maxUploadSize" | "webdavMode" | LimitField | "clipboardItemSize" | "form";

const FIELD_OF_PATH: Record<string, Field> = {
  max_upload_size: "maxUploadSize",
  webdav_upload_mode: "webdavMode",
  creation_limit_per_key: "limitPerKey",
  creation_limit_per_address: "limitPerAddress",
  clipboard_item_max_size: "clipboardItemSize",
  clipboard_joins_per_minute: "clipboardJoins",
  default_paste_expiry: "pasteExpiryDays",
  default_file_expiry: "fileExpiryDays",
};

const LIMIT_SETTING = {
  limitPerKey: "creation_limit_per_key",
  limitPerAddress: "creation_limit_per_address",
  clipboardJoins: "clipboard_joins_per_minute",
  pasteExpiryDays: "default_paste_expiry",
  fileExpiryDays: "default_file_expiry",
} as const satisfies Record<LimitField, keyof SystemSettings>;
const LIMIT_FIELDS = Object.keys(LIMIT_SETTING) as LimitField[];
const CREATION_LIMIT_FIELDS: LimitField[] = ["limitPerKey", "limitPerAddress"];
const DEFAULT_EXPIRY_FIELDS: LimitField[] = ["pasteExpiryDays", "fileExpiryDays"];

/** A limit as typed: digits only, then the shared schema's rule for its setting, with its message. */
function parseLimit(field: LimitField, text: string): { ok: true; value: number } | { ok: false; error: FieldMessage } {
  const trimmed = text.trim();
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const parsed = systemSettingsSchema.shape[LIMIT_SETTING[field]].safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const [issue] = parsed.error.issues;
  return { ok: false, error: issue ? messageOfIssue(issue) : { key: "forms.invalidValue" } };
}

export function SystemSettingsForm() {
  const { t } = useTranslation();
  const settings = trpc.settings.get.useQuery(undefined, { staleTime: 0 });
  return (
    <SettingsSection icon={ArrowUpTrayIcon} ns="systemSettings" testId="system-settings">
      {settings.isPending ? (
        <div role="status" className="flex flex-col gap-4 p-5 sm:p-6">
          <span className="sr-only">{t("systemSettings.loading")}</span>
          <div
            aria-hidden="true"
            className="h-16 rounded-lg bg-slate-100 motion-safe:animate-pulse dark:bg-slate-800"
          />
          <div
            aria-hidden="true"
            className="h-40 rounded-lg bg-slate-100 motion-safe:animate-pulse dark:bg-slate-800"
          />
        </div>
      ) : settings.isError ? (
        <LoadError className="p-5 sm:p-6" title={t("systemSettings.loadError")} query={settings} />
      ) : (
        <SettingsFields saved={settings.data} />
      )}
    </SettingsSection>
  );
}

function SettingsFields({ saved }: { saved: SystemSettings }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const utils = trpc.useUtils();
  const update = trpc.settings.update.useMutation();
  const errorMessage = useErrorMessage();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const sizeId = `size-${useId()}`;
  const [size, setSize] = useState<SizeInput>(() => fromMegabytes(saved.max_upload_size));
  const [mode, setMode] = useState<WebdavUploadMode>(saved.webdav_upload_mode);
  const [limits, setLimits] = useState<Record<LimitField, string>>(() => limitTexts(saved));
  const [clipboardItemSize, setClipboardItemSize] = useState(() => String(saved.clipboard_item_max_size));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const parsed = parseSizeInput(size);
  const sizeError = renderFieldMessage(t, errors.maxUploadSize);
  const savedBytes = megabytesToBytes(saved.max_upload_size);
  const bytesText = (bytes: number) => new Intl.NumberFormat(htmlLangFor(language)).format(bytes);
  const parsedLimits = Object.fromEntries(
    LIMIT_FIELDS.map((field) => [field, parseLimit(field, limits[field])]),
  ) as Record<LimitField, ReturnType<typeof parseLimit>>;
  const parsedClipboardItem = parseSizeInput({ value: clipboardItemSize, unit: "MB" }, "clipboard_item_max_size");
  const isChanged =
    (parsed.ok && parsed.bytes !== savedBytes) ||
    mode !== saved.webdav_upload_mode ||
    (parsedClipboardItem.ok && parsedClipboardItem.megabytes !== saved.clipboard_item_max_size) ||
    LIMIT_FIELDS.some((field) => {
      const limit = parsedLimits[field];
      return limit.ok && limit.value !== saved[LIMIT_SETTING[field]];
    });

  const clearError = (field: Field) =>
    setErrors((current) =>
      current[field] || current.form ? { ...current, [field]: undefined, form: undefined } : current,
    );
  const changeLimit = (field: LimitField, text: string) => {
    setLimits((current) => ({ ...current, [field]: text }));
    clearError(field);
  };
  const limitInput = (field: LimitField, hintId: string) => (
    <TextField
      key={field}
      id={`${sizeId}-${field}`}
      label={t(`systemSettings.${field}`)}
      value={limits[field]}
      onValueChange={(text) => changeLimit(field, text)}
      error={renderFieldMessage(t, errors[field])}
      describedBy={[hintId]}
      inputMode="numeric"
      autoComplete="off"
      className="tabular-nums"
      data-testid={`limit-${field}`}
    />
  );
  const clipboardItemId = `${sizeId}-clipboard-item`;

  const changeSize = (change: Partial<SizeInput>) => {
    setSize((current) => ({ ...current, ...change }));
    setErrors((current) =>
      current.maxUploadSize || current.form ? { ...current, maxUploadSize: undefined, form: undefined } : current,
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const found: FieldErrors<Field> = {};
    if (!parsed.ok) found.maxUploadSize = parsed.error;
    if (!parsedClipboardItem.ok) found.clipboardItemSize = parsedClipboardItem.error;
    for (const field of LIMIT_FIELDS) {
      const limit = parsedLimits[field];
      if (!limit.ok) found[field] = limit.error;
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstInvalid();
      toast.error(t("systemSettings.fixFields"), { id: "system-settings-invalid" });
      return;
    }
    if (!isChanged) {
      toast.info(t("systemSettings.unchanged"), { id: "system-settings-unchanged" });
      return;
    }
    setErrors({});
    const limitValues = Object.fromEntries(
      LIMIT_FIELDS.flatMap((field) => {
        const limit = parsedLimits[field];
        return limit.ok ? [[LIMIT_SETTING[field], limit.value]] : [];
      }),
    ) as Pick<SystemSettings, (typeof LIMIT_SETTING)[LimitField]>;
    if (!parsed.ok || !parsedClipboardItem.ok) return;
    update.mutate(
      {
        max_upload_size: parsed.megabytes,
        webdav_upload_mode: mode,
        ...limitValues,
        clipboard_item_max_size: parsedClipboardItem.megabytes,
      },
      {
        onSuccess: (next) => {
          utils.settings.get.setData(undefined, next);
          // The upload and home screens read the limit and default expiries through their own (cached)
          // query: they must show the new ones at once, not the old ones until a refetch lands.
          utils.settings.maxUploadSize.setData(undefined, publicSettingsOf(next));
          setSize(fromMegabytes(next.max_upload_size));
          setMode(next.webdav_upload_mode);
          setLimits(limitTexts(next));
          setClipboardItemSize(String(next.clipboard_item_max_size));
          toast.success(t("systemSettings.saved"), { id: "system-settings-saved" });
        },
        onError: (error) => {
          const message = errorMessage(error);
          const found = fieldErrorsFromServer<Field>(fieldIssuesOf(error), (path) => FIELD_OF_PATH[path] ?? null);
          if (Object.keys(found).length === 0) found.form = { text: message };
          setErrors(found);
          focusFirstInvalid();
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-6 p-5 sm:p-6">
      <FormField
        id={sizeId}
        label={t("systemSettings.maxUploadSize")}
        hint={t("systemSettings.maxUploadSizeHint")}
        error={sizeError}
        describedBy={[`${sizeId}-effective`]}
        controlClassName="flex max-w-sm gap-2"
        below={
          <div id={`${sizeId}-effective`} className="mt-2 flex flex-col gap-0.5 text-sm" aria-live="polite">
            <p className="text-slate-700 dark:text-slate-300" data-testid="max-upload-in-force">
              {t("systemSettings.inForce", { size: formatBytes(savedBytes, language), bytes: bytesText(savedBytes) })}
            </p>
            {parsed.ok && parsed.bytes !== savedBytes ? (
              <p className="font-medium text-indigo-700 dark:text-indigo-300" data-testid="max-upload-after-save">
                {t("systemSettings.afterSave", {
                  size: formatBytes(parsed.bytes, language),
                  bytes: bytesText(parsed.bytes),
                })}
              </p>
            ) : null}
          </div>
        }
      >
        {(control) => (
          <>
            {/* Wrappers size the pair: the input classes make each control fill its box. */}
            <div className="min-w-0 flex-1">
              <input
                {...control}
                className={cx(control.className, "tabular-nums")}
                value={size.value}
                onChange={(event) => changeSize({ value: event.target.value })}
                inputMode="decimal"
                autoComplete="off"
                data-testid="max-upload-size"
              />
            </div>
            <div className="w-24 shrink-0">
              <SelectInput
                options={SIZE_UNITS}
                value={size.unit}
                onValueChange={(unit) => changeSize({ unit })}
                aria-label={t("systemSettings.unit")}
                data-testid="max-upload-unit"
              />
            </div>
          </>
        )}
      </FormField>

      <FieldGroup
        id={`${sizeId}-mode`}
        legend={t("systemSettings.webdavMode")}
        hint={t("systemSettings.webdavModeHint")}
        error={renderFieldMessage(t, errors.webdavMode)}
      >
        <ChoiceCards
          name="webdav-upload-mode"
          choices={WEBDAV_UPLOAD_MODES}
          value={mode}
          onChange={(choice) => {
            setMode(choice);
            clearError("webdavMode");
          }}
          className="mt-3 grid gap-2 sm:grid-cols-2"
          cardClassName="flex gap-3 rounded-xl p-3.5"
          showsRadio
        >
          {(choice) => (
            <span className="min-w-0">
              <span className="block font-medium text-slate-900 dark:text-white">
                {t(`systemSettings.modes.${choice}.name`)}
                <span className="ml-1.5 font-mono text-xs font-normal text-slate-600 dark:text-slate-400">
                  {choice}
                </span>
              </span>
              <span className="mt-0.5 block text-slate-600 dark:text-slate-400">
                {t(`systemSettings.modes.${choice}.description`)}
              </span>
            </span>
          )}
        </ChoiceCards>
      </FieldGroup>

      <FieldGroup
        id={`${sizeId}-limits`}
        legend={t("systemSettings.creationLimits")}
        hint={t("systemSettings.creationLimitsHint")}
      >
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {CREATION_LIMIT_FIELDS.map((field) => limitInput(field, `${sizeId}-limits-hint`))}
        </div>
      </FieldGroup>

      <FieldGroup
        id={`${sizeId}-clipboard`}
        legend={t("systemSettings.clipboard")}
        hint={t("systemSettings.clipboardHint")}
      >
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField
            id={clipboardItemId}
            label={t("systemSettings.clipboardItemSize")}
            value={clipboardItemSize}
            onValueChange={(text) => {
              setClipboardItemSize(text);
              clearError("clipboardItemSize");
            }}
            error={renderFieldMessage(t, errors.clipboardItemSize)}
            describedBy={[`${sizeId}-clipboard-hint`, `${clipboardItemId}-in-force`]}
            inputMode="decimal"
            autoComplete="off"
            className="tabular-nums"
            data-testid="clipboard-item-max-size"
            below={
              <p
                id={`${clipboardItemId}-in-force`}
                className="mt-2 text-sm text-slate-700 dark:text-slate-300"
                data-testid="clipboard-item-in-force"
              >
                {t("systemSettings.clipboardItemSizeInForce", {
                  size: formatBytes(megabytesToBytes(saved.clipboard_item_max_size), language),
                })}
              </p>
            }
          />
          {limitInput("clipboardJoins", `${sizeId}-clipboard-hint`)}
        </div>
      </FieldGroup>

      <FieldGroup
        id={`${sizeId}-expiry`}
        legend={t("systemSettings.defaultExpiry")}
        hint={t("systemSettings.defaultExpiryHint")}
      >
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {DEFAULT_EXPIRY_FIELDS.map((field) => limitInput(field, `${sizeId}-expiry-hint`))}
        </div>
      </FieldGroup>

      {errors.form ? <FormAlert>{renderFieldMessage(t, errors.form)}</FormAlert> : null}
      <div className="flex justify-end border-t border-slate-200 pt-5 dark:border-slate-800">
        <Button
          type="submit"
          variant="primary"
          isLoading={update.isPending}
          className="w-full sm:w-auto"
          data-testid="save-system-settings"
        >
          {t("systemSettings.save")}
        </Button>
      </div>
    </form>
  );
}

function limitTexts(settings: SystemSettings): Record<LimitField, string> {
  return Object.fromEntries(LIMIT_FIELDS.map((field) => [field, String(settings[LIMIT_SETTING[field]])])) as Record<
    LimitField,
    string
  >;
}
