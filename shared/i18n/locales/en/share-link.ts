// Texts of the page a shared folder or file link opens (/s/<slug>, docs/path-shares.md): its listing and
// breadcrumbs, downloads, the zip and the password prompt. A part of its own (shared/i18n/text-parts.ts);
// keep zh/share-link.ts in step (typed `typeof enShareLink`).
export const enShareLink = {
  shareLink: {
    loading: "Opening the share…",
    folder: "Shared folder",
    file: "Shared file",
    breadcrumbs: "Folders of the share",
    empty: "This folder is empty.",
    name: "Name",
    size: "Size",
    download: "Download",
    downloadNamed: "Download {{name}}",
    preview: "Preview",
    previewNamed: "Preview {{name}}",
    open: "Open {{name}}",
    downloadAll: "Download all (zip)",
    zipping: "Downloading the zip: {{done}} of {{total}}",
    zipDone: "The zip is downloaded.",
    zipFailed: "The zip download stopped: {{message}}",
    truncated: "This folder holds more entries than one page shows; “Download all” still includes every file.",
    passwordTitle: "This share is protected",
    passwordLabel: "Password",
    passwordSubmit: "Open",
    expires: "Expires {{date}}",
    views: "Visits: {{views}} of {{max}}",
    closePreview: "Close the preview",
  },
};
