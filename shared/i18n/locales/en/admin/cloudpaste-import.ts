// The notes of a CloudPaste import's report (docs/backup.md): the server writes them in the caller's
// language, in no part the client loads. Keep zh/cloudpaste-import.ts in step (typed from this one).
export const enCloudPasteImport = {
  cloudPasteImport: {
    notes: {
      adminPassword:
        "CloudPaste keeps only an unsalted SHA-256 of the admin password: keep this install's admin account",
      storageUnsupported: "{{type}} storage is not supported here",
      alreadyImported: "already imported",
      placeholderCredentials: "its credentials are malformed placeholders",
      providerChanged: 'provider "{{from}}" becomes "{{to}}"',
      notDefault: "not made the default (this install keeps its own)",
      guestKey: "CloudPaste's guest key has no counterpart here",
      disabledKey: "disabled in CloudPaste: not imported, so it stays refused",
      keyExists: "a key with this name or this key already exists here",
      pasteExists: "a paste with this slug already exists here",
      fileExists: "a file share with this slug already exists here",
      mountExists: "a mount at this path already exists here",
      storageNotImported: "its storage was not imported",
      newPassword: "its password could not be carried over; new password: {{password}}",
      credentialsFail: "its credentials do not work here ({{error}}): imported and marked; fix them in Storage",
      alreadySet: "already set",
    },
    unmapped: {
      ownTable: "table {{table}}: CloudPaste's own state, not imported",
      unknownTable: "table {{table}}: unknown here, not imported",
      fsMeta: "fs_meta: {{count}} directory headers, footers, hide rules and passwords have no place here",
      storageValue: "storage {{name}}: {{field}} = {{value}}",
      mountValue: "mount {{name}}: {{field}} = {{value}}",
      pasteTitle: "paste {{slug}}: title {{title}}",
      pasteUnlisted: "paste {{slug}}: is_public = 0 (unlisted)",
      webdavBits: "api key {{name}}: WebDAV permission bits (WebDAV here follows the mount permission)",
      setting: "setting {{key}} = {{value}}",
    },
  },
};
