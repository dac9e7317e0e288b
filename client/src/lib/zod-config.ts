// zod 4 compiles object parsers with `new Function` when it may, and finds out by trying once: under
// the app's Content-Security-Policy (no 'unsafe-eval') the try is blocked and reported as a CSP
// violation on every page that validates a form, noise that would hide a real one. The client
// validates little, so the interpreter is enough. Imported by the data providers (data-providers.tsx),
// which every screen with a form renders inside, and by the encrypted share pages (which parse the
// envelope): not by the shell, so a share link's visitor does not load zod
// (docs/decisions/0014-public-pages-without-trpc.md).
import { z } from "zod";

z.config({ jitless: true });
