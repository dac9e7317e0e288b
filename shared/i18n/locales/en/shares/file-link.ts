// Texts of a file's link page: its details, its preview, its password prompt, its decryption and the
// pages of a file that is gone. A part of its own (shared/i18n/text-parts.ts), so Upload does not
// download them (en/files.ts holds the rest of `files`); keep zh/file-link.ts in step (typed
// `typeof enFileLink`).
export const enFileLink = {
  files: {
    page: {
      loading: "Opening the file…",
      download: "Download",
      copyLink: "Copy link",
      linkCopied: "Link copied",
      copyFailed: "Copying was blocked by the browser; select the link and copy it by hand",
      uploaded: "Uploaded {{when}}",
      expires: "Expires {{when}}",
      neverExpires: "Never expires",
      protected: "Password protected",
      views_one: "{{count}} view",
      views_other: "{{count}} views",
      viewsOfMax: "{{views}} of {{max}} views",
      lastView:
        "This was the last allowed view: the link stops working once you leave this page. Download the file now if you need it.",
      details: "File details",
      type: "Type",
      size: "Size",
      uploadedAt: "Uploaded",
      viewsLabel: "Views",
      expiry: "Expires",
      never: "Never",
      refreshFailed: "The download link could not be renewed. Reload the page.",
    },
    preview: {
      loading: "Loading the preview…",
      failed: "The preview could not be loaded. Its link may have expired.",
      reload: "Load again",
      openFull: "Open the full-size image",
      pdfTitle: "PDF preview of {{name}}",
      pdfExternalTitle: "Open the PDF to read it",
      pdfExternalDescription: "This storage cannot be shown inside the page. Open the PDF in a new tab or download it.",
      openPdf: "Open PDF",
      textLabel: "Contents of {{name}}",
      truncated: "Showing the first {{shown}} of {{total}}. Download the file to see all of it.",
      textUnavailableTitle: "No preview available",
      textUnavailableDescription: "This file's text cannot be read from its storage here. Download it to open it.",
      noneTitle: "No preview for this type of file",
      noneDescription: "Download the file to open it on your device.",
      officeTitle: "Office preview of {{name}}",
      officeExternal: "Office documents are previewed with Microsoft Office Online, which opens in a new tab.",
      officePrivate:
        "Office documents are previewed with Microsoft Office Online, which cannot reach this server from the internet. Download the file to open it.",
      officeOpen: "Preview with Office Online",
    },
    password: {
      title: "This file is protected",
      description: "Enter the password you were given to open it.",
      label: "Password",
      required: "Enter the password",
      submit: "Open file",
      submitting: "Checking…",
      wrong: "Wrong password. Try again.",
      rateLimited: "Too many attempts. Wait a moment and try again.",
    },
    encrypted: {
      decrypting: "Decrypting the file…",
      badge: "End-to-end encrypted",
      hint: "Decrypted in this browser with the key in the link. The server holds only ciphertext and never sees the name, the type or the key.",
      passwordDescription:
        "This file was encrypted with a password. Enter it to decrypt the file in your browser; it is never sent.",
      wrongPassword: "Wrong password: the file could not be decrypted. Check it and try again.",
      download: "Decrypt and download",
      progress: "Decrypted {{done}} of {{total}}",
      saved: "The file was decrypted and saved.",
      memoryWarning:
        "This browser cannot save straight to disk, so the whole file ({{size}}) is decrypted in memory before it is saved. On a device with little memory, use a recent Chrome or Edge.",
      problems: {
        damaged:
          "The file was changed after it was encrypted, or its parts are out of order. It cannot be decrypted and nothing was saved.",
        truncated: "The file is incomplete: its end is missing. Nothing was saved.",
        wrongKey: "The key in the link does not match this file. Nothing was saved.",
        malformed: "This is not an encrypted file this app can read. Nothing was saved.",
        network: "The encrypted file could not be downloaded. Check your connection and try again.",
      },
    },
    gone: {
      missingKey: {
        title: "This link has lost its key",
        description:
          "An encrypted file opens only with the whole link, including the part after #. Ask the sender for the full link.",
      },
      wrongKey: {
        title: "The file could not be decrypted",
        description: "The key in the link does not match this file: the link may have been cut short or changed.",
      },
      notFound: {
        title: "File not found",
        description: "The link may be mistyped, or the file was deleted.",
      },
      expired: {
        title: "This file has expired",
        description: "Its owner set it to expire, and that time has passed.",
      },
      limitReached: {
        title: "View limit reached",
        description: "This file could be opened a limited number of times, and all of them are used.",
      },
      gone: {
        title: "This file is no longer available",
        description: "It expired or its views are used up.",
      },
      failed: {
        title: "The file could not be opened",
      },
      shareOwn: "Share your own file",
      backHome: "Back to home",
    },
  },
};
