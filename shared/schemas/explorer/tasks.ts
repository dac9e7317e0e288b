// Server-side explorer tasks (docs/tasks.md): a copy, move or delete the server runs on its own, followed by
// its event stream (or by reading its status). `targetPath` follows batch-copy: a trailing slash (or an existing folder) names
// the folder the item goes into, otherwise the item's new path.
import { z } from "zod";
import { virtualPath } from "../common";
import { FS_BATCH_MAX, targetPath } from "./explorer";

export const FS_TASK_TYPES = ["copy", "move", "delete"] as const;
export const FS_TASK_STATUSES = [
  "pending",
  "planning",
  "running",
  "completed",
  "partial",
  "failed",
  "cancelled",
] as const;
export const FS_TASK_FILE_STATUSES = ["pending", "running", "done", "skipped", "failed", "cancelled"] as const;

export const fsTaskCreateInput = z
  .object({
    type: z.enum(FS_TASK_TYPES),
    items: z
      .array(z.object({ sourcePath: virtualPath, targetPath: targetPath.optional() }))
      .min(1, "errors.selectionRequired")
      .max(FS_BATCH_MAX),
    skipExisting: z.boolean().default(false),
  })
  .superRefine((input, context) => {
    if (input.type === "delete") return;
    input.items.forEach((item, index) => {
      if (!item.targetPath) {
        context.addIssue({
          code: "custom",
          path: ["items", index, "targetPath"],
          message: "errors.fsTaskTargetRequired",
        });
      }
    });
  });

export const fsTaskIdParam = z.object({ id: z.string().min(1).max(64) });

/** Files a task answer lists at most at once (an event stream's message as well): a task may have many. */
export const FS_TASK_FILES_PAGE = 1000;

export const fsTaskGetInput = fsTaskIdParam.extend({
  file_status: z
    .enum(FS_TASK_FILE_STATUSES)
    .optional()
    .describe("Only the files in this state (`failed`: what went wrong)"),
  files_offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  files_limit: z.coerce.number().int().min(1).max(FS_TASK_FILES_PAGE).default(FS_TASK_FILES_PAGE),
});

export const fsTaskFileOutput = z.object({
  path: z.string().describe("The source path of the file"),
  target_path: z.string().nullable(),
  status: z.enum(FS_TASK_FILE_STATUSES),
  error: z.string().optional(),
});

export const fsTaskSummaryOutput = z.object({
  id: z.string(),
  type: z.enum(FS_TASK_TYPES),
  items: z
    .array(z.object({ path: z.string(), target_path: z.string().nullable() }))
    .describe("What the task was asked to do: each source and where it goes"),
  status: z.enum(FS_TASK_STATUSES),
  progress: z.number().describe("Share of the files finished (done, skipped or failed), 0 to 1"),
  total: z.number(),
  done: z.number(),
  skipped: z.number(),
  failed: z.number(),
  error: z.string().nullable().describe("Why the task could not be planned, when it failed as a whole"),
  created_by: z.string().describe('Who started it: "admin:<id>" or "apikey:<id>"'),
  created_by_name: z
    .string()
    .nullable()
    .describe("The admin's username or the key's name; null for a key deleted since"),
  created_at: z.date(),
  finished_at: z.date().nullable(),
});

export const fsTaskOutput = fsTaskSummaryOutput.extend({
  files: z.array(fsTaskFileOutput).describe("A page of the files (`files_offset`, `files_limit`, `file_status`)"),
  files_matching: z.number().describe("How many files `file_status` matches (all of them without it)"),
});

export const fsTaskListInput = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    status: z.enum(FS_TASK_STATUSES).optional(),
    created_by: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe("Only the tasks of this creator: \"admin\", a key's id, or a created_by value (an admin's filter)"),
    before: z.coerce
      .date()
      .optional()
      .describe("Only tasks created before this time: the next page after the last one"),
  })
  .optional();
