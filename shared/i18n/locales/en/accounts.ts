// Texts of accounts and access: login, the admin area frame, mount access, toasts, common words (API keys
// and the admin account: api-keys.ts). A part of the texts the client loads per screen
// (shared/i18n/text-parts.ts); keep zh/accounts.ts in step (typed `typeof enAccounts`).
export const enAccounts = {
  common: {
    close: "Close",
    cancel: "Cancel",
    retry: "Try again",
    done: "Done",
    optional: "optional",
    unknownError: "Something went wrong. Please try again.",
    networkError: "Could not reach the server. Check your connection and try again.",
    qr: "QR code of the share link",
    qrLoading: "Drawing the QR code…",
    qrFailed: "The QR code could not be drawn.",
  },
  forms: {
    showPassword: "Show password",
    hidePassword: "Hide password",
    tooLong: "At most {{max}} characters",
    invalidValue: "This value is not valid",
  },
  toast: {
    regionLabel: "Notifications",
    dismiss: "Dismiss notification",
  },
  auth: {
    login: {
      title: "Log in to the admin area",
      description: "Use the admin account, or an API key you were given.",
      modesLabel: "Login method",
      modes: {
        admin: "Admin account",
        apiKey: "API key",
      },
      username: "Username",
      password: "Password",
      apiKey: "API key",
      apiKeyHint: "Paste the whole key. It is checked with the server and kept in this browser until you log out.",
      code: "Verification code",
      codeHint: "Two-factor authentication is on: the 6-digit code from your authenticator app, or a recovery code.",
      codeRequired: "Enter the code from your authenticator app or a recovery code",
      withPasskey: "Sign in with a passkey",
      passkeyInstead: "Use a passkey instead",
      passkeyStep: "Two-factor authentication is on: confirm with one of your passkeys.",
      passkeyDismissed: "The passkey prompt was closed or timed out",
      showKey: "Show key",
      hideKey: "Hide key",
      submit: "Log in",
      submitting: "Logging in…",
      failed: "Login failed",
    },
    errors: {
      unexpectedAnswer: "Login failed: the server's answer did not say who is signed in",
      apiKeyValidationFailed: "API key validation failed",
      apiKeyRequired: "Enter the API key",
      sessionExpired: "Your admin session has expired. Please log in again.",
      keyInvalid: "Your API key is invalid or has expired. Please log in again.",
      unauthorized: "Unauthorized, please log in.",
    },
    notices: {
      welcomeAdmin: "Logged in as {{name}}",
      welcomeKey: "Logged in with the key “{{name}}”",
      loggedOut: "You have logged out",
      noPermission: "This API key has no permissions, so it cannot open this page.",
      checking: "Checking your login…",
      offlineTitle: "You are offline",
      offlineDescription:
        "You are still logged in. Pages you opened before show what they last loaded; changes here can be saved once the connection is back.",
      checkFailedTitle: "Your login could not be checked",
      checkFailedDescription:
        "The server did not answer. You are still logged in; try again when the connection is back.",
    },
    roles: {
      admin: "Administrator",
      apikey: "API key",
    },
    permissions: {
      label: "Permissions",
      text: "Text",
      file: "Files",
      mount: "Mount",
      readOnly: "Read-only",
      none: "No permissions",
    },
    logout: "Log out",
  },
  adminArea: {
    account: "Signed in",
    basePath: "Base path",
    noModules: {
      title: "Nothing to manage here",
      description: "Your key does not open any admin module. With it you can use:",
    },
    moduleUnavailable: {
      title: "Not available with this key",
      description: "“{{module}}” needs the admin account. With your key you can use:",
    },
    destinations: {
      mountExplorer: "Mount explorer: browse {{path}}",
      home: "Online clipboard: share text",
      upload: "Upload: share files",
    },
    mountReadOnly: {
      title: "Read-only view",
      description: "API keys can see mount points but cannot create, change or delete them.",
    },
  },
  mountAccess: {
    loginTitle: "Log in to browse mounts",
    loginDescription: "The mount explorer needs the admin account or an API key with mount permission.",
    loginAction: "Log in",
    noPermissionTitle: "Your key cannot browse mounts",
    noPermissionDescription: "The key “{{name}}” has no mount permission. Ask the admin for a key that has it.",
    basePath: "Your key is limited to {{path}}",
    readOnly: "Read-only",
  },
};
