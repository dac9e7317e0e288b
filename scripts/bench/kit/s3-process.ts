// The test S3 server (s3rver) in a process of its own, for the upload benchmarks: in the benchmark's
// own process it would share one JavaScript thread with the client that generates and sends the
// file, and each would slow the other down (a real store is another machine).
import type { S3Service } from "../../test/services";

export async function startS3Process(): Promise<S3Service & { pid: number }> {
  const child = Bun.spawn([process.execPath, import.meta.path], { stdout: "pipe", stderr: "inherit" });
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const next = await reader.read();
    if (next.done) throw new Error("the S3 server process exited before it was ready");
    text += new TextDecoder().decode(next.value);
  }
  reader.releaseLock();
  const service: Omit<S3Service, "stop"> = JSON.parse(text);
  return {
    ...service,
    pid: child.pid,
    async stop() {
      // SIGTERM: the child closes s3rver and removes its directory.
      child.kill("SIGTERM");
      await child.exited;
    },
  };
}

if (import.meta.main) {
  const { startS3Server } = await import("../../test/services");
  const s3 = await startS3Server();
  const { stop: _stop, ...service } = s3;
  console.log(JSON.stringify(service));
  process.on("SIGTERM", () => {
    s3.stop().finally(() => process.exit(0));
  });
}
