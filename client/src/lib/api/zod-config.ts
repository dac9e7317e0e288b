// zod 4 compiles object parsers with `new Function` when it may, and finds out by trying once: under
// the app's Content-Security-Policy (no 'unsafe-eval') the try is blocked and reported as a CSP
// violation on every page that validates a form, noise that would hide a real one. The client
// validates little, so the interpreter is enough. Imported first by main.tsx.
//
// zod keeps its global configuration in `globalThis.__zod_globalConfig` and adopts an object already
// there (zod/v4/core/core.js), which `z.config()` also writes to: setting it before zod loads configures
// every zod the page loads later without loading zod with the shell, where nothing parses
// (docs/decisions/0014-public-pages-without-trpc.md). zod-config.test.ts checks zod still reads it.
const ZOD_CONFIG_KEY = "__zod_globalConfig";

const scope = globalThis as typeof globalThis & { [ZOD_CONFIG_KEY]?: Record<string, unknown> };
scope[ZOD_CONFIG_KEY] = { ...scope[ZOD_CONFIG_KEY], jitless: true };
