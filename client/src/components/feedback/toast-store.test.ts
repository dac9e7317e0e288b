import { describe, expect, test } from "bun:test";
import { createToastStore, DEFAULT_TOAST_DURATION } from "./toast-store";

describe("toast store", () => {
  test("shows toasts newest last, with defaults per tone", () => {
    const store = createToastStore();
    store.success("Saved");
    store.error("Failed", { description: "Because" });
    expect(
      store.getToasts().map(({ tone, title, description, duration }) => ({ tone, title, description, duration })),
    ).toEqual([
      { tone: "success", title: "Saved", description: null, duration: DEFAULT_TOAST_DURATION.success },
      { tone: "error", title: "Failed", description: "Because", duration: DEFAULT_TOAST_DURATION.error },
    ]);
  });

  test("an id replaces the toast with that id instead of stacking, and restarts it", () => {
    const store = createToastStore();
    store.error("Session expired", { id: "auth" });
    store.error("Session expired", { id: "auth" });
    expect(store.getToasts()).toHaveLength(1);
    expect(store.getToasts()[0]?.version).toBe(2);
  });

  test("keeps at most the limit, dropping the oldest", () => {
    const store = createToastStore(2);
    store.info("a");
    store.info("b");
    store.info("c");
    expect(store.getToasts().map((toast) => toast.title)).toEqual(["b", "c"]);
  });

  test("dismiss, clear and subscribers", () => {
    const store = createToastStore();
    let notified = 0;
    const unsubscribe = store.subscribe(() => {
      notified += 1;
    });
    const id = store.warning("w", { duration: null, actions: [{ label: "Install", onClick: () => {} }] });
    expect(store.getToasts()[0]).toMatchObject({ duration: null, actions: [{ label: "Install" }] });
    store.dismiss(id);
    store.dismiss("unknown");
    store.info("x");
    store.clear();
    store.clear();
    expect(store.getToasts()).toEqual([]);
    expect(notified).toBe(4);
    unsubscribe();
    store.info("y");
    expect(notified).toBe(4);
  });
});
