// Admin login and account schemas (docs/product.md §5 "Admin update", §7 auth).
import { z } from "zod";
import { virtualPath } from "../common";
import { apiKeyTestOutput } from "./api-keys";

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,50}$/;
export const MIN_PASSWORD_LENGTH = 8;

// A WebAuthn answer as @simplewebauthn/browser returns it (base64url fields). Checked for shape and
// size here; what it proves is checked by @simplewebauthn/server. 16 KiB per field bounds any caller.
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, "errors.passkeyRefused");

const webAuthnCredentialBase = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationResponseInput = z.object({
  ...webAuthnCredentialBase,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});

export const authenticationResponseInput = z.object({
  ...webAuthnCredentialBase,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/** A ceremony's options: what the browser passes to navigator.credentials, and the id to answer with. */
export const passkeyOptionsOutput = z.object({
  ceremony_id: z.string(),
  options: z.record(z.string(), z.unknown()),
});

const ceremonyId = z.string().min(1).max(100);

export const passkeyNameInput = z.string().trim().min(1, "errors.passkeyNameRequired").max(100);

export const passkeyRegisterInput = z.object({
  ceremony_id: ceremonyId,
  name: passkeyNameInput,
  response: registrationResponseInput,
});

export const passkeyAnswerInput = z.object({ ceremony_id: ceremonyId, response: authenticationResponseInput });

export const passkeyRemoveInput = z.object({
  id: z.string().min(1).max(100),
  password: z.string().min(1, "errors.passwordRequired").max(1024),
});

export const passkeyRenameInput = z.object({ id: z.string().min(1).max(100), name: passkeyNameInput });

export const passkeyOutput = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.date(),
  last_used_at: z.date().nullable(),
});

export type PasskeyView = z.infer<typeof passkeyOutput>;

export const loginInput = z.object({
  username: z.string().trim().min(1, "errors.usernameRequired").max(100),
  password: z.string().min(1, "errors.passwordRequired").max(1024),
  /** Once a second factor is on: a TOTP code or a recovery code. */
  code: z.string().trim().max(64).optional(),
  /** Or, as the second factor, a passkey's answer to a login ceremony (POST /admin/passkeys/login/options). */
  passkey: passkeyAnswerInput.optional(),
});

/** `token` is null for the web client, whose session is an HttpOnly cookie instead. */
export const loginOutput = z.object({ token: z.string().nullable(), username: z.string(), expiresAt: z.date() });

/** The web client's sign-in with an API key, exchanged for a browser session (an HttpOnly cookie). */
export const keySignInInput = z.object({ key: z.string().trim().min(1, "errors.apiKeyRequired").max(512) });

/** Who the browser's session is (the "me" call): the facts the client renders, never a secret. */
export const sessionOutput = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }),
  z.object({ type: z.literal("admin"), id: z.string(), username: z.string() }),
  apiKeyTestOutput.extend({ type: z.literal("apikey") }),
]);

export type SessionView = z.infer<typeof sessionOutput>;

/** `adminId` is the CloudPaste document's name of `id`. */
export const adminTokenOutput = z.object({
  valid: z.literal(true),
  id: z.string(),
  adminId: z.string(),
  username: z.string(),
});

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value));

export const changePasswordInput = z
  .object({
    currentPassword: z.string().min(1, "errors.currentPasswordRequired").max(1024),
    newPassword: optionalText.pipe(z.string().min(MIN_PASSWORD_LENGTH, "errors.passwordTooShort").max(1024).optional()),
    newUsername: optionalText.pipe(z.string().trim().regex(USERNAME_PATTERN, "errors.usernameInvalid").optional()),
  })
  .refine((input) => input.newPassword !== undefined || input.newUsername !== undefined, {
    message: "errors.newUsernameOrPasswordRequired",
    path: ["newPassword"],
  })
  .refine((input) => input.newPassword === undefined || input.newPassword !== input.currentPassword, {
    message: "errors.newPasswordSameAsCurrent",
    path: ["newPassword"],
  });

export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** A TOTP enrolment: the key for manual entry (base32) and the otpauth:// URI the QR code shows. */
export const totpSetupOutput = z.object({ secret: z.string(), otpauth_url: z.string() });

const secondFactorCode = z.string().trim().min(1, "errors.secondFactorCodeRequired").max(64);

export const totpEnableInput = z.object({ code: secondFactorCode });

/** Shown once: the codes themselves are never stored. */
export const totpEnableOutput = z.object({ recovery_codes: z.array(z.string()) });

export const totpDisableInput = z.object({
  password: z.string().min(1, "errors.passwordRequired").max(1024),
  code: secondFactorCode,
});

export const secondFactorStatusOutput = z.object({
  totp_enabled: z.boolean(),
  passkeys: z.number(),
  totp_enabled_at: z.date().nullable(),
  recovery_codes_left: z.number(),
});

export const adminSessionOutput = z.object({
  id: z.string(),
  /** How it signed in: password, totp, recovery (more as factors are added). */
  method: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.string().nullable(),
  created_at: z.date(),
  last_seen_at: z.date(),
  expires_at: z.date(),
  /** The session making this request. */
  current: z.boolean(),
});

export type AdminSessionView = z.infer<typeof adminSessionOutput>;

/** Single sign-on as the login screen sees it, and whether the password still signs in. */
export const ssoStatusOutput = z.object({
  enabled: z.boolean(),
  /** The provider's name for "Sign in with <name>"; null when SSO is off. */
  name: z.string().nullable(),
  password_login: z.boolean(),
});

export const passwordLoginInput = z.object({ enabled: z.boolean() });

const appPasswordPermissions = z.object({ text: z.boolean(), file: z.boolean(), mount: z.boolean() });

/**
 * A new app password: a name saying which device or script, the areas it may reach (one at least),
 * and, like an API key, the folder it is confined to in the explorer and over WebDAV and whether it
 * may write there.
 */
export const appPasswordCreateInput = z.object({
  name: z.string().trim().min(1, "errors.appPasswordNameRequired").max(100),
  permissions: appPasswordPermissions.refine(
    (permissions) => permissions.text || permissions.file || permissions.mount,
    "errors.appPasswordScopeRequired",
  ),
  basic_path: virtualPath.default("/"),
  read_only: z.boolean().default(false),
});

export const appPasswordOutput = z.object({
  id: z.string(),
  name: z.string(),
  permissions: appPasswordPermissions,
  basic_path: z.string(),
  read_only: z.boolean(),
  created_at: z.date(),
  last_used_at: z.date().nullable(),
  last_used_ip: z.string().nullable(),
});
export type AppPasswordView = z.infer<typeof appPasswordOutput>;

/** The answer to creating one: the password itself, shown this once. */
export const appPasswordCreatedOutput = appPasswordOutput.extend({ password: z.string() });
