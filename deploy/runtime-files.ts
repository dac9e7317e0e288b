// Gathers what the container image's runtime stage needs into one folder: the server and shared
// sources (Bun runs TypeScript as it is), the migrations, the built client, the generated database
// clients, and only the packages of node_modules that the server can load. The full install is
// ~880 MB (client libraries, build tools, Prisma's CLI); the server reaches ~90 packages of it. Which
// ones is asked of Bun's bundler: a build of every entry the server starts (the main file, the
// child-process tasks, the worker threads, the generated clients it requires by computed name) lists
// every module it reached in its metafile.
//
// A reached package is copied whole (its metafile lists only the modules whose exports were used, and
// a module re-exporting another one still needs it on disk), without type declarations and
// documents (source maps stay: Bun reads the ones a module names). Past LARGE_PACKAGE_BYTES a package brings only the files reached and its data files:
// that is @prisma/client, 72 MB of query compilers for every database and build, of which the server
// loads the small SQLite and Postgres ones.
//   usage: bun deploy/runtime-files.ts <output-folder>   (after `bun install` and `bun run build`)
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dir, "..");

/** Sources the runtime runs, copied whole (tests excepted). */
const SOURCE_FOLDERS = ["server", "shared", "prisma"];
const ROOT_FILES = ["package.json", "tsconfig.json"];
/** Data files a package reads at run time by path (the schema engine's WebAssembly, JSON tables). */
const PACKAGE_DATA = /\.(wasm|json|css)$/;
/** Never needed at run time. */
const NOT_RUNTIME = /(\.d\.[mc]?ts|\.md|\.markdown)$/i;
const LARGE_PACKAGE_BYTES = 32 * 2 ** 20;

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Files the server starts as a process or a thread of their own, besides server/main.ts. */
export function serverEntries(): string[] {
  const entries = walk(path.join(root, "server"))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.includes("/generated/"))
    .filter((file) => file.endsWith("-worker.ts") || readFileSync(file, "utf8").includes("import.meta.main"));
  const clients = ["sqlite", "postgres"].map((provider) =>
    path.join(root, `server/db/generated/${provider}/client.ts`),
  );
  return [path.join(root, "server/main.ts"), ...entries, ...clients];
}

/** The node_modules files the bundler reached from the entries, relative to the repository. */
export function reachedModuleFiles(): string[] {
  const scratch = mkdtempSync(path.join(tmpdir(), "pastebox-runtime-"));
  try {
    const metafile = path.join(scratch, "meta.json");
    const build = Bun.spawnSync(
      [
        process.execPath,
        "build",
        ...serverEntries(),
        "--target=bun",
        `--outdir=${scratch}/out`,
        `--metafile=${metafile}`,
      ],
      { cwd: root, stdout: "ignore", stderr: "pipe" },
    );
    if (build.exitCode !== 0) throw new Error(`bun build failed:\n${build.stderr.toString()}`);
    const inputs = Object.keys(JSON.parse(readFileSync(metafile, "utf8")).inputs as Record<string, unknown>);
    return inputs.filter((file) => file.startsWith("node_modules/"));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The files of every reached package (whole, or for a large one the reached and data files). */
export function runtimeModuleFiles(reached: string[]): string[] {
  const files = new Set(reached);
  const packages = new Set<string>();
  for (const file of reached) {
    // The innermost node_modules/<name> or node_modules/@scope/<name> holding the file.
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file);
    if (match?.[1]) packages.add(match[1]);
  }
  // A reached package's own dependencies go too: the bundler can inline a module that only re-exports a
  // Node built-in (events-universal's `require("events")` under streamx), so its metafile never names
  // the package that the runtime still resolves on disk.
  for (const pkg of packages) {
    const manifest = path.join(root, pkg, "package.json");
    if (!existsSync(manifest)) continue;
    const dependencies = Object.keys(
      (JSON.parse(readFileSync(manifest, "utf8")) as { dependencies?: Record<string, string> }).dependencies ?? {},
    );
    for (const dependency of dependencies) {
      const nested = `${pkg}/node_modules/${dependency}`;
      const found = [nested, `node_modules/${dependency}`].find((candidate) => existsSync(path.join(root, candidate)));
      if (found) packages.add(found);
    }
  }
  for (const pkg of packages) {
    // A nested node_modules belongs to another package, found on its own if reached.
    const own = walk(path.join(root, pkg))
      .map((file) => path.relative(root, file))
      .filter((file) => !file.slice(pkg.length).includes("/node_modules/") && !NOT_RUNTIME.test(file));
    const bytes = own.reduce((sum, file) => sum + statSync(path.join(root, file)).size, 0);
    for (const file of own) {
      if (bytes <= LARGE_PACKAGE_BYTES || PACKAGE_DATA.test(file)) files.add(file);
    }
  }
  return [...files].sort();
}

if (import.meta.main) {
  const output = process.argv[2];
  if (!output) {
    console.error("usage: bun deploy/runtime-files.ts <output-folder>");
    process.exit(2);
  }
  if (!existsSync(path.join(root, "dist/client/index.html"))) {
    console.error("dist/client is missing: run `bun run build` first.");
    process.exit(1);
  }
  mkdirSync(output, { recursive: true });
  for (const file of ROOT_FILES) cpSync(path.join(root, file), path.join(output, file));
  for (const folder of SOURCE_FOLDERS) {
    cpSync(path.join(root, folder), path.join(output, folder), {
      recursive: true,
      filter: (source) => !source.endsWith(".test.ts"),
    });
  }
  cpSync(path.join(root, "dist/client"), path.join(output, "dist/client"), { recursive: true });
  let bytes = 0;
  const modules = runtimeModuleFiles(reachedModuleFiles());
  for (const file of modules) {
    cpSync(path.join(root, file), path.join(output, file));
    bytes += statSync(path.join(root, file)).size;
  }
  console.log(
    `runtime files in ${output}: ${modules.length} files of node_modules (${(bytes / 2 ** 20).toFixed(1)} MiB)`,
  );
}
