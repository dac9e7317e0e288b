// The one-time reveal of a new key (docs/rules.md: the whole key is returned once, at creation):
// the key, a copy button (Clipboard API, with a fallback) and a warning that it will not be shown
// again. Only its own buttons close it, so a stray click outside cannot lose the key.
import CheckIcon from "@heroicons/react/24/outline/CheckIcon";
import ClipboardDocumentIcon from "@heroicons/react/24/outline/ClipboardDocumentIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import KeyIcon from "@heroicons/react/24/outline/KeyIcon";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { AppDialog } from "../../../components/dialogs/dialog";
import { toast } from "../../../components/feedback/toast-store";
import { copyText } from "../../../lib/copy-text";
import type { CreatedKey } from "./key-form-dialog";

export type KeyRevealDialogProps = { createdKey: CreatedKey | null; open: boolean; onClose: () => void };

export function KeyRevealDialog({ createdKey, open, onClose }: KeyRevealDialogProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (!open) setCopyState("idle");
  }, [open]);

  useEffect(() => {
    if (copyState !== "copied") return;
    const timer = setTimeout(() => setCopyState("idle"), 2_500);
    return () => clearTimeout(timer);
  }, [copyState]);

  const copy = async () => {
    if (!createdKey) return;
    const isCopied = await copyText(createdKey.key);
    if (isCopied) {
      setCopyState("copied");
      toast.success(t("apiKeys.reveal.copiedToast"), { id: "key-copied" });
      return;
    }
    setCopyState("failed");
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  return (
    <AppDialog
      name="key-reveal"
      open={open}
      onClose={onClose}
      dismissible={false}
      icon={KeyIcon}
      tone="success"
      title={t("apiKeys.reveal.title")}
      description={createdKey ? t("apiKeys.reveal.description", { name: createdKey.name }) : null}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t("apiKeys.reveal.done")}
        </Button>
      }
    >
      <div
        className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
        role="note"
      >
        <ExclamationTriangleIcon className="mt-px size-5 shrink-0 text-amber-500" />
        <p>{t("apiKeys.reveal.warning")}</p>
      </div>
      <label htmlFor="revealed-key" className="mt-5 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {t("apiKeys.reveal.label")}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-stretch">
        {/* A textarea so the whole key wraps into view instead of scrolling sideways. */}
        <textarea
          ref={inputRef}
          id="revealed-key"
          readOnly
          rows={2}
          value={createdKey?.key ?? ""}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          className="block w-full min-w-0 resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
        />
        <Button
          variant={copyState === "copied" ? "secondary" : "primary"}
          icon={copyState === "copied" ? CheckIcon : ClipboardDocumentIcon}
          onClick={() => void copy()}
          className="sm:h-auto sm:w-32"
          data-autofocus
        >
          {copyState === "copied" ? t("apiKeys.reveal.copied") : t("apiKeys.reveal.copy")}
        </Button>
      </div>
      <p aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-600 dark:text-slate-400">
        {copyState === "failed" ? t("apiKeys.reveal.copyFailed") : ""}
      </p>
    </AppDialog>
  );
}
