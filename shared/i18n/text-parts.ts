// The client loads a language's texts in parts (client/src/i18n.ts): the shell's part ("core") before
// the first render, and each screen's parts with the screen's code (client/src/app.tsx), so a page
// downloads the texts it shows and not the whole app's. A part is a set of top-level keys; no key is
// in two parts. The server holds all of them (languages/en.ts, languages/zh.ts).
export const TEXT_PARTS = ["core", "pastes", "files", "explorer", "admin", "clipboard"] as const;
export type TextPart = (typeof TEXT_PARTS)[number];
