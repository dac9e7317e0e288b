// Scheduled jobs (docs/jobs.md): the admin lists them with their last run, reads a job's runs and runs one now.
import { jobNameParam, jobOutput, jobRunOutput, jobRunsInput } from "@shared/schemas/admin/jobs";
import { z } from "zod";
import { listJobRuns, listJobs, runJobNow } from "../../services/jobs/jobs";
import { adminProcedure, rest, router } from "../../trpc";

const tags = ["System"];

export const jobsRouter = router({
  list: adminProcedure
    .meta(rest("GET /admin/jobs", "Scheduled jobs with their schedule, next run and last run", tags))
    .output(z.array(jobOutput))
    .query(({ ctx }) => listJobs(ctx.db, ctx.scheduler)),

  runs: adminProcedure
    .meta(
      rest(
        "GET /admin/jobs/{name}/runs",
        "A scheduled job's recent runs, newest first, with duration, result and log",
        tags,
      ),
    )
    .input(jobRunsInput)
    .output(z.array(jobRunOutput))
    .query(({ ctx, input }) => listJobRuns(ctx.db, ctx.scheduler, input.name, input.limit)),

  run: adminProcedure
    .meta(
      rest(
        "POST /admin/jobs/{name}/run",
        "Run a scheduled job now (409 while a run of it is under way in any process)",
        tags,
        { successStatus: 202 },
      ),
    )
    .input(jobNameParam)
    .output(z.object({ started: z.literal(true) }))
    .mutation(({ ctx, input }) => runJobNow(ctx.scheduler, input.name)),
});
