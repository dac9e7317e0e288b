import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import i18n from "../../i18n";
import { createToastStore } from "./toast-store";
import { Toaster } from "./toaster";

describe("<Toaster>", () => {
  test("a polite live region; errors are alerts, others status messages", () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    const region = screen.getByRole("region", { name: "Notifications" });
    expect(region.getAttribute("aria-live")).toBe("polite");
    act(() => {
      store.success("Saved");
      store.error("Could not save", { description: "The server said no" });
    });
    expect(within(region).getByRole("status").textContent).toContain("Saved");
    const alert = within(region).getByRole("alert");
    expect(alert.textContent).toContain("Could not save");
    expect(alert.textContent).toContain("The server said no");
  });

  test("the close button dismisses; actions run and dismiss", () => {
    const store = createToastStore();
    let installed = 0;
    render(<Toaster store={store} />);
    act(() => {
      store.info("Update available", {
        duration: null,
        actions: [{ label: "Reload", onClick: () => (installed += 1) }],
      });
      store.info("Other", { duration: null });
    });
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(installed).toBe(1);
    expect(screen.queryByText("Update available")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(store.getToasts()).toEqual([]);
  });

  test("closes by itself after its duration, but not while hovered", async () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.success("Quick", { duration: 60 });
      store.success("Held", { duration: 60 });
    });
    fireEvent.mouseEnter(screen.getByText("Held").closest("[role=status]") as Element);
    await act(() => Bun.sleep(200));
    expect(screen.queryByText("Quick")).toBeNull();
    expect(screen.getByText("Held")).toBeDefined();
    fireEvent.mouseLeave(screen.getByText("Held").closest("[role=status]") as Element);
    await act(() => Bun.sleep(200));
    expect(screen.queryByText("Held")).toBeNull();
  });

  test("texts are translated", async () => {
    await i18n.changeLanguage("zh");
    render(<Toaster store={createToastStore()} />);
    expect(screen.getByRole("region", { name: "通知" })).toBeDefined();
  });
});
