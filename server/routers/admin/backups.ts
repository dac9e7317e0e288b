// The admin's Backups module as procedures and raw routes (docs/backup.md, "From the admin panel"):
// the overview (archives, the run under way, the last run), create now, delete, download an archive,
// the CloudPaste import of an uploaded file (dry run first), and a restore uploaded now and applied at
// the next start (decision 0015). All admin-only.
import {
  backupArchiveParams,
  backupOverviewOutput,
  backupRunStateOutput,
  backupScheduleOutput,
  cloudPasteImportQuery,
  createBackupInput,
  pendingRestoreOutput,
  restoreUploadQuery,
  updateBackupScheduleInput,
} from "@shared/schemas/admin/backups";
import { z } from "zod";
import { AppError } from "../../errors";
import { nodeBody } from "../../http/bodies/upload-form";
import { objectResponse } from "../../http/downloads/object-response";
import { translate } from "../../i18n";
import { envelopeResponse } from "../../rest/envelope";
import { defineRawRoute, jsonAnswer, objectAnswers, type RawRoute } from "../../rest/raw-route";
import {
  backupOverview,
  backupRunState,
  createBackupNow,
  importCloudPasteUpload,
} from "../../services/backup/admin-backups";
import { archiveLocation, deleteArchive, findArchive } from "../../services/backup/archives";
import { cancelPendingRestore, pendingRestore, stagePendingRestore } from "../../services/backup/pending-restore";
import { readBackupSchedule, toScheduleView, updateBackupSchedule } from "../../services/backup/schedule";
import { adminProcedure, type Context, rest, router } from "../../trpc";

const tags = ["Backups"];

/** Where a restore upload's passphrase travels: not in the URL, which proxies and logs keep. */
export const PASSPHRASE_HEADER = "X-Backup-Passphrase";

function readPassphraseHeader(request: Request): string | undefined {
  const raw = request.headers.get(PASSPHRASE_HEADER);
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new AppError("BAD_REQUEST", "errors.restoreWrongPassphrase");
  }
}

const archiveDeps = (ctx: Context) => ({ db: ctx.db, storage: ctx.storage, dataDir: ctx.config.dataDir });

export const backupsRouter = router({
  overview: adminProcedure
    .meta(
      rest(
        "GET /admin/backups",
        "Backup archives kept, the backup under way with its progress, and the last run",
        tags,
      ),
    )
    .output(backupOverviewOutput)
    .query(({ ctx }) => backupOverview(archiveDeps(ctx))),

  status: adminProcedure
    .meta(
      rest(
        "GET /admin/backups/status",
        "The backup under way, the last finished run (its result or error) and the next scheduled one",
        tags,
        { description: "What the dashboard shows; unlike GET /admin/backups it lists no archive." },
      ),
    )
    .output(backupRunStateOutput)
    .query(({ ctx }) => backupRunState({ db: ctx.db, dataDir: ctx.config.dataDir })),

  pendingRestore: adminProcedure
    .meta(
      rest(
        "GET /admin/backups/restore",
        "The restore uploaded from the panel that the next start applies; null when none",
        tags,
      ),
    )
    .output(pendingRestoreOutput.nullable())
    .query(({ ctx }) => pendingRestore(ctx.config.dataDir)),

  cancelRestore: adminProcedure
    .meta(
      rest(
        "DELETE /admin/backups/restore",
        "Cancel the pending restore: its archive and details are deleted, the next start restores nothing",
        tags,
      ),
    )
    .output(z.object({ cancelled: z.boolean() }))
    .mutation(({ ctx }) => cancelPendingRestore(ctx.config.dataDir)),

  create: adminProcedure
    .meta(
      rest("POST /admin/backups", "Start a backup now (202; 409 while a backup runs in any process)", tags, {
        description:
          "Follow it with GET /admin/backups (`running.progress`, then `last_run`). With a passphrase the app " +
          "secret is sealed into the archive; without one it is left out, and a restore on an install with " +
          "another secret must re-create API keys and re-enter S3 credentials.",
        successStatus: 202,
      }),
    )
    .input(createBackupInput)
    .output(z.object({ started: z.literal(true) }))
    .mutation(({ ctx, input }) =>
      createBackupNow(ctx.scheduler, { passphrase: input.passphrase, includeObjects: input.include_objects }),
    ),

  schedule: adminProcedure
    .meta(rest("GET /admin/backups/schedule", "The schedule of automatic backups", tags))
    .output(backupScheduleOutput)
    .query(async ({ ctx }) => toScheduleView(await readBackupSchedule(ctx.db))),

  setSchedule: adminProcedure
    .meta(
      rest(
        "PUT /admin/backups/schedule",
        "Set automatic backups: off, daily or weekly at an hour (UTC), how many to keep, and where",
        tags,
        {
          description:
            "`location` is `disk` (DATA_DIR/backups) or a storage config's id (an S3 bucket: the off-site copy, " +
            "streamed there as a multipart upload). The passphrase is stored encrypted under the app secret.",
        },
      ),
    )
    .input(updateBackupScheduleInput)
    .output(backupScheduleOutput)
    .mutation(({ ctx, input }) => updateBackupSchedule(ctx.db, ctx.config.secret, input)),

  remove: adminProcedure
    .meta(rest("DELETE /admin/backups/{location}/{name}", "Delete a backup archive", tags))
    .input(backupArchiveParams)
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => deleteArchive(archiveDeps(ctx), input.location, input.name)),
});

export const backupRawRoutes: RawRoute[] = [
  defineRawRoute({
    method: "GET",
    path: "/admin/backups/{location}/{name}/download",
    summary: "Download a backup archive (streamed, Range supported)",
    tags,
    access: "admin",
    responses: [...objectAnswers("archive"), jsonAnswer(404, "No such archive")],
    async handle({ ctx, params }) {
      const { location: locationId, name } = backupArchiveParams.parse(params);
      const location = await archiveLocation(archiveDeps(ctx), locationId);
      const { key } = await findArchive(location, name);
      return objectResponse(location.driver, key, ctx.request, {
        downloader: ctx,
        disposition: "attachment",
        filename: name,
        contentType: "application/x-tar",
      });
    },
  }),
  defineRawRoute({
    method: "POST",
    path: "/admin/backups/cloudpaste-import",
    summary: "Import a CloudPaste backup (.json, 0.8 to 1.9) or database (cloudpaste.db, 0.6.8+)",
    description:
      "The body is the file itself (application/octet-stream). `dry_run` (the default) reports what would " +
      "be imported, skipped, changed or in conflict and writes nothing; `dry_run=false` imports and " +
      "answers the same report. Safe to run twice: what was imported before is skipped.",
    tags,
    access: "admin",
    query: cloudPasteImportQuery,
    requestBody: { contentType: "application/octet-stream", schema: z.string().describe("The CloudPaste file") },
    responses: [
      jsonAnswer(200, "The per-item report (envelope)"),
      jsonAnswer(400, "Not a CloudPaste backup or database, or of an unknown version"),
      jsonAnswer(413, "Larger than 256 MiB"),
    ],
    async handle({ ctx, query }) {
      const report = await importCloudPasteUpload(
        { db: ctx.db, secret: ctx.config.secret, dataDir: ctx.config.dataDir },
        nodeBody(ctx.request),
        { dryRun: query.dry_run },
      );
      return envelopeResponse(200, translate("errors.ok"), report);
    },
  }),
  defineRawRoute({
    method: "POST",
    path: "/admin/backups/restore",
    summary: "Upload a backup to restore: verified now, applied when the server next starts (202)",
    description:
      "The body is the archive itself (application/octet-stream), streamed to DATA_DIR/pending-restore.tar. " +
      `The passphrase that opens its sealed secret goes in the ${PASSPHRASE_HEADER} header, percent-encoded ` +
      "(UTF-8). Every check of the CLI restore runs before anything is kept: a file that is not a backup, a " +
      "damaged or truncated one, one from a newer Pastebox, a missing or wrong passphrase are refused (400), " +
      "as is an install with data unless `force=true` (409); nothing is kept then. The answer says what the " +
      "next start restores; restart the server to apply it (docs/backup.md).",
    tags,
    access: "admin",
    query: restoreUploadQuery,
    requestBody: { contentType: "application/octet-stream", schema: z.string().describe("The backup archive") },
    responses: [
      jsonAnswer(202, "Verified; the pending restore (envelope)"),
      jsonAnswer(400, "Not a backup, damaged, truncated, from a newer version, or a missing or wrong passphrase"),
      jsonAnswer(
        409,
        "The install has data (without force), SECRET differs from the backup's, or a restore is pending",
      ),
      jsonAnswer(507, "The server's disk is full"),
    ],
    async handle({ ctx, query }) {
      const pending = await stagePendingRestore(
        {
          db: ctx.db,
          dataDir: ctx.config.dataDir,
          secret: ctx.config.secret,
          isSecretFromEnv: ctx.config.isSecretFromEnv,
        },
        nodeBody(ctx.request),
        { passphrase: readPassphraseHeader(ctx.request), force: query.force },
      );
      return envelopeResponse(202, translate("errors.ok"), pending);
    },
  }),
];
