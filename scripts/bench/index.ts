// `bun run bench [name...]`: runs the benchmarks in scripts/bench/ (all when no name is given).
const BENCHMARKS = [
  "weight",
  "paste-view",
  "upload-stream",
  "fs-list",
  "dav-put",
  "soak",
  "view-soak",
  "clipboard",
  "e2ee",
  "e2ee-parts",
  "zip",
  "backup",
  "index",
  "admin-lists",
];
/** Benchmarks whose file is not named as the benchmark ("index" is this runner). */
const FILES: Record<string, string> = { index: "search-index" };
const names = process.argv.slice(2).length ? process.argv.slice(2) : BENCHMARKS;
for (const name of names) {
  if (!BENCHMARKS.includes(name)) throw new Error(`unknown benchmark ${name}; known: ${BENCHMARKS.join(", ")}`);
  console.log(`\n=== ${name} ===`);
  const child = Bun.spawn([process.execPath, `scripts/bench/${FILES[name] ?? name}.ts`], {
    stdio: ["inherit", "inherit", "inherit"],
  });
  if ((await child.exited) !== 0) process.exit(1);
}
