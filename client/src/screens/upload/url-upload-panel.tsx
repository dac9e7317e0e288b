// Upload from a URL (docs/product.md §2, §4): the server first reads what the URL holds (name, size, type),
// the user can rename it, then the browser downloads it (itself, or through the server's proxy when
// the site does not allow it) and uploads it like a local file.
import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import GlobeAltIcon from "@heroicons/react/24/outline/GlobeAltIcon";
import { formatBytes } from "@shared/format-bytes";
import type { inferRouterOutputs } from "@trpc/server";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AppRouter } from "../../../../server/routers";
import { Button } from "../../components/button";
import { cardSurface, cx } from "../../components/class-names";
import { FileTypeIcon } from "../../components/file-icons";
import { FormAlert, TextField } from "../../components/forms/form-controls";
import { BadgedHeading } from "../../components/icon-badge";
import { currentLanguage } from "../../i18n";
import { trpc } from "../../lib/api/trpc";
import { fileKindOf } from "../../lib/shares/file-kind";
import { UploadFailure, uploadErrorMessage } from "../../lib/upload/upload-errors";

export type UrlInfo = inferRouterOutputs<AppRouter>["url"]["info"];

export type UrlUploadPanelProps = {
  maxBytes: number;
  maxSizeLabel: string;
  onUpload: (info: UrlInfo, filename: string) => boolean;
};

function looksLikeUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export function UrlUploadPanel({ maxBytes, maxSizeLabel, onUpload }: UrlUploadPanelProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [info, setInfo] = useState<UrlInfo | null>(null);
  const [filename, setFilename] = useState("");
  const [infoError, setInfoError] = useState<unknown>(null);
  const check = trpc.url.info.useMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInfoError(null);
    if (!looksLikeUrl(url)) {
      setUrlError(t("errors.urlInvalid"));
      return;
    }
    check.mutate(
      { url: url.trim() },
      {
        onSuccess: (answer) => {
          setInfo(answer);
          setFilename(answer.filename);
        },
        onError: (error) => {
          setInfo(null);
          setInfoError(new UploadFailure("urlInfo", error));
        },
      },
    );
  };

  const reset = () => {
    setInfo(null);
    setFilename("");
    setUrl("");
    check.reset();
  };

  const isTooLarge = info?.size !== null && info?.size !== undefined && info.size > maxBytes;

  return (
    <div className={cx(cardSurface, "p-4 sm:p-6")} data-testid="url-panel">
      <BadgedHeading icon={GlobeAltIcon} title={t("files.url.title")} description={t("files.url.description")} />

      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          className="min-w-0 flex-1"
          label={t("files.url.label")}
          value={url}
          onValueChange={(value) => {
            setUrl(value);
            setUrlError(null);
            if (info) setInfo(null);
          }}
          error={urlError}
          hint={urlError ? undefined : maxSizeLabel}
          placeholder="https://example.com/file.zip"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          name="source-url"
          data-testid="url-input"
        />
        <Button
          type="submit"
          variant="secondary"
          isLoading={check.isPending}
          className="sm:mt-7"
          data-testid="url-check"
        >
          {check.isPending ? t("files.url.checking") : t("files.url.check")}
        </Button>
      </form>

      {infoError ? (
        <div className="mt-4">
          <FormAlert>{uploadErrorMessage(infoError, t, language)}</FormAlert>
        </div>
      ) : null}

      {info ? (
        <div
          className="mt-5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 dark:bg-slate-950/50 dark:ring-slate-800"
          data-testid="url-info"
        >
          <div className="flex items-start gap-3">
            <FileTypeIcon mimetype={info.contentType} filename={filename || info.filename} />
            <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
              <div className="col-span-2 min-w-0 sm:col-span-1">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{t("files.url.size")}</dt>
                <dd className="font-medium text-slate-900 tabular-nums dark:text-white">
                  {info.size === null ? t("files.url.unknownSize") : formatBytes(info.size, language)}
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{t("files.url.type")}</dt>
                <dd className="truncate font-medium text-slate-900 dark:text-white" title={info.contentType}>
                  {t(`files.kinds.${fileKindOf(info.contentType, filename || info.filename)}`)}
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{t("files.url.range")}</dt>
                <dd className="font-medium text-slate-900 dark:text-white">
                  {info.supports_range ? t("files.url.rangeYes") : t("files.url.rangeNo")}
                </dd>
              </div>
            </dl>
          </div>
          <TextField
            className="mt-4"
            label={t("files.url.filename")}
            value={filename}
            onValueChange={setFilename}
            error={filename.trim() === "" ? t("errors.filenameRequired") : null}
            autoComplete="off"
            spellCheck={false}
            name="url-filename"
            data-testid="url-filename"
          />
          {isTooLarge ? (
            <p className="mt-3 flex items-start gap-2 text-sm text-red-700 dark:text-red-400" role="alert">
              <ExclamationTriangleIcon className="mt-0.5 size-4 shrink-0" />
              {t("files.errors.tooLarge", {
                size: formatBytes(info.size ?? 0, language),
                max: formatBytes(maxBytes, language),
              })}
            </p>
          ) : null}
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={reset}>
              {t("common.cancel")}
            </Button>
            <Button
              variant="primary"
              icon={ArrowUpTrayIcon}
              disabled={isTooLarge || filename.trim() === ""}
              onClick={() => {
                if (onUpload(info, filename.trim())) reset();
              }}
              data-testid="url-upload"
            >
              {t("files.url.upload")}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
