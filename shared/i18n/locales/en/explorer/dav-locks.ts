// Texts of the admin's WebDAV locks module: the active locks with their holder, and lifting them. A part of
// the `admin` texts (shared/i18n/text-parts.ts); keep zh/dav-locks.ts in step.
export const enDavLocks = {
  davLocks: {
    listLabel: "Active WebDAV locks",
    loading: "Loading locks…",
    loadError: "The locks could not be loaded",
    refresh: "Refresh",
    empty: {
      title: "No file is locked",
      description:
        "A WebDAV client (Finder, Windows Explorer, an office app) locks a file while it edits it. Such locks show here; each ends by itself within an hour.",
    },
    holder: {
      admin: "Admin",
      key: "API key {{name}}",
      deletedKey: "Deleted API key",
    },
    scope: { exclusive: "Exclusive", shared: "Shared" },
    depth: { "0": "This item only", infinity: "With everything inside" },
    details: {
      taken: "Taken",
      expires: "Expires",
    },
    remove: "Remove",
    removeLabel: "Remove the lock on {{path}}",
    removed: "Lock removed",
    removeKey: "Remove all of this key",
    removeKeyLabel: "Remove all of this key ({{name}})",
    removedKey_one: "{{count}} lock removed",
    removedKey_other: "{{count}} locks removed",
    pagination: {
      label: "Pages of locks",
      range: "{{from}}–{{to}} of {{total}}",
      pageSize: "Per page",
      previous: "Previous",
      next: "Next",
      page: "Page {{page}} of {{pages}}",
    },
  },
};
