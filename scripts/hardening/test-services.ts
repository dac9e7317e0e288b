// The services a hardening suite runs against (Postgres and S3, see kit.ts startHardeningServices),
// started before its tests and stopped after them. Kept apart from kit.ts, which the scripts run
// outside the test runner.
import { afterAll, beforeAll } from "bun:test";
import { requirePostgresUrl } from "../../server/test/harness";
import { type Services, startHardeningServices } from "./kit";

/** Services filled in by the suite's beforeAll: read `services.current` in tests, not while declaring them. */
export function hardeningServicesOfSuite(): { readonly current: Services } {
  let services: Services | undefined;
  beforeAll(async () => {
    requirePostgresUrl();
    services = await startHardeningServices();
  });
  afterAll(async () => {
    await services?.stop();
  });
  return {
    get current() {
      if (!services) throw new Error("the hardening services are not started yet");
      return services;
    },
  };
}
