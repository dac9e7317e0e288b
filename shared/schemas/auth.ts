// Admin login and account schemas (docs/product.md §5 "Admin update", §7 auth).
import { z } from "zod";
import { apiKeyTestOutput } from "./api-keys";

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,50}$/;
export const MIN_PASSWORD_LENGTH = 8;

export const loginInput = z.object({
  username: z.string().trim().min(1, "errors.usernameRequired").max(100),
  password: z.string().min(1, "errors.passwordRequired").max(1024),
  /** Once a second factor is on: a TOTP code or a recovery code. */
  code: z.string().trim().max(64).optional(),
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
