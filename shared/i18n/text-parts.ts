// The client loads a language's texts in parts (client/src/i18n.ts): the shell's part ("core") before
// the first render, and each screen's parts with the screen's code (client/src/app.tsx), so a page
// downloads the texts it shows and not the whole app's. A part is a set of top-level keys, or of
// second-level keys under a top-level key that parts share (`pastes` and `files`: a share link's page,
// "pasteLink" and "fileLink", the kinds of files both Upload and a file's page name, "fileKinds", and the
// admin's management, "shareManage", apart from the editor's and Upload's; `errors`: the few the public
// screens show in "core", the rest in "errors"); no key is in two parts. All of them joined (joinTextParts) are
// languages/en.ts and zh.ts; the server holds only its own texts (languages/server.ts).
export const TEXT_PARTS = [
  "core",
  "pastes",
  "pasteLink",
  "files",
  "fileKinds",
  "fileLink",
  "shareLink",
  "shareManage",
  "explorer",
  "admin",
  "clipboard",
  "errors",
] as const;
export type TextPart = (typeof TEXT_PARTS)[number];

type Texts = Record<string, unknown>;
/** All parts' keys: a shared top-level key's value is the intersection of its parts' values. */
type Intersection<Union> = (Union extends unknown ? (part: Union) => void : never) extends (part: infer All) => void
  ? All
  : never;
type Joined<Parts extends Texts[]> = Intersection<Parts[number]>;

/** Parts as one set of texts: a top-level key that parts share holds the second-level keys of each. */
export function joinTextParts<Parts extends Texts[]>(...parts: Parts): Joined<Parts> {
  const joined: Texts = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const held = joined[key];
      joined[key] = held === undefined ? value : { ...(held as Texts), ...(value as Texts) };
    }
  }
  return joined as Joined<Parts>;
}
