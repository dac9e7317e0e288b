// The server holds only its own texts (shared/i18n/languages/server.ts). A key the server names that is
// missing there would come out as the bare key, so every message key in the server's and shared code
// is looked up here, in both languages.
import { describe, expect, test } from "bun:test";
import { serverTexts } from "@shared/i18n/languages/server";
import { resources } from "@shared/i18n/resources";

const REPO = `${import.meta.dir}/..`;

function leafKeys(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

/** Dotted string literals in the code the server runs (server/ and shared/, tests and texts aside). */
async function namedKeys(): Promise<Map<string, string>> {
  const named = new Map<string, string>();
  for await (const file of new Bun.Glob("{server,shared}/**/*.ts").scan(REPO)) {
    if (/\.test\.ts$|\/test\/|\/generated\/|^shared\/i18n\//.test(file)) continue;
    const source = await Bun.file(`${REPO}/${file}`).text();
    for (const [, key] of source.matchAll(/["'`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)["'`]/g)) {
      if (key) named.set(key, file);
    }
  }
  return named;
}

describe("the server's texts", () => {
  test("hold every message key the server names, in English and Chinese", async () => {
    const held = {
      en: new Set(leafKeys(serverTexts.en.translation)),
      zh: new Set(leafKeys(serverTexts.zh.translation)),
    };
    const every = new Set(leafKeys(resources.en.translation));
    const named = await namedKeys();
    expect(named.size).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const [key, file] of named) {
      // A text of the pages, or any key in the server's own namespaces, must be held in both languages.
      const isText = every.has(key) || /^(errors|linkPreview|cloudPasteImport)\./.test(key);
      if (isText && !(held.en.has(key) && held.zh.has(key))) missing.push(`${key} (${file})`);
    }
    expect(missing).toEqual([]);
  });

  test("are whole namespaces of the pages' texts, word for word", () => {
    for (const language of ["en", "zh"] as const) {
      // Keys built at run time (`linkPreview.${key}`) are found by no scan: their namespaces are held whole.
      expect(Object.keys(serverTexts[language].translation).sort()).toEqual([
        "cloudPasteImport",
        "errors",
        "linkPreview",
      ]);
      const all = resources[language].translation as Record<string, unknown>;
      for (const [namespace, texts] of Object.entries(serverTexts[language].translation)) {
        expect(texts).toEqual(all[namespace] as typeof texts);
      }
    }
  });
});
