// An error message outside the parts a page has loaded (client/src/i18n.ts missingText): the reader
// sees a sentence in their language, never the raw key, and the message itself once its part arrives.
import { afterEach, describe, expect, test } from "bun:test";
import { act, render, screen } from "@testing-library/react";
import { useTranslation } from "react-i18next";
import i18n, { changeLanguage } from "./i18n";

function ErrorLine({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return <p data-testid="message">{t(messageKey, { storage: "Archive" })}</p>;
}

afterEach(async () => {
  await changeLanguage("en");
});

describe("an error message the page has not loaded", () => {
  test("shows the shell's translated message, in English and in Chinese", async () => {
    expect(i18n.t("errors.noSuchMessage")).toBe(i18n.t("common.unknownError"));
    expect(i18n.t("errors.noSuchMessage")).toBe("Something went wrong. Please try again.");
    await changeLanguage("zh");
    expect(i18n.t("errors.noSuchMessage")).toBe(i18n.t("common.unknownError"));
    expect(i18n.t("errors.noSuchMessage")).not.toContain("errors.");
  });

  test("is replaced on screen by the message itself when its part arrives", async () => {
    const errors = i18n.getResource("en", "translation", "errors") as Record<string, string>;
    const held = errors.storageFull;
    if (held === undefined) throw new Error("errors.storageFull is not loaded");
    // As on a page whose screen did not load the errors part: the message is not there yet.
    delete errors.storageFull;
    try {
      render(<ErrorLine messageKey="errors.storageFull" />);
      expect(screen.getByTestId("message").textContent).toBe("Something went wrong. Please try again.");
      act(() => {
        i18n.addResourceBundle("en", "translation", { errors: { storageFull: held } }, true);
      });
      expect(await screen.findByText("The storage “Archive” is full: nothing was saved")).toBeTruthy();
    } finally {
      errors.storageFull = held;
    }
  });
});
