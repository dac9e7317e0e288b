// The kinds of files (client/src/lib/shares/file-kind.ts) as a file's link page and Upload's URL check name
// them. A small part of its own (shared/i18n/text-parts.ts), so that neither page downloads the other's
// texts; keep zh/file-kinds.ts in step (typed `typeof enFileKinds`).
export const enFileKinds = {
  files: {
    kinds: {
      image: "Image",
      video: "Video",
      audio: "Audio",
      pdf: "PDF document",
      markdown: "Markdown",
      code: "Code",
      text: "Text",
      document: "Document",
      spreadsheet: "Spreadsheet",
      presentation: "Presentation",
      archive: "Archive",
      other: "File",
    },
  },
};
