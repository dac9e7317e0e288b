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
    kind: { file: "File", folder: "Folder", set: "Set of files" },
    state: { active: "Active", expired: "Expired", used_up: "Used up", gone: "Gone", empty: "Empty" },
    fields: {
      views: "Views",
      expires: "Expires",
      password: "Password",
      created: "Created",
      remark: "Remark",
      size: "Size",
    },
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
      setDescription: "Whoever has the link can no longer open it, and the set's files are deleted with it.",
      confirm: "Revoke link",
      done: "The link is revoked",
    },
    sets: {
      title: "Sets of files",
      name_one: "{{count}} file, one link",
      name_other: "{{count}} files, one link",
      loading: "Loading the sets of files…",
      loadError: "The sets of files could not be loaded",
      filter: { label: "Show", all: "All", files: "Single files", sets: "Sets of files" },
      empty: {
        title: "No sets of files",
        description: "On Upload, send two or more finished uploads out as one link: the set shows here.",
      },
    },
  },
};
