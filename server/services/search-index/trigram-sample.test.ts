// The name lookup's choice of trigrams (trigram-sample.ts): the needle's rare trigrams are asked of the
// index, the ones most names share are left out, pg_trgm's plan keeps to letters and digits, and a
// needle the sample finds in more names than the cap is walked instead.
import { describe, expect, test } from "bun:test";
import { planName, sampleOf, trigramsOf } from "./trigram-sample";

// 1,000 camera photos and a few documents: "img", "_20", "201", ".jp" are in almost every name.
const names = [
  ...Array.from(
    { length: 1000 },
    (_, i) => `img_2019${String(1001 + (i % 300)).slice(-4)}_${String(i).padStart(6, "0")}.jpg`,
  ),
  "quarterly report 2019.pdf",
  "holiday plans.docx",
];
const sample = sampleOf(names, names.length, Date.now());

describe("planName", () => {
  test("asks the index for the needle's rarest trigrams, never the ones most names share", () => {
    const plan = planName(sample, "img_20190714_000417.jpg", 5000, false);
    expect(plan.kind).toBe("trigrams");
    const trigrams = plan.kind === "trigrams" ? plan.trigrams : [];
    expect(trigrams.length).toBeGreaterThan(0);
    expect(trigrams.length).toBeLessThanOrEqual(4);
    for (const gram of trigrams) expect(sample.frequency.get(gram) ?? 0).toBeLessThan(100);
    for (const common of ["img", "mg_", "g_2", "_20", "201", ".jp", "jpg"]) expect(trigrams).not.toContain(common);
  });

  test("a word found in one name needs one trigram only", () => {
    expect(planName(sample, "quarterly", 5000, false)).toEqual({ kind: "trigrams", trigrams: ["qua"] });
  });

  test("on Postgres only trigrams of letters and digits, and none when the needle has no run of three", () => {
    const plan = planName(sample, "_20190714_", 5000, true);
    const trigrams = plan.kind === "trigrams" ? plan.trigrams : ["none"];
    for (const gram of trigrams) expect(gram).toMatch(/^[a-z0-9]{3}$/);
    expect(planName(sample, "g_2.j", 5000, true)).toEqual({ kind: "none" });
  });

  test("a needle most names hold is walked, not looked up, once there are more than the cap", () => {
    const large = { ...sample, rows: 1_000_000 };
    expect(planName(large, "img_2019", 5000, false)).toEqual({ kind: "common" });
    expect(planName(sample, "img_2019", 5000, false).kind).toBe("trigrams");
  });

  test("the holders listed with the sample plan every needle as the ones found per trigram do", () => {
    expect(sample.allHolders).toBe(true);
    const perTrigram = { ...sample, holders: new Map<string, number[]>(), allHolders: false };
    const needles = [...names.slice(0, 200), ...names.slice(0, 200).map((name) => name.slice(4, 13)), "report", "zzz"];
    for (const needle of needles) {
      expect(planName(sample, needle, 50, false)).toEqual(planName(perTrigram, needle, 50, false));
    }
  });

  test("long texts list their holders per trigram asked, not all at once", () => {
    // 600 texts of about 1,000 characters, nearly every window of each a trigram of its own.
    const body = Array.from({ length: 200 }, (_, k) => (k * 7919 + 100_000).toString(36)).join(" ");
    const texts = Array.from({ length: 600 }, (_, i) => `${i} ${body} dolor`);
    const long = sampleOf(texts, texts.length, Date.now());
    expect(long.allHolders).toBe(false);
    expect(planName(long, "dolor", 5000, false).kind).toBe("trigrams");
    expect(long.holders.size).toBeGreaterThan(0);
    expect(long.holders.size).toBeLessThan(long.frequency.size);
  });

  test("trigrams are windows of code points", () => {
    expect(trigramsOf("a😀bc")).toEqual(["a😀b", "😀bc"]);
    expect(trigramsOf("ab")).toEqual([]);
  });
});
