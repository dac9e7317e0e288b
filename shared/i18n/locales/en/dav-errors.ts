// Messages of WebDAV at /dav (server/dav), merged into the `errors` namespace. WebDAV clients rarely
// show a body, but browsers and command-line tools do. Keep the zh file in step (it is typed from this one).
export const enDavErrors = {
  davBodyTooLarge: "The XML request body is too large",
  davInvalidXml: "The XML request body is not a valid WebDAV request",
  davInvalidIfHeader: "The If header is malformed",
  davPreconditionFailed: "A precondition of the request does not hold",
  davDestinationInvalid: "The Destination header is missing or not a valid URL",
  davDestinationForeign: "The destination must be under /dav on this server",
  davDestinationExists: "The destination exists and Overwrite is F",
  davDestinationHoldsSource: "The destination contains the source",
  davSameDestination: "The source and the destination are the same",
  davOverwriteInvalid: "The Overwrite header must be T or F",
  davDepthInvalid: "This Depth is not allowed for this request",
  davParentMissing: "The parent folder does not exist",
  davContentRange: "Partial PUT with Content-Range is not supported; send the whole file",
  davPutOnCollection: "This is a folder; a file cannot be written over it",
  davMkcolBody: "MKCOL with a request body is not supported",
  davLockTokenMissing: "The request names no lock token",
  davLockNotYours: "This lock was taken by someone else",
  davMountPermissionRequired: "This API key has no mount permission",
  davStorageRefused: "The storage refused the upload (status {{status}})",
  davIndexTitle: "Index of {{path}}",
};
