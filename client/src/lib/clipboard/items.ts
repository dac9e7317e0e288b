// Turning a room's items into what the screen shows, and back: text or a file inside the envelope
// (shared/clipboard.ts item format), decrypted with the key from the link's fragment.
import { type ClipboardItemHeader, decodeItem, encodeItem, type WireItem } from "@shared/clipboard";
import { decryptBytes, encryptBytes } from "@shared/encryption/encrypted-share";

export type ShownItem =
  | { id: number; deviceId: string; createdAt: Date; kind: "text"; text: string }
  | {
      id: number;
      deviceId: string;
      createdAt: Date;
      kind: "file";
      name: string;
      type: string;
      size: number;
      url: string;
      isImage: boolean;
    }
  | { id: number; deviceId: string; createdAt: Date; kind: "undecryptable" };

export async function openItem(item: WireItem, key: string): Promise<ShownItem> {
  const base = { id: item.id, deviceId: item.device_id, createdAt: new Date(item.created_at) };
  try {
    const decoded = decodeItem(await decryptBytes(item.content, key));
    if (!decoded) return { ...base, kind: "undecryptable" };
    if (decoded.header.kind === "text") {
      return { ...base, kind: "text", text: new TextDecoder().decode(decoded.body) };
    }
    const { name, type } = decoded.header;
    const blob = new Blob([new Uint8Array(decoded.body)], { type: type || "application/octet-stream" });
    return {
      ...base,
      kind: "file",
      name,
      type,
      size: decoded.body.length,
      url: URL.createObjectURL(blob),
      // Raster images only: an SVG shown inline could carry script-like content; it stays a download.
      isImage: /^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(type),
    };
  } catch {
    return { ...base, kind: "undecryptable" };
  }
}

export function sealText(text: string, key: string): Promise<string> {
  return encryptBytes(encodeItem({ kind: "text" }, new TextEncoder().encode(text)), key);
}

export async function sealFile(file: File, key: string): Promise<string> {
  const header: ClipboardItemHeader = { kind: "file", name: file.name || "file", type: file.type };
  return encryptBytes(encodeItem(header, new Uint8Array(await file.arrayBuffer())), key);
}

/** "Chrome on Android": how this device names itself in the room's device list (not secret). */
export function deviceLabel(userAgent = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return system ? `${browser} · ${system}` : browser;
}
