// One Content-Disposition for every answer that names a file: the server's downloads and previews,
// and the service worker's decrypted downloads (client/src/offline/worker/sw.ts).

/** RFC 6266 Content-Disposition: an ASCII fallback name and the exact name in RFC 8187 form. */
export function contentDisposition(type: "attachment" | "inline", filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
