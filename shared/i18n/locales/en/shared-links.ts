// Texts of the admin module "shared-links" (docs/path-shares.md, "Managing links"): links to files and
// folders shared in place, by kind, with revoke and extend. Part of the admin's texts; keep
// zh/shared-links.ts in step (typed `typeof enSharedLinks`).
export const enSharedLinks = {
  sharedLinks: {
    listLabel: "Links to files and folders",
    loading: "Loading the links…",
    loadError: "The links could not be loaded",
    empty: {
      title: "No links here",
      description:
        "Share a file or folder from the mount explorer, or a file received through an upload request: its link shows here.",
    },
    filter: { label: "Show", all: "All", file: "Files", folder: "Folders" },
    kind: { file: "File", folder: "Folder" },
    state: { active: "Active", expired: "Expired", used_up: "Used up", gone: "Gone" },
    fields: { views: "Views", expires: "Expires", password: "Password", created: "Created", remark: "Remark" },
    viewsOf: "{{count}} of {{max}}",
    never: "Never",
    withPassword: "Asked",
    withoutPassword: "None",
    copyLink: "Copy link",
    linkCopied: "Link copied",
    copyFailed: "The browser refused to copy; select the link and copy it by hand",
    open: "Open",
    extend: {
      action: "Extend",
      label: "Extend the link to {{name}}",
      title: "Extend the link",
      description: "The link works until the new expiry, counted from now. An expired link works again.",
      expiry: "Works for",
      submit: "Extend",
      done: "The link is extended",
    },
    revoke: {
      action: "Revoke",
      label: "Revoke the link to {{name}}",
      title: "Revoke this link?",
      description: "Whoever has the link can no longer open it. The file or folder itself stays where it is.",
      confirm: "Revoke link",
      done: "The link is revoked",
    },
  },
};
