import { describe, expect, test } from "bun:test";
import { languageFromHeader, runWithLanguage, translate } from "./i18n";

describe("server language", () => {
  test("Accept-Language picks zh or en by preference", () => {
    expect(languageFromHeader(undefined)).toBe("en");
    expect(languageFromHeader("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh");
    expect(languageFromHeader("en-US,zh;q=0.5")).toBe("en");
    expect(languageFromHeader("fr-FR,zh-TW;q=0.7,en;q=0.3")).toBe("zh");
    expect(languageFromHeader("de")).toBe("en");
  });

  test("translate follows the request's language", () => {
    expect(runWithLanguage("zh", () => translate("errors.notFound"))).toBe("未找到");
    expect(runWithLanguage("en", () => translate("errors.notFound"))).toBe("Not found");
    expect(translate("errors.tooManyRequests", { seconds: 5 }, "en")).toBe("Too many requests, try again in 5 seconds");
  });
});
