// zod 4 compiles object parsers with `new Function` when it may, and finds out by trying once: under
// the app's Content-Security-Policy (no 'unsafe-eval') the try is blocked and reported as a CSP
// violation on every page that validates a form, noise that would hide a real one. The client
// validates little, so the interpreter is enough. Imported first by main.tsx.
import { z } from "zod";

z.config({ jitless: true });
