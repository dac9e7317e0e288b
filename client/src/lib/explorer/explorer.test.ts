import { describe, expect, test } from "bun:test";
import { expectAnswers } from "../../../test/answers";
import { breadcrumbsOf, entryNameProblem, explorerHref, previewOf } from "./explorer-paths";
import { pruneSelection, selectionState, toggleAll, toggleSelected } from "./explorer-selection";
import { nextSort, sortEntries } from "./explorer-sort";
import { emptyMountForm, validateMountForm } from "./mount-form";
import { addSearchHistory, readSearchHistory, SEARCH_HISTORY_MAX } from "./search-history";

describe("explorer paths", () => {
  test("breadcrumbs from the root down", () => {
    expect(breadcrumbsOf("/")).toEqual([{ name: "", path: "/" }]);
    expect(breadcrumbsOf("/a/b c/")).toEqual([
      { name: "", path: "/" },
      { name: "a", path: "/a" },
      { name: "b c", path: "/a/b c" },
    ]);
  });
  test("entry names", () => {
    expectAnswers(entryNameProblem, [
      ["  ", "explorer.names.required"],
      ["a/b", "explorer.names.noSlash"],
      ["..", "explorer.names.invalid"],
      ["report.md", null],
    ]);
  });
  test("explorer URLs with preview", () => {
    expect(explorerHref("/a b")).toBe("/mount-explorer/a%20b");
    expect(explorerHref("/", "/m/x y.png")).toBe("/mount-explorer?preview=%2Fm%2Fx%20y.png");
    expect(previewOf("?preview=%2Fm%2Fx%20y.png")).toBe("/m/x y.png");
    expect(previewOf("")).toBeNull();
  });
});

describe("sorting", () => {
  const entries = [
    { name: "b10.txt", type: "file" as const, size: 5, modified: new Date(3) },
    { name: "b2.txt", type: "file" as const, size: 50, modified: new Date(1) },
    { name: "zeta", type: "directory" as const, size: 0, modified: null },
    { name: "Alpha", type: "directory" as const, size: 0, modified: null },
  ];
  test("folders first, natural name order", () => {
    expect(sortEntries(entries, { key: "name", direction: "asc" }).map((e) => e.name)).toEqual([
      "Alpha",
      "zeta",
      "b2.txt",
      "b10.txt",
    ]);
    expect(sortEntries(entries, { key: "name", direction: "desc" }).map((e) => e.name)).toEqual([
      "zeta",
      "Alpha",
      "b10.txt",
      "b2.txt",
    ]);
  });
  test("size and modified", () => {
    expect(
      sortEntries(entries, { key: "size", direction: "desc" })
        .map((e) => e.name)
        .slice(2),
    ).toEqual(["b2.txt", "b10.txt"]);
    expect(
      sortEntries(entries, { key: "modified", direction: "asc" })
        .map((e) => e.name)
        .slice(2),
    ).toEqual(["b2.txt", "b10.txt"]);
  });
  test("next sort flips or restarts", () => {
    expect(nextSort({ key: "name", direction: "asc" }, "name")).toEqual({ key: "name", direction: "desc" });
    expect(nextSort({ key: "name", direction: "desc" }, "size")).toEqual({ key: "size", direction: "asc" });
  });
});

describe("selection", () => {
  test("toggle, all, prune, state", () => {
    let selected = toggleSelected(new Set(), "/a");
    expect([...selected]).toEqual(["/a"]);
    selected = toggleSelected(selected, "/a");
    expect(selected.size).toBe(0);
    expect(toggleAll(new Set(["/a"]), ["/a", "/b"]).size).toBe(2);
    expect(toggleAll(new Set(["/a", "/b"]), ["/a", "/b"]).size).toBe(0);
    expect([...pruneSelection(new Set(["/a", "/gone"]), ["/a", "/b"])]).toEqual(["/a"]);
    const same = new Set(["/a"]);
    expect(pruneSelection(same, ["/a"])).toBe(same);
    expect(selectionState(new Set(), ["/a"])).toBe("none");
    expect(selectionState(new Set(["/a"]), ["/a", "/b"])).toBe("some");
    expect(selectionState(new Set(["/a", "/b"]), ["/a", "/b"])).toBe("all");
  });
});

describe("mount form validation", () => {
  test("required fields and rules carry the shared schema's keys", () => {
    const errors = validateMountForm({ ...emptyMountForm(), cache_ttl: "" });
    expect(errors.name).toEqual({ key: "errors.mountNameRequired" });
    expect(errors.mount_path).toEqual({ key: "errors.mountPathRequired" });
    expect(errors.storage_config_id).toEqual({ key: "errors.mountStorageConfigRequired" });
    expect(errors.cache_ttl).toEqual({ key: "errors.cacheTtlInvalid" });
  });
  test("path rules and limits", () => {
    const base = { ...emptyMountForm("s1"), name: "Docs" };
    expect(validateMountForm({ ...base, mount_path: "docs" }).mount_path).toEqual({
      key: "errors.mountPathStartSlash",
    });
    expect(validateMountForm({ ...base, mount_path: "/api/x" }).mount_path).toEqual({
      key: "errors.mountPathReserved",
    });
    expect(validateMountForm({ ...base, mount_path: "/a b" }).mount_path).toEqual({ key: "errors.mountPathInvalid" });
    expect(validateMountForm({ ...base, mount_path: "/docs", cache_ttl: "86401" }).cache_ttl).toEqual({
      key: "errors.cacheTtlInvalid",
    });
    expect(validateMountForm({ ...base, name: "x".repeat(51), mount_path: "/docs" }).name).toEqual({
      key: "errors.mountNameTooLong",
    });
    expect(validateMountForm({ ...base, mount_path: "/文档/a-1" })).toEqual({});
  });
});

describe("search history", () => {
  test("newest first, deduplicated, bounded", () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    };
    addSearchHistory("one", storage);
    addSearchHistory("two", storage);
    expect(addSearchHistory("one", storage)).toEqual(["one", "two"]);
    for (let i = 0; i < 20; i++) addSearchHistory(`q${i}`, storage);
    expect(readSearchHistory(storage)).toHaveLength(SEARCH_HISTORY_MAX);
    values.set("explorer_search_history", "not json");
    expect(readSearchHistory(storage)).toEqual([]);
  });
});
