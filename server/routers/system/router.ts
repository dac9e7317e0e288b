// System information that anyone may read.
import { existsSync } from "node:fs";
import { APP_VERSION, PRODUCT_NAME } from "@shared/constants";
import { versionOutput } from "@shared/schemas/system";
import { schemaLevelOf } from "../../db/migrate";
import { publicProcedure, rest, router } from "../../trpc";

export const systemRouter = router({
  version: publicProcedure
    .meta(rest("GET /version", "Version of the server", ["System"]))
    .output(versionOutput)
    .query(({ ctx }) => ({
      version: APP_VERSION,
      app_version: APP_VERSION,
      name: PRODUCT_NAME,
      runtime: `bun ${Bun.version}`,
      database: ctx.config.databaseProvider,
      schema_level: schemaLevelOf(ctx.config.databaseProvider),
      // Docker marks its containers with /.dockerenv, podman with /run/.containerenv.
      environment: existsSync("/.dockerenv") || existsSync("/run/.containerenv") ? "Docker" : "Bun",
      storage: ctx.config.databaseProvider === "postgres" ? "PostgreSQL" : "SQLite",
      nodeVersion: process.version,
      uptime: Math.round(process.uptime()),
    })),
});
