// WebDAV locks in the admin panel (docs/security.md, the lock rows): the list of active locks, lifting
// one, and lifting all of a key's. The admin's alone: a key gets 403 from every route here.
import {
  davLockKeyParam,
  davLocksInput,
  davLocksOutput,
  davLocksRemovedOutput,
  davLockTokenParam,
} from "@shared/schemas/admin/dav-locks";
import { listDavLocks, removeDavLock, removeKeyDavLocks } from "../../dav/locks/lock-admin";
import { adminProcedure, rest, router } from "../../trpc";

const tags = ["WebDAV locks"];

export const davLocksRouter = router({
  list: adminProcedure
    .meta(rest("GET /admin/dav/locks", "Active WebDAV locks, newest first, with who holds each (limit, offset)", tags))
    .input(davLocksInput)
    .output(davLocksOutput)
    .query(({ ctx, input }) => listDavLocks(ctx.db, input)),

  remove: adminProcedure
    .meta(
      rest("DELETE /admin/dav/locks/{token}", "Lift one WebDAV lock, whoever holds it (404 when it has ended)", tags),
    )
    .input(davLockTokenParam)
    .output(davLocksRemovedOutput)
    .mutation(({ ctx, input }) => removeDavLock(ctx.db, input.token)),

  removeOfKey: adminProcedure
    .meta(rest("DELETE /admin/dav/key-locks/{key_id}", "Lift every WebDAV lock an API key holds", tags))
    .input(davLockKeyParam)
    .output(davLocksRemovedOutput)
    .mutation(({ ctx, input }) => removeKeyDavLocks(ctx.db, input.key_id)),
});
