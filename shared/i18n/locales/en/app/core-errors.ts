// The error messages the public screens show themselves, in the shell's part (languages/en-core.ts):
// the share form's checks (Home, Upload, shared/share-field-rules.ts) and the words a share's page
// compares the server's answer with (client/src/lib/shares/share-errors.ts). The server says them too
// (languages/server.ts); every other error message is the "errors" part (en-errors.ts). Keep the zh
// file in step (it is typed from this one).
export const enCoreErrors = {
  slugInvalid: "Only letters, digits, hyphens and underscores",
  slugTooLong: "At most 50 characters",
  slugReserved: "This word is reserved; choose another",
  contentEmpty: "The content cannot be empty",
  contentTooLarge: "The content is larger than 10 MB",
  maxViewsInvalid: "Max views must be a whole number, 0 or more (0 means unlimited)",
  maxViewsTooLarge: "Max views can be at most 1,000,000,000",
  pasteExpired: "The paste has expired",
  viewLimitReached: "The view limit has been reached",
  fileExpired: "The file share has expired",
  shareFolderEscape:
    'The folder must lie inside the storage\'s share folder: no "..", ".", backslashes, drive letters or leading "//"',
  filenameRequired: "The file needs a name",
  urlInvalid: "Enter a valid http:// or https:// URL",
};
