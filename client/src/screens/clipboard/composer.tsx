// What a device sends to the room: text (Ctrl/Cmd+Enter sends), files chosen, dropped on the form or
// pasted (a pasted screenshot arrives as a file, not as text).
import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import { type DragEvent, type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { cx } from "../../components/class-names";
import { FormField } from "../../components/forms/form-controls";
import { cardClasses } from "./card";

export function Composer({ onText, onFiles }: { onText(text: string): void; onFiles(files: File[]): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [isDragging, setIsDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim()) return;
    onText(text);
    setText("");
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (event.dataTransfer.files.length > 0) onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    <form
      onSubmit={submit}
      onDragOver={(event) => {
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
      className={cx(cardClasses, isDragging && "ring-2 ring-indigo-500")}
      data-testid="clipboard-composer"
    >
      <FormField id="clipboard-text" label={t("clipboard.room.composeLabel")}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={text}
            placeholder={isDragging ? t("clipboard.room.dropHint") : t("clipboard.room.composePlaceholder")}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit();
            }}
            onPaste={(event) => {
              const files = Array.from(event.clipboardData.files);
              if (files.length > 0) {
                event.preventDefault();
                onFiles(files);
              }
            }}
            className={cx(control.className, "resize-y")}
          />
        )}
      </FormField>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={!text.trim()} data-testid="clipboard-send">
          {t("clipboard.room.send")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
          <ArrowUpTrayIcon className="size-4" />
          {t("clipboard.room.attach")}
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={t("clipboard.room.attach")}
          data-testid="clipboard-file"
          onChange={(event) => {
            if (event.target.files) onFiles(Array.from(event.target.files));
            event.target.value = "";
          }}
        />
      </div>
    </form>
  );
}
