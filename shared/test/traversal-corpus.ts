// Attempts to climb out of the base path /docs, shared by the path-rule tests (shared/paths.test.ts)
// and the file-system tests that replay them against every operation. Each is meant to be tried as
// written and once URL-decoded (the form a server sees after decoding a query parameter once).
export const TRAVERSAL_CORPUS = [
  "/docs/..",
  "/docs/../secret",
  "/docs/../docsecret",
  "/docs/a/../../secret",
  "/docs/%2e%2e/secret",
  "/docs/%2E%2E/secret",
  "/docs/%2e%2e%2fsecret",
  "/docs/..%2fsecret",
  "/docs/%252e%252e/secret",
  "/docs/..%5csecret",
  "/docs\\..\\secret",
  "/docs/..\\secret",
  "/docs/..;/secret",
  "/docs/%00/../../secret",
  "/docs/\u0000/secret",
  "//docs//..//secret",
  "/docs/./../secret",
  "/docs/\uff0e\uff0e/secret",
  "/docs/\u2025/secret",
  "/docs/..\u2215secret",
  "/docs/..\u2044secret",
  "/docs/..\uff0fsecret",
  "/docs/.../secret",
  "/./docs/../secret",
  "/secret/../docs/../secret",
];

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Every attempt in both forms, without repeats. */
export function traversalForms(): string[] {
  return [...new Set(TRAVERSAL_CORPUS.flatMap((attempt) => [attempt, safeDecode(attempt)]))];
}
