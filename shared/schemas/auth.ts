// Admin login and account schemas (docs/product.md §5 "Admin update", §7 auth).
import { z } from "zod";
import { apiKeyTestOutput } from "./api-keys";

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,50}$/;
export const MIN_PASSWORD_LENGTH = 8;

export const loginInput = z.object({
  username: z.string().trim().min(1, "errors.usernameRequired").max(100),
  password: z.string().min(1, "errors.passwordRequired").max(1024),
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
