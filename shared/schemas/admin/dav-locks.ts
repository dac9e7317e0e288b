// WebDAV locks as the admin sees them (docs/security.md, the lock rows): who holds each, where, how deep
// and until when, so a lock a key left or took to grief can be lifted from the panel.
import { z } from "zod";
import { paginationOutput } from "../common";

/** Locks per page of the admin's list; a page costs one bounded query whatever a key has locked. */
export const DAV_LOCKS_PAGE_MAX = 200;

export const davLockHolder = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("admin") }),
  z.object({
    kind: z.literal("key"),
    key_id: z.string(),
    key_name: z.string().nullable().describe("Null when the key no longer exists"),
  }),
]);

export const davLockOutput = z.object({
  token: z.string().describe("The lock token, opaquelocktoken:…"),
  path: z.string().describe("The locked path in the mount explorer (the URL beneath /dav)"),
  holder: davLockHolder,
  scope: z.enum(["exclusive", "shared"]),
  depth: z.enum(["0", "infinity"]).describe("infinity: the folder and everything beneath it"),
  taken_at: z.date(),
  expires_at: z.date(),
});
export type DavLockView = z.infer<typeof davLockOutput>;

export const davLocksInput = z.object({
  limit: z.coerce.number().int().min(1).max(DAV_LOCKS_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const davLocksOutput = z.object({ locks: z.array(davLockOutput), pagination: paginationOutput });

export const davLockTokenParam = z.object({ token: z.string().min(1).max(200) });
export const davLockKeyParam = z.object({ key_id: z.string().min(1).max(100) });

export const davLocksRemovedOutput = z.object({ removed: z.number() });
