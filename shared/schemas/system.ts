// Schemas of the system endpoints (version, health), shared by server and client.
import { z } from "zod";

export const versionOutput = z.object({
  version: z.string(),
  app_version: z.string(),
  name: z.string(),
  runtime: z.string(),
  database: z.enum(["sqlite", "postgres"]),
});
export type VersionInfo = z.infer<typeof versionOutput>;
