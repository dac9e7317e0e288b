// How a row of the Upload screen's list runs: the screen's job (what it knows: the share options, the
// storage, the limits) completed with the upload engine's own parts (the transport, the resume store,
// the storages the browser could not reach, the page's CSP). Loaded with the engine when the first row
// starts (upload-session.ts), so that opening the screen downloads none of it.
import { pageMayReach } from "../../shares/download/csp";
import { directBlockedInTab } from "../direct-blocked";
import { resumeStore } from "../engine/resume-store";
import { xhrTransport } from "../engine/transport";
import type { UploadedFile } from "../engine/upload-api";
import { multipartThresholdOverride } from "../upload-plan";
import { runUpload, type UploadEnvironment, type UploadJob } from "./run-upload";
import type { ProgressPatch, QueueItem } from "./upload-queue";

/** The parts of the environment the engine brings itself. */
type EngineParts = "transport" | "directBlocked" | "resume" | "threshold" | "mayConnect";

/** What the Upload screen hands the queue when it starts rows. */
export type ScreenJob = Omit<UploadJob, "env"> & { env: Omit<UploadEnvironment, EngineParts> };

export function runScreenUpload(
  item: QueueItem,
  job: ScreenJob,
  report: (patch: ProgressPatch) => void,
  signal: AbortSignal,
): Promise<UploadedFile> {
  const env: UploadEnvironment = {
    ...job.env,
    transport: xhrTransport,
    directBlocked: directBlockedInTab,
    resume: resumeStore,
    threshold: multipartThresholdOverride(),
    mayConnect: (url) => pageMayReach("connect-src", url),
  };
  return runUpload(item, { ...job, env }, report, signal);
}
