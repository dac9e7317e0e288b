import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { renderAppAt } from "../../../test/render-app";
import i18n from "../../i18n";

async function chooseLanguage(name: string) {
  const select = screen.getByRole("combobox", { name: /^(Language|语言)/ });
  const option = within(select).getByRole("option", { name }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

describe("language switch", () => {
  test("switches the interface to Chinese and back, storing the choice and <html lang>", async () => {
    renderAppAt("/upload");
    const nav = () => screen.getByRole("navigation", { name: /^(Main|主导航)$/ });
    expect(within(nav()).getByRole("link", { name: "Home" })).toBeDefined();

    await act(() => chooseLanguage("中文"));
    expect(await within(nav()).findByRole("link", { name: "首页" })).toBeDefined();
    expect(await screen.findByRole("heading", { level: 1, name: "文件上传" })).toBeDefined();
    expect(localStorage.getItem("language")).toBe("zh");
    expect(document.documentElement.lang).toBe("zh-CN");
    expect(document.title).toBe("文件上传 - Pastebox");

    await act(() => chooseLanguage("English"));
    expect(await within(nav()).findByRole("link", { name: "Home" })).toBeDefined();
    expect(localStorage.getItem("language")).toBe("en");
    expect(document.documentElement.lang).toBe("en");
  });

  test("the options mark the current language and are tagged with their own language", async () => {
    await i18n.changeLanguage("zh");
    renderAppAt("/");
    const select = screen.getByRole("combobox", { name: "语言：中文。选择语言" });
    const chinese = within(select).getByRole("option", { name: "中文" }) as HTMLOptionElement;
    const english = within(select).getByRole("option", { name: "English" }) as HTMLOptionElement;
    expect(chinese.selected).toBe(true);
    expect(english.selected).toBe(false);
    expect(chinese.getAttribute("lang")).toBe("zh-CN");
    expect(english.getAttribute("lang")).toBe("en");
  });
});
