// The app's tRPC router: one sub-router per domain (ARCHITECTURE.md #2). The client infers its types
// from AppRouter; the REST adapter and OpenAPI document read the procedures' `meta.rest`.
import { router } from "../trpc";
import { adminRouter } from "./admin";
import { keysRouter } from "./keys";
import { pastesRouter } from "./pastes";
import { systemRouter } from "./system";

export const appRouter = router({
  system: systemRouter,
  admin: adminRouter,
  keys: keysRouter,
  pastes: pastesRouter,
});

export type AppRouter = typeof appRouter;
