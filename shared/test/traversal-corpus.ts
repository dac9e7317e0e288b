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

/**
 * More forms, used by the path hardening script (scripts/hardening/paths.ts): overlong UTF-8 and
 * IIS-style encodings of "." "/" "\", encodings mixed within one segment, NUL in other places,
 * more look-alike dots, and absolute paths of other systems. Kept apart from TRAVERSAL_CORPUS so the
 * suites that replay that list keep their expectations; each still starts with "/".
 */
export const EXTRA_TRAVERSAL_CORPUS = [
  "/docs/%c0%ae%c0%ae/secret",
  "/docs/%c0%ae%c0%ae%c0%afsecret",
  "/docs/..%c0%afsecret",
  "/docs/..%c1%9csecret",
  "/docs/%e0%80%ae%e0%80%ae/secret",
  "/docs/%f0%80%80%ae%f0%80%80%ae/secret",
  "/docs/%u002e%u002e/secret",
  "/docs/..%u2215secret",
  "/docs/%252e%252e%252fsecret",
  "/docs/..%255csecret",
  "/docs/%25252e%25252e/secret",
  "/docs/.%2e/secret",
  "/docs/%2e./secret",
  "/docs/%2e%2e%5c%2e%2e%5csecret",
  "/docs/....//secret",
  "/docs/..././secret",
  "/docs/..%00/secret",
  "/docs/%00../secret",
  "/docs/../secret%00.txt",
  "/docs/..%0a/secret",
  "/docs/.. /secret",
  "/docs/..\t/secret",
  "/docs/\u2024\u2024/secret",
  "/docs/\ufe52\ufe52/secret",
  "/docs/.\u200b./secret",
  "/docs/\u002e\u002e/secret",
  "/docs/..%ef%bc%8fsecret",
  "/docs/../../../../../../etc/passwd",
  "/docs/..\\..\\..\\..\\etc\\passwd",
  "/etc/passwd",
  "/proc/self/environ",
  "/C:\\Windows\\win.ini",
  "/\\\\server\\share\\secret",
  "/docs/;/../secret",
  "/docs/..;jsessionid=1/secret",
  "/docs/?/../secret",
  "/docs/#/../secret",
];

/** Every attempt of both lists, as written and decoded once, without repeats. */
export function allTraversalForms(): string[] {
  return [
    ...new Set([...TRAVERSAL_CORPUS, ...EXTRA_TRAVERSAL_CORPUS].flatMap((attempt) => [attempt, safeDecode(attempt)])),
  ];
}
