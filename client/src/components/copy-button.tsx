// A button that copies a text and says so: a check for a moment, and a toast (or, when the
// browser refuses, a toast asking to copy by hand).
import CheckIcon from "@heroicons/react/24/outline/CheckIcon";
import ClipboardDocumentIcon from "@heroicons/react/24/outline/ClipboardDocumentIcon";
import { useEffect, useState } from "react";
import { copyText } from "../lib/copy-text";
import { Button, type ButtonSize, type ButtonVariant } from "./button";
import { toast } from "./feedback/toast-store";

export type CopyButtonProps = {
  text: string | (() => string);
  label: string;
  copiedMessage: string;
  failedMessage: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Show only the icon (the label still names the button). */
  isIconOnly?: boolean;
  className?: string;
  /** Called once the text is on the clipboard. */
  onCopied?: () => void;
  "data-testid"?: string;
};

export function CopyButton({
  text,
  label,
  copiedMessage,
  failedMessage,
  variant = "secondary",
  size = "md",
  isIconOnly = false,
  className,
  onCopied,
  ...rest
}: CopyButtonProps) {
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copy = async () => {
    const ok = await copyText(typeof text === "function" ? text() : text);
    if (ok) {
      setIsCopied(true);
      onCopied?.();
      toast.success(copiedMessage, { id: "copy-result" });
    } else {
      toast.error(failedMessage, { id: "copy-result" });
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      icon={isCopied ? CheckIcon : ClipboardDocumentIcon}
      onClick={() => void copy()}
      aria-label={isIconOnly ? label : undefined}
      title={isIconOnly ? label : undefined}
      className={className}
      data-testid={rest["data-testid"]}
    >
      {isIconOnly ? <span className="sr-only">{label}</span> : label}
    </Button>
  );
}
