import { describe, expect, test } from "bun:test";
import type { Language } from "@shared/constants";
import i18n from "../../../i18n";
import { describeSchedule } from "./job-format";
import { type RunForSummary, summarizeRun, summaryText } from "./job-result";

const STORAGES: Record<string, string> = { "cfg-local": "Local", "cfg-s3": "Bucket" };

/** The line the Jobs view shows for a run of `job` that answered `result`, in `language`. */
function shown(language: Language, job: string, result: unknown, status: RunForSummary["status"] = "succeeded") {
  const summary = summarizeRun(
    job,
    { status, result: typeof result === "string" || result === null ? result : JSON.stringify(result) },
    { t: i18n.getFixedT(language), language, storageName: (id) => STORAGES[id] },
  );
  return summary ? { isError: summary.isError, text: summaryText(summary) } : null;
}

const both = (job: string, result: unknown, status?: RunForSummary["status"]) => ({
  en: shown("en", job, result, status)?.text,
  zh: shown("zh", job, result, status)?.text,
});

describe("a job run's result in words (docs/jobs.md)", () => {
  test("sweep", () => {
    expect(both("sweep", { swept: true })).toEqual({
      en: "Expired pastes, shares and uploads cleaned up",
      zh: "已清理过期的文本、分享和上传",
    });
  });

  test("audit-purge: the events removed, counted in the reader's digits", () => {
    expect(both("audit-purge", { removed: 12 })).toEqual({ en: "12 audit events removed", zh: "已删除 12 条审计事件" });
    expect(both("audit-purge", { removed: 1 }).en).toBe("1 audit event removed");
    expect(both("audit-purge", { removed: 12345 }).en).toBe("12,345 audit events removed");
  });

  test("share-count-fold: buckets folded and transactions used", () => {
    expect(both("share-count-fold", { folded: 40, steps: 1 })).toEqual({
      en: "40 old count buckets folded · 1 transaction",
      zh: "已合并 40 个旧计数桶 · 1 个事务",
    });
  });

  test("wal-checkpoint: written back, postponed, or not needed", () => {
    expect(both("wal-checkpoint", { busy: false, walFrames: 2048, checkpointedFrames: 2048 })).toEqual({
      en: "2,048 of 2,048 log pages written back",
      zh: "已写回 2,048 / 2,048 个日志页",
    });
    expect(both("wal-checkpoint", { busy: true, walFrames: 900, checkpointedFrames: 12 }).en).toBe(
      "Postponed: a reader or writer kept the database busy · 12 of 900 log pages written back",
    );
    expect(both("wal-checkpoint", { skipped: "the log is within what the automatic checkpoint keeps" })).toEqual({
      en: "Not needed: the log is within its usual size",
      zh: "无需执行：日志大小正常",
    });
  });

  test("upload-request-webhooks: delivered, to retry, given up (not the deliveries another process took)", () => {
    expect(both("upload-request-webhooks", { delivered: 3, retrying: 1, failed: 0, "not-due": 2 })).toEqual({
      en: "3 delivered · 1 to retry · 0 given up",
      zh: "已送达 3 个 · 待重试 1 个 · 已放弃 0 个",
    });
  });

  test("backup: its name, size, rows, objects and where it went, with what is worth knowing", () => {
    const backup = {
      location: "disk",
      name: "pastebox-2026-11-30.tar.gz",
      bytes: 4.2 * 1024 * 1024,
      rows: 1204,
      objects: 37,
      objectBytes: 0,
      skippedObjects: 0,
      secretIncluded: true,
      pruned: [],
    };
    expect(both("backup", backup)).toEqual({
      en: "Backup pastebox-2026-11-30.tar.gz · 4.2 MB · 1,204 rows · 37 objects · on the server disk",
      zh: "备份 pastebox-2026-11-30.tar.gz · 4.2 MB · 1,204 行 · 37 个对象 · 位于服务器磁盘",
    });
    expect(
      both("backup", {
        ...backup,
        location: "cfg-s3",
        objectBytes: 1536,
        skippedObjects: 2,
        secretIncluded: false,
        pruned: ["a.tar.gz", "b.tar.gz"],
      }).en,
    ).toBe(
      "Backup pastebox-2026-11-30.tar.gz · 4.2 MB · 1,204 rows · 37 objects (1.5 KB) · in storage “Bucket” · " +
        "2 objects skipped · without the app secret · 2 older archives removed",
    );
    // A storage config deleted since: its id.
    expect(both("backup", { ...backup, location: "cfg-gone" }).en).toEndWith("in storage “cfg-gone”");
  });

  test("fs-index: each storage by name, crawled or busy; none mounted", () => {
    const result = {
      "cfg-local": { status: "done", objects: 1024, removed: 3 },
      "cfg-s3": { status: "busy" },
    };
    expect(both("fs-index", result)).toEqual({
      en: "Storage “Local”: 1,024 objects, 3 removed · Storage “Bucket”: another crawl was under way",
      zh: "存储“Local”：1,024 个对象，移除 3 个 · 存储“Bucket”：另一次爬取正在进行",
    });
    expect(both("fs-index", {})).toEqual({ en: "No mounted storage to crawl", zh: "没有已挂载的存储可爬取" });
  });

  test("a run under way shows its progress; an interrupted one where it stopped", () => {
    expect(both("backup", { phase: "objects", rows: 1204, objects: 5, bytes: 2048 }, "running")).toEqual({
      en: "Copying the stored files · 1,204 rows · 5 objects · 2 KB so far",
      zh: "正在复制存储的文件 · 1,204 行 · 5 个对象 · 已写入 2 KB",
    });
    expect(both("fs-index", { "cfg-local": 500 }, "interrupted")).toEqual({
      en: "The server stopped during this run · Storage “Local”: 500 objects so far",
      zh: "服务器在运行期间停止 · 存储“Local”：已扫描 500 个对象",
    });
    // Nothing reported yet: nothing shown.
    expect(shown("en", "backup", null, "running")).toBeNull();
  });

  test("a failed run shows its error as an error, in plain words", () => {
    expect(shown("en", "backup", { error: "no space left on device" }, "failed")).toEqual({
      isError: true,
      text: "no space left on device",
    });
    expect(shown("zh", "sweep", null, "failed")).toEqual({
      isError: true,
      text: "运行失败，但没有说明原因；请查看日志。",
    });
  });

  test("an unknown job, or a known job with an unknown key, is a key: value list without braces", () => {
    const odd = { files: 1200, done: true, names: ["a", "b"], nested: { depth: 2 }, note: null };
    for (const [job, result] of [
      ["cleanup-later", odd],
      ["audit-purge", { removed: 3, kept: 9 }],
      ["fs-index", { "cfg-local": { status: "done", objects: 1, removed: 0, skipped: 4 } }],
    ] as const) {
      for (const language of ["en", "zh"] as const) {
        const text = shown(language, job, result)?.text ?? "";
        expect(text).not.toMatch(/[{}"]/);
        expect(text.length).toBeGreaterThan(0);
      }
    }
    expect(both("cleanup-later", odd)).toEqual({
      en: "files: 1,200 · done: yes · names: a, b · nested: (depth: 2) · note: —",
      zh: "files: 1,200 · done: 是 · names: a, b · nested: (depth: 2) · note: —",
    });
    expect(both("audit-purge", { removed: 3, kept: 9 }).en).toBe("removed: 3 · kept: 9");
    // A result cut at its stored length is not JSON any more.
    expect(both("backup", '{"location":"disk","pruned":["a.tar', "succeeded").en).toBe(
      "The result is too long to show here; see the log.",
    );
  });
});

describe("a job's schedule in words (UTC)", () => {
  test("the patterns the server's jobs use, in both languages; any other pattern is not put in words", () => {
    const words = (language: Language, pattern: string) => describeSchedule(i18n.getFixedT(language), pattern);
    expect(
      ["*/10 * * * *", "* * * * *", "17 4 * * *", "17 * * * *", "0 * * * *", "*/30 * * * * *"].map((p) =>
        words("en", p),
      ),
    ).toEqual([
      "Every 10 minutes",
      "Every minute",
      "Every day at 04:17",
      "Every hour at minute 17",
      "Every hour, on the hour",
      "Every 30 seconds",
    ]);
    expect(["*/10 * * * *", "* * * * *", "41 3 * * *", "*/30 * * * * *"].map((p) => words("zh", p))).toEqual([
      "每 10 分钟",
      "每分钟",
      "每天 03:41",
      "每 30 秒",
    ]);
    for (const pattern of ["0 3 * * 1", "0 0 1 * *", "5,35 * * * *", "61 * * * *", "@daily"])
      expect(words("en", pattern)).toBeNull();
  });
});
