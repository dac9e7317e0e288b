// Where files come in: dropped on the zone (a dropped folder brings its files), chosen with the picker, or
// pasted from the clipboard (a screenshot, files copied in a file manager) anywhere on the page outside a
// text field.
import ClipboardIcon from "@heroicons/react/24/outline/ClipboardIcon";
import CloudArrowUpIcon from "@heroicons/react/24/outline/CloudArrowUpIcon";
import FolderIcon from "@heroicons/react/24/outline/FolderIcon";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { cx } from "../../components/class-names";
import { type DroppedFiles, entriesOfDrop, walkDroppedEntries } from "../../lib/upload/dropped-files";

export type DropZoneProps = {
  onFiles: (files: File[], origin: "drop" | "picker" | "paste") => void;
  /** A dropped folder held more files than one drop adds (dropped-files.ts). */
  onTruncatedDrop?: (added: number) => void;
  maxSizeLabel: string;
  disabled?: boolean;
  /** Files are in the list: a lower zone, so the list's progress shows on a laptop's screen. */
  isCompact?: boolean;
};

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes("Files");
}

function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === "INPUT" ||
    target.tagName === "TEXTAREA" ||
    target.tagName === "SELECT"
  );
}

/** A pasted screenshot is named "image.png" by every browser: give it a name that tells them apart. */
export function namePastedFile(file: File, now: Date = new Date()): File {
  if (!/^image\.\w+$/.test(file.name) && file.name !== "") return file;
  const extension = file.name.split(".").pop() || file.type.split("/")[1] || "bin";
  const pad = (value: number) => String(value).padStart(2, "0");
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return new File([file], `pasted-${stamp}.${extension}`, { type: file.type, lastModified: file.lastModified });
}

export function DropZone({
  onFiles,
  onTruncatedDrop,
  maxSizeLabel,
  disabled = false,
  isCompact = false,
}: DropZoneProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const depth = useRef(0);
  const onFilesRef = useRef(onFiles);
  onFilesRef.current = onFiles;

  useEffect(() => {
    if (disabled) return;
    const onPaste = (event: ClipboardEvent) => {
      if (isTextTarget(event.target)) return;
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      onFilesRef.current(
        files.map((file) => namePastedFile(file)),
        "paste",
      );
    };
    window.addEventListener("paste", onPaste);
    return () => window.removeEventListener("paste", onPaste);
  }, [disabled]);

  const reset = () => {
    depth.current = 0;
    setIsOver(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: drag and drop is a pointer shortcut; the button inside is the accessible way in
    <div
      data-testid="drop-zone"
      data-active={isOver || undefined}
      onDragEnter={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setIsOver(true);
      }}
      onDragOver={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setIsOver(false);
      }}
      onDrop={(event) => {
        if (disabled) return;
        event.preventDefault();
        reset();
        // A dropped folder is walked for its files; the entries must be taken while the event runs.
        const entries = entriesOfDrop(event.dataTransfer);
        const dropped: Promise<DroppedFiles> = entries
          ? walkDroppedEntries(entries)
          : Promise.resolve({ files: Array.from(event.dataTransfer?.files ?? []), isTruncated: false });
        void dropped.then(({ files, isTruncated }) => {
          if (files.length > 0) onFiles(files, "drop");
          if (isTruncated) onTruncatedDrop?.(files.length);
        });
      }}
      className={cx(
        "relative flex flex-col items-center justify-center rounded-2xl border-2 border-dashed px-5 text-center transition-colors",
        isCompact ? "py-5" : "py-10 sm:py-14",
        isOver
          ? "border-indigo-500 bg-indigo-50/80 dark:border-indigo-400 dark:bg-indigo-500/10"
          : "border-slate-300 bg-white hover:border-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-600",
        disabled && "pointer-events-none opacity-60",
      )}
    >
      <span
        className={cx(
          "flex items-center justify-center rounded-full ring-1 ring-inset transition-transform",
          isCompact ? "size-10" : "size-14",
          isOver
            ? "scale-110 bg-indigo-600 text-white ring-indigo-600 dark:bg-indigo-500"
            : "bg-indigo-50 text-indigo-600 ring-indigo-100 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/20",
        )}
      >
        <CloudArrowUpIcon className={isCompact ? "size-5" : "size-7"} />
      </span>
      <p className={cx(isCompact ? "mt-2" : "mt-4", "text-base font-semibold text-slate-900 dark:text-white")}>
        {isOver ? t("files.dropZone.titleActive") : t("files.dropZone.title")}
      </p>
      {/* Compact, the list below says the same ("waiting" until started). */}
      {isCompact ? null : (
        <p className="mt-1 max-w-sm text-sm text-slate-600 dark:text-slate-400">{t("files.dropZone.description")}</p>
      )}
      <Button
        variant="primary"
        icon={FolderIcon}
        className={isCompact ? "mt-3" : "mt-5"}
        onClick={() => inputRef.current?.click()}
        disabled={disabled}
        data-testid="choose-files"
      >
        {t("files.dropZone.browse")}
      </Button>
      <input
        ref={inputRef}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length > 0) onFiles(files, "picker");
        }}
      />
      <div className="mt-5 flex flex-wrap items-center justify-center gap-x-4 gap-y-1.5 text-xs text-slate-500 dark:text-slate-400">
        <span data-testid="max-size">{maxSizeLabel}</span>
        <span className="hidden items-center gap-1 sm:inline-flex">
          <ClipboardIcon className="size-3.5" />
          {t("files.dropZone.pasteHint")}
        </span>
      </div>
    </div>
  );
}
