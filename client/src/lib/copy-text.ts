// Copying text: the async Clipboard API where the page may use it (a secure context with focus),
// otherwise the old hidden-textarea copy command. Returns whether it worked, so the caller can ask
// the user to copy by hand.
export type ClipboardEnvironment = {
  clipboard?: Pick<Clipboard, "writeText"> | null;
  document?: Document | null;
};

function copyWithCommand(text: string, doc: Document): boolean {
  const active = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
  const area = doc.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  // Off screen but rendered: a display:none element cannot be selected.
  area.style.position = "fixed";
  area.style.top = "0";
  area.style.left = "-9999px";
  area.style.opacity = "0";
  doc.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return typeof doc.execCommand === "function" && doc.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
    active?.focus();
  }
}

export async function copyText(text: string, environment: ClipboardEnvironment = {}): Promise<boolean> {
  const clipboard =
    environment.clipboard !== undefined
      ? environment.clipboard
      : typeof navigator === "undefined"
        ? null
        : navigator.clipboard;
  const doc =
    environment.document !== undefined ? environment.document : typeof document === "undefined" ? null : document;
  if (clipboard) {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Denied or not focused: fall back below.
    }
  }
  return doc ? copyWithCommand(text, doc) : false;
}
