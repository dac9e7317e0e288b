// Texts of a paste's link page: the paste, its password prompt, its decryption and the pages of a paste
// that is gone. A part of its own (shared/i18n/text-parts.ts), so a visitor of a paste link does not
// download the home editor's texts (en/pastes.ts holds the rest of `pastes`); keep zh/paste-link.ts in
// step (typed `typeof enPasteLink`).
export const enPasteLink = {
  pastes: {
    view: {
      loading: "Opening the shared text…",
      untitled: "Shared text",
      format: {
        markdown: "Markdown",
        text: "Plain text",
      },
      views_one: "{{count}} view",
      views_other: "{{count}} views",
      viewsOfMax: "{{views}} of {{max}} views",
      lastView: "This was the last view allowed",
      expiresAt: "Expires {{relative}}",
      neverExpires: "Never expires",
      createdAt: "Shared {{date}}",
      protected: "Password protected",
      copyContent: "Copy text",
      contentCopied: "Text copied",
      copyLink: "Copy link",
      linkCopied: "Link copied",
      copyFailed: "Copying failed. Select the text and copy it by hand.",
      openRaw: "Open raw",
      openRawHint: "Opens the plain text in a new tab; this counts as a view.",
      rendering: "Rendering…",
      tooComplex: "This Markdown is too large or complex to show formatted; showing the text as it is.",
      renderFailed: "The formatted view could not be loaded; showing the text as it is.",
      contentLabel: "Shared content",
      encrypted: "End-to-end encrypted",
      decrypting: "Decrypting in this browser…",
    },
    password: {
      title: "This text is protected",
      description: "Enter the password you were given to open it.",
      label: "Password",
      submit: "Open",
      submitting: "Checking…",
      wrong: "Wrong password. Check it and try again.",
      rateLimited: "Too many attempts. Wait a moment before you try again.",
      required: "Enter the password",
    },
    encrypted: {
      passwordDescription:
        "This text was encrypted with a password. Enter it to decrypt the text in your browser; it is never sent.",
      wrongPassword: "Wrong password: the text could not be decrypted. Check it and try again.",
    },
    gone: {
      missingKey: {
        title: "This link has lost its key",
        description:
          "An encrypted text opens only with the whole link, including the part after #. Ask the sender for the full link.",
      },
      wrongKey: {
        title: "The text could not be decrypted",
        description: "The key in the link does not match this text: the link may have been cut short or changed.",
      },
      notFound: {
        title: "This text does not exist",
        description: "The link may be mistyped, or the text has been deleted.",
      },
      expired: {
        title: "This text has expired",
        description: "Its owner set it to be available for a limited time, and that time is over.",
      },
      limitReached: {
        title: "View limit reached",
        description: "This text could be opened a limited number of times, and all of them are used.",
      },
      gone: {
        title: "This text is no longer available",
        description: "It has expired or reached its view limit.",
      },
      failed: {
        title: "The text could not be opened",
      },
      backHome: "Back to home",
      shareOwn: "Share a text of your own",
    },
  },
};
