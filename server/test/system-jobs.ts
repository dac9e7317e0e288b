// Runs one of the jobs every server process registers (services/jobs/system-jobs.ts) the way the
// scheduler would, in the test's own process, and hands back what it answered and logged.
import { systemJobs } from "../services/jobs/system-jobs";

export async function runSystemJob(
  databaseUrl: string,
  name: string,
): Promise<{ schedule: string; result: unknown; log: string[] }> {
  const jobs = systemJobs(databaseUrl);
  try {
    const job = jobs.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`no system job named ${name}`);
    const log: string[] = [];
    const result = await job.run({
      log: (line) => log.push(line),
      progress: () => {},
      params: undefined,
      signal: new AbortController().signal,
    });
    return { schedule: job.schedule, result, log };
  } finally {
    jobs.close();
  }
}
