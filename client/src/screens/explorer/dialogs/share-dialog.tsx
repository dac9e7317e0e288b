// The explorer's "Share" dialog (docs/path-shares.md): a file or folder of a mount behind one link, with
// the options every share has (password, expiry, view limit, remark); then the link to copy or open.
import LinkIcon from "@heroicons/react/24/outline/LinkIcon";
import type { FsEntry } from "@shared/schemas/explorer/explorer";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { AppDialog, DialogFooter } from "../../../components/dialogs/dialog";
import { toast } from "../../../components/feedback/toast-store";
import { FormAlert, PasswordField, TextField } from "../../../components/forms/form-controls";
import { useErrorMessage } from "../../../components/forms/use-error-message";
import { useFieldForm } from "../../../components/forms/use-field-form";
import { copyText } from "../../../lib/copy-text";
import { explorerErrorMessage } from "../../../lib/explorer/fs-transfer";
import type { FieldErrors } from "../../../lib/form-messages";
import { useFsApi } from "../use-fs-api";

type ShareDialogProps = { entry: FsEntry | null; onClose: () => void };

type ShareValues = { password: string; hours: string; maxViews: string; remark: string };
/** The fields a message can stand at: the numbers, each where it is wrong. */
type ShareField = "hours" | "maxViews";

/** A whole number from a field, or undefined when empty; NaN stays NaN so the check below can refuse it. */
const wholeNumber = (value: string) => (value.trim() === "" ? undefined : Number(value));

export function ShareDialog({ entry, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog
      name="explorer-share"
      open={entry !== null}
      onClose={onClose}
      isBusy={busy}
      size="sm"
      icon={LinkIcon}
      title={entry ? t("explorer.share.title", { name: entry.name }) : ""}
    >
      {entry ? <ShareForm key={entry.path} entry={entry} onClose={onClose} onBusy={setBusy} /> : null}
    </AppDialog>
  );
}

function ShareForm({
  entry,
  onClose,
  onBusy,
}: {
  entry: FsEntry;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const { api } = useFsApi();
  const share = api.share.useMutation();
  const errorMessage = useErrorMessage(explorerErrorMessage);
  const form = useFieldForm<ShareValues, ShareField>(() => ({ password: "", hours: "", maxViews: "", remark: "" }));
  const [failure, setFailure] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresIn = wholeNumber(form.state.hours);
    const views = wholeNumber(form.state.maxViews);
    const isBad = (value: number | undefined) => value !== undefined && (!Number.isInteger(value) || value < 0);
    const found: FieldErrors<ShareField> = {};
    if (isBad(expiresIn)) found.hours = { key: "explorer.share.wholeNumber" };
    if (isBad(views)) found.maxViews = { key: "explorer.share.wholeNumber" };
    if (!form.check(found)) return;
    setFailure(null);
    onBusy(true);
    share
      .mutateAsync({
        path: entry.path,
        password: form.state.password || undefined,
        expires_in: expiresIn,
        max_views: views ?? 0,
        remark: form.state.remark || undefined,
      })
      .then((created) => setUrl(created.url))
      .catch((error: unknown) => setFailure(errorMessage(error)))
      .finally(() => onBusy(false));
  };

  if (url) {
    return (
      <div className="flex flex-col gap-4" data-testid="share-created">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {entry.type === "directory" ? t("explorer.share.folderReady") : t("explorer.share.fileReady")}
        </p>
        <TextField
          label={t("explorer.share.link")}
          value={url}
          onValueChange={() => {}}
          readOnly
          data-testid="share-url"
        />
        <DialogFooter>
          <Button onClick={onClose}>{t("common.close")}</Button>
          <Button
            variant="primary"
            data-testid="share-copy"
            onClick={async () => {
              if (await copyText(url)) toast.success(t("explorer.actions.linkCopied"));
              else toast.error(t("explorer.actions.copyFailed"));
            }}
          >
            {t("explorer.share.copy")}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="share-form">
      {failure ? <FormAlert title={t("explorer.share.failed")}>{failure}</FormAlert> : null}
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {entry.type === "directory" ? t("explorer.share.folderHint") : t("explorer.share.fileHint")}
      </p>
      <PasswordField
        label={t("explorer.share.password")}
        autoComplete="new-password"
        name="share-password"
        {...form.text("password")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("explorer.share.expiresIn")}
          hint={t("explorer.share.never")}
          inputMode="numeric"
          name="share-expires"
          {...form.text("hours")}
        />
        <TextField
          label={t("explorer.share.maxViews")}
          hint={t("explorer.share.unlimited")}
          inputMode="numeric"
          name="share-max-views"
          {...form.text("maxViews")}
        />
      </div>
      <TextField label={t("explorer.share.remark")} name="share-remark" {...form.text("remark")} />
      <DialogFooter>
        <Button onClick={onClose} disabled={share.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="primary" isLoading={share.isPending} data-testid="share-submit">
          {t("explorer.share.create")}
        </Button>
      </DialogFooter>
    </form>
  );
}
