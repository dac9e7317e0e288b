// Admin login and account schemas (docs/product.md §5 "Admin update", §7 auth).
import { z } from "zod";

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,50}$/;
export const MIN_PASSWORD_LENGTH = 8;

export const loginInput = z.object({
  username: z.string().trim().min(1, "errors.usernameRequired").max(100),
  password: z.string().min(1, "errors.passwordRequired").max(1024),
});

/** `token` is null for the web client, whose session is an HttpOnly cookie instead. */
export const loginOutput = z.object({ token: z.string().nullable(), username: z.string(), expiresAt: z.date() });

export const adminTokenOutput = z.object({ valid: z.literal(true), id: z.string(), username: z.string() });

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
