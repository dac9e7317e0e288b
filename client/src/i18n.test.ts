import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { resources } from "@shared/i18n/resources";
import i18n, { changeLanguage, currentLanguage } from "./i18n";

function leafKeys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("i18n", () => {
  test("changing the language persists it and updates <html lang>", async () => {
    await changeLanguage("zh");
    expect(currentLanguage()).toBe("zh");
    expect(localStorage.getItem("language")).toBe("zh");
    expect(document.documentElement.lang).toBe("zh-CN");
    expect(i18n.t("nav.home")).toBe("首页");

    await changeLanguage("en");
    expect(localStorage.getItem("language")).toBe("en");
    expect(document.documentElement.lang).toBe("en");
    expect(i18n.t("nav.home")).toBe("Home");
  });

  test("Chinese and English have the same keys, and no text is empty", () => {
    const en = leafKeys(resources.en.translation).sort();
    const zh = leafKeys(resources.zh.translation).sort();
    expect(zh).toEqual(en);
    for (const language of ["en", "zh"] as const) {
      for (const key of en) {
        const text = i18n.getResource(language, "translation", key);
        expect(typeof text === "string" && text.trim().length > 0).toBe(true);
      }
    }
  });

  // Catches a typo'd key, which i18next would otherwise render as the raw key text.
  test("every literal key the client uses exists", () => {
    // A plural key ("x_one", "x_other") is used as "x" with a count.
    const known = new Set(
      leafKeys(resources.en.translation).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")),
    );
    const used = new Set<string>();
    for (const file of sourceFiles(join(import.meta.dir))) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([\w.-]+)"/g)) used.add(match[1] ?? "");
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
  });
});
