// Texts of the offline app: the offline fallback page, network and sync notices, the offline queue, and the
// install and update prompts. A part of the texts the client loads per screen (shared/i18n/text-parts.ts);
// keep zh/offline.ts in step (typed `typeof enOffline`).
export const enOffline = {
  offline: {
    status: {
      offline: "You are offline",
      offlineDescription: "Pages you opened stay readable. Changes are saved and sent when you are back online.",
      online: "Back online",
    },
    fallback: {
      pageTitle: "Offline",
      title: "This page is temporarily unavailable",
      description: "You are offline, and this page has not been saved on this device for offline use.",
      checkNetwork: "This page could not be loaded. Check your network connection, then try again.",
      address: "Page: {{path}}",
      home: "Back to home",
      back: "Go back",
      retry: "Try again",
    },
    lazy: {
      notice: "You are offline, so this part could not be loaded. Check your network connection.",
    },
    badge: {
      label: "Offline copy",
      savedAt: "saved on this device on {{time}}; it may have changed since.",
    },
    queue: {
      savedTitle: "Saved offline",
      savedDescription_one: "It will be sent when you are back online ({{count}} change waiting).",
      savedDescription_other: "It will be sent when you are back online ({{count}} changes waiting).",
      screenMessage: "You are offline: this change was saved on this device and will be sent when you are back online.",
    },
    sync: {
      syncing_one: "Sending {{count}} change made offline…",
      syncing_other: "Sending {{count}} changes made offline…",
      done_one: "{{count}} change made offline was sent",
      done_other: "{{count}} changes made offline were sent",
      pasteCreated: "Your new paste is online: {{url}}",
      copyLink: "Copy link",
      openPaste: "Open the paste",
      failed: "Could not sync: {{action}}",
      otherSession: "It was made while signed in as someone else. Sign in as them to send it.",
      waiting_one: "{{count}} change is still waiting",
      waiting_other: "{{count}} changes are still waiting",
      unreachable: "The server could not be reached. They are sent the next time you are online.",
    },
    types: {
      "paste.create": "create a paste",
      "paste.update": "edit a paste",
      "paste.delete": "delete pastes",
      "paste.clearExpired": "clear expired pastes",
      "file.update": "edit a file",
      "file.delete": "delete files",
      "key.update": "edit an API key",
      "key.delete": "delete API keys",
      "mount.update": "edit a mount",
      "mount.delete": "delete a mount",
      "storage.delete": "delete a storage configuration",
      "storage.setDefault": "change the default storage",
      "settings.update": "change the settings",
      "fs.mkdir": "create a folder",
      "fs.rename": "rename",
      "fs.delete": "delete files or folders",
    },
    install: {
      title: "Install Pastebox",
      description: "Add the app to this device: it opens in its own window and keeps working offline.",
      install: "Install",
      later: "Not now",
    },
    update: {
      title: "A new version is available",
      description: "Reload to use it. Finish what you are typing first: the page reloads.",
      reload: "Reload",
      later: "Later",
    },
  },
};
