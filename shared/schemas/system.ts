// Schemas of the system endpoints (version, health), shared by server and client.
import { z } from "zod";

export const versionOutput = z.object({
  version: z.string(),
  app_version: z.string(),
  name: z.string(),
  runtime: z.string(),
  database: z.enum(["sqlite", "postgres"]),
  /** The newest database migration applied at start (server/db/migrate.ts, schemaLevelOf). */
  schema_level: z.string(),
  /** The CloudPaste document's fields: where it runs ("Docker" or "Bun"), the database by name, */
  environment: z.string(),
  storage: z.string(),
  /** the Node.js version the runtime is compatible with, and seconds since the process started. */
  nodeVersion: z.string(),
  uptime: z.number(),
});
export type VersionInfo = z.infer<typeof versionOutput>;
