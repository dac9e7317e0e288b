// The admin's Backups module as procedures and raw routes (docs/backup.md, "From the admin panel"):
// the overview (archives, the run under way, the last run), create now, delete, download an archive,
// and the CloudPaste import of an uploaded file (dry run first). All admin-only.
import {
  backupArchiveParams,
  backupOverviewOutput,
  backupRunStateOutput,
  backupScheduleOutput,
  cloudPasteImportQuery,
  createBackupInput,
  updateBackupScheduleInput,
} from "@shared/schemas/backups";
import { z } from "zod";
import { objectResponse } from "../../http/object-response";
import { nodeBody } from "../../http/upload-form";
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
import { readBackupSchedule, toScheduleView, updateBackupSchedule } from "../../services/backup/schedule";
import { adminProcedure, type Context, router } from "../../trpc";

const tags = ["Backups"];

const archiveDeps = (ctx: Context) => ({ db: ctx.db, storage: ctx.storage, dataDir: ctx.config.dataDir });

export const backupsRouter = router({
  overview: adminProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/admin/backups",
        summary: "Backup archives kept, the backup under way with its progress, and the last run",
        tags,
      },
    })
    .output(backupOverviewOutput)
    .query(({ ctx }) => backupOverview(archiveDeps(ctx))),

  status: adminProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/admin/backups/status",
        summary: "The backup under way, the last finished run (its result or error) and the next scheduled one",
        description: "What the dashboard shows; unlike GET /admin/backups it lists no archive.",
        tags,
      },
    })
    .output(backupRunStateOutput)
    .query(({ ctx }) => backupRunState(ctx.db)),

  create: adminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/admin/backups",
        summary: "Start a backup now (202; 409 while a backup runs in any process)",
        description:
          "Follow it with GET /admin/backups (`running.progress`, then `last_run`). With a passphrase the app " +
          "secret is sealed into the archive; without one it is left out, and a restore on an install with " +
          "another secret must re-create API keys and re-enter S3 credentials.",
        tags,
        successStatus: 202,
      },
    })
    .input(createBackupInput)
    .output(z.object({ started: z.literal(true) }))
    .mutation(({ ctx, input }) =>
      createBackupNow(ctx.scheduler, { passphrase: input.passphrase, includeObjects: input.include_objects }),
    ),

  schedule: adminProcedure
    .meta({
      rest: { method: "GET", path: "/admin/backups/schedule", summary: "The schedule of automatic backups", tags },
    })
    .output(backupScheduleOutput)
    .query(async ({ ctx }) => toScheduleView(await readBackupSchedule(ctx.db))),

  setSchedule: adminProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/admin/backups/schedule",
        summary: "Set automatic backups: off, daily or weekly at an hour (UTC), how many to keep, and where",
        description:
          "`location` is `disk` (DATA_DIR/backups) or a storage config's id (an S3 bucket: the off-site copy, " +
          "streamed there as a multipart upload). The passphrase is stored encrypted under the app secret.",
        tags,
      },
    })
    .input(updateBackupScheduleInput)
    .output(backupScheduleOutput)
    .mutation(({ ctx, input }) => updateBackupSchedule(ctx.db, ctx.config.secret, input)),

  remove: adminProcedure
    .meta({
      rest: { method: "DELETE", path: "/admin/backups/{location}/{name}", summary: "Delete a backup archive", tags },
    })
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
];
