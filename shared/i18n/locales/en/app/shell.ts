// App shell texts (navigation, theme, language, titles, footer, placeholder screens). Keep the zh
// file in step: it is typed `typeof enShell`, so a missing or extra key fails the typecheck.

export const enShell = {
  app: {
    skipToContent: "Skip to main content",
    tagline: "Online clipboard & file sharing",
    loading: "Loading…",
    loadError: {
      title: "This page could not be loaded",
      description: "Check your network connection and try again.",
      retry: "Try again",
    },
  },
  nav: {
    label: "Main",
    homeLink: "Pastebox home",
    home: "Home",
    upload: "Upload",
    mountExplorer: "Mount explorer",
    clipboard: "Live clipboard",
    admin: "Admin",
    openMenu: "Open main menu",
    closeMenu: "Close main menu",
  },
  theme: {
    modes: {
      auto: "auto (follows system)",
      light: "light",
      dark: "dark",
    },
    switchLabel: "Theme: {{current}}. Switch to {{next}}",
  },
  language: {
    switchLabel: "Language: {{current}}. Choose language",
    names: {
      en: "English",
      zh: "中文",
    },
  },
  source: {
    label: "Source code on GitHub (opens in a new tab)",
  },
  footer: {
    copyright: "© {{year}} {{product}}",
    version: "Version {{version}}",
  },
  titles: {
    format: "{{page}} - {{product}}",
    home: "Online clipboard",
    upload: "Upload",
    admin: "Admin",
    paste: "Shared text",
    file: "Shared file",
    share: "Shared folder",
    uploadRequest: "Send files",
    mountExplorer: "Mount explorer",
    clipboard: "Live clipboard",
    notFound: "Page not found",
    adminLogin: "Log in",
  },
  screens: {
    home: {
      title: "Online clipboard",
      description: "Write text or Markdown, then share it with a link, a password and an expiry.",
    },
    upload: {
      title: "Upload files",
      description: "Upload files from your device or a URL and share them with a link.",
    },
    paste: {
      title: "Shared text",
      description: "Text that someone shared with you.",
    },
    file: {
      title: "Shared file",
      description: "Preview or download a file that someone shared with you.",
    },
    mountExplorer: {
      title: "Mount explorer",
      description: "Browse, search and manage files on mounted storage.",
    },
    notFound: {
      code: "404",
      title: "Page not found",
      description: "The page you are looking for does not exist or has been moved.",
      backHome: "Back to home",
      redirected: "That page does not exist, so here is Home",
    },
    admin: {
      title: "Admin",
      navLabel: "Admin modules",
      moduleSelect: "Module",
    },
  },
  storage: {
    // The storage the server creates at first start, while it keeps its first name.
    systemDefault: "Local storage",
  },
  adminModules: {
    dashboard: {
      name: "Dashboard",
      description: "An overview of pastes, files, storage use and recent activity.",
    },
    "text-management": {
      name: "Text management",
      description: "Review, edit and delete shared texts.",
    },
    "file-management": {
      name: "File management",
      description: "Review, edit and delete shared files.",
    },
    "storage-config": {
      name: "Storage configuration",
      description: "Connect S3-compatible storage and choose the default.",
    },
    "mount-management": {
      name: "Mount management",
      description: "Map storage to paths in the mount explorer and WebDAV.",
    },
    "key-management": {
      name: "API keys",
      description: "Create keys with text, file and mount permissions for scripts and users.",
    },
    settings: {
      name: "Settings",
      description: "Upload limits, WebDAV upload mode, live clipboard limits and the admin account.",
    },
    security: {
      name: "Security",
      description:
        "Two-factor authentication, recovery codes, passkeys, single sign-on, app passwords and the sessions signed in to the admin account.",
    },
    backups: {
      name: "Backups",
      description: "Back up the whole install, download or delete archives, and import from CloudPaste.",
    },
    "dav-locks": {
      name: "WebDAV locks",
      description: "Files and folders WebDAV clients hold locked, by whom and until when; lift any of them.",
    },
    "upload-requests": {
      name: "Upload requests",
      description: "Links through which anyone sends you files, the files each one received, and their sharing.",
    },
    "shared-links": {
      name: "Shared links",
      description: "Links to files and folders shared in place: filter by kind, extend or revoke them.",
    },
    "audit-log": {
      name: "Audit log",
      description:
        "Security events of the last 90 days: sign-ins, factor, key and session changes, app passwords used.",
    },
    tasks: {
      name: "Tasks",
      description: "Copies, moves and deletes the server runs: their files, cancel, and retry of what failed.",
    },
    jobs: {
      name: "Scheduled jobs",
      description: "Work the server does on a schedule: last and next run, result and log, and run now.",
    },
  },
};
