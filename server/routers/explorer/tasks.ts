// Server-side explorer tasks (docs/tasks.md): copy, move and delete run by the server, followed by id. The
// admin's routes are /admin/fs/tasks..., a key's (with mount permission) /user/fs/tasks..., one
// procedure each; a key reaches only its own tasks.
import {
  fsTaskCreateInput,
  fsTaskGetInput,
  fsTaskIdParam,
  fsTaskListInput,
  fsTaskOutput,
  fsTaskSummaryOutput,
} from "@shared/schemas/explorer/tasks";
import { z } from "zod";
import { cancelTask, createTask, getTask, listTasks, retryTask } from "../../services/tasks/tasks";
import { mountProcedure, router, sharedOperations } from "../../trpc";

const taskOperation = sharedOperations(mountProcedure, "/fs/tasks", "File system tasks");

export const fsTasksRouter = router({
  create: taskOperation("", {
    method: "POST",
    summary: "Start a copy, move or delete that the server runs; answers the task's id at once",
    description:
      "Copies and moves work between any mounts and storages, the bytes streamed from store to store by the " +
      "server. Each item is checked against the caller's access first; problems found while running (a source " +
      "gone, a store refusing) are errors of the files concerned, and the task ends `partial`.",
    successStatus: 202,
  })
    .input(fsTaskCreateInput)
    .output(z.object({ task_id: z.string() }))
    .mutation(({ ctx, input }) => createTask({ ...ctx, wakeTasks: ctx.tasks.wake }, ctx.auth, input)),

  list: taskOperation("", {
    method: "GET",
    summary: "The caller's tasks of the last 7 days, newest first (the admin's: every task, by state and creator)",
  })
    .input(fsTaskListInput)
    .output(z.array(fsTaskSummaryOutput))
    .query(({ ctx, input }) => listTasks(ctx.db, ctx.auth, input)),

  get: taskOperation("/{id}", {
    method: "GET",
    summary: "A task's status, progress and a page of its files (1,000 at most), optionally those in one state",
  })
    .input(fsTaskGetInput)
    .output(fsTaskOutput)
    .query(({ ctx, input }) => getTask(ctx.db, ctx.auth, input)),

  cancel: taskOperation("/{id}/cancel", {
    method: "POST",
    summary: "Cancel a task: files not started are cancelled (409 when it has finished)",
  })
    .input(fsTaskIdParam)
    .output(z.object({ cancelled: z.literal(true) }))
    .mutation(({ ctx, input }) => cancelTask({ db: ctx.db, notifyTask: ctx.tasks.notify }, ctx.auth, input.id)),

  retry: taskOperation("/{id}/retry", {
    method: "POST",
    summary: "Run a finished task's failed and cancelled files again (409 while it runs)",
  })
    .input(fsTaskIdParam)
    .output(z.object({ retried: z.literal(true) }))
    .mutation(({ ctx, input }) =>
      retryTask({ db: ctx.db, wakeTasks: ctx.tasks.wake, notifyTask: ctx.tasks.notify }, ctx.auth, input.id),
    ),
});
