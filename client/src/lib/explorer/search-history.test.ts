import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { setOfflineDbForTests } from "../../offline/local-db";
import { createTestDb } from "../../offline/test/fake-db";
import {
  addSearchHistory,
  clearSearchHistory,
  loadSearchHistory,
  readSearchHistory,
  SEARCH_HISTORY_KEY,
  SEARCH_HISTORY_MAX,
} from "./search-history";

/** Writes to IndexedDB run in the background; wait until the store shows `count` rows. */
async function rowsEventually(db: ReturnType<typeof createTestDb>, count: number) {
  for (let i = 0; i < 100; i++) {
    if ((await db.searchHistory.count()) === count) return;
    await Bun.sleep(5);
  }
  throw new Error(`expected ${count} rows, found ${await db.searchHistory.count()}`);
}

// Each test starts from an empty history: searches typed by other files' tests live in the same module.
beforeEach(() => {
  setOfflineDbForTests(undefined);
  clearSearchHistory();
});

afterEach(() => {
  clearSearchHistory();
  setOfflineDbForTests(undefined);
});

describe("explorer search history in the offline database", () => {
  test("newest first, no duplicates, at most 8; kept in the searchHistory store", async () => {
    const db = createTestDb();
    setOfflineDbForTests(db);
    addSearchHistory("one");
    addSearchHistory("two");
    expect(addSearchHistory(" one ")).toEqual(["one", "two"]);
    for (let i = 0; i < 20; i++) addSearchHistory(`q${i}`);
    expect(readSearchHistory()).toHaveLength(SEARCH_HISTORY_MAX);
    expect(readSearchHistory()[0]).toBe("q19");
    await rowsEventually(db, SEARCH_HISTORY_MAX);
    // Nothing lands in localStorage any more.
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
  });

  test("a fresh page loads the stored history; clearing empties the store", async () => {
    const db = createTestDb();
    setOfflineDbForTests(db);
    await db.searchHistory.bulkPut([
      { query: "older", timestamp: 1 },
      { query: "newer", timestamp: 2 },
    ]);
    expect(await loadSearchHistory(db, null)).toEqual(["newer", "older"]);
    expect(readSearchHistory()).toEqual(["newer", "older"]);
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
    await rowsEventually(db, 0);
  });

  test("a history kept in localStorage by an older version moves into the database once", async () => {
    const db = createTestDb();
    setOfflineDbForTests(db);
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(["latest", "earlier"]));
    expect(await loadSearchHistory(db, localStorage)).toEqual(["latest", "earlier"]);
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
    expect((await db.searchHistory.orderBy("timestamp").reverse().toArray()).map((row) => row.query)).toEqual([
      "latest",
      "earlier",
    ]);
  });

  test("without IndexedDB the history lives in memory for the visit", () => {
    setOfflineDbForTests(null);
    addSearchHistory("only in memory");
    expect(readSearchHistory()).toEqual(["only in memory"]);
  });
});
