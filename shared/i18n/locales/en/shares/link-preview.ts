// Texts of the cards chat apps show for a share link (docs/link-previews.md): the server's alone, in no
// part the client loads. Keep zh/link-preview.ts in step (typed `typeof enLinkPreview`).
export const enLinkPreview = {
  linkPreview: {
    protected: "Protected share",
    protectedDescription: "This share is protected. Open the link to see it.",
    unavailable: "Share not available",
    unavailableDescription: "This link has expired or no longer exists.",
    file: "File · {{size}}",
    folder: "Shared folder",
    sharedFile: "Shared file",
    paste: "Shared text · {{count}} characters",
    set_one: "{{count}} shared file",
    set_other: "{{count}} shared files",
    setDescription: "Files · {{size}} in all",
  },
};
