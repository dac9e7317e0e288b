// How the name lookup picks its trigrams (docs/search-index.md "How search uses it"). A trigram index
// answers a substring by intersecting the row lists of the needle's trigrams, and reading a trigram that
// most names share ("img", "202", ".jp") costs as much as the table is long. So the lookup asks the
// index for the needle's two rarest trigrams only and rechecks the whole needle on the few rows they
// give. Which trigrams are rare is learnt from a sample of the indexed names, kept per set of storages
// for a while; the sample only steers the plan, the answer is always rechecked against the needle.

/** Names read for a sample: enough to see a trigram held by one name in a few hundred. */
export const SAMPLE_NAMES = 8000;
/** Ids drawn at most for one sample: where most ids hold no row of the storages sampled, fewer names do. */
export const SAMPLE_DRAWS_MAX = 5 * SAMPLE_NAMES;
/** A sample is trusted this long; the mix of names changes slowly. */
export const SAMPLE_TTL_MS = 10 * 60_000;
/** At most this many trigrams are asked of the index per lookup: a few rare ones narrow as well as all of them. */
const LOOKUP_TRIGRAMS_MAX = 4;
/** A trigram held by more than this share of names costs more to read than the rows it rules out. */
const COMMON_TRIGRAM_SHARE = 0.05;

export type NameSample = {
  /** Rows of the storages sampled, when sampled. */
  rows: number;
  names: string[];
  /** In how many sampled names each trigram occurs. */
  frequency: Map<string, number>;
  /**
   * The positions in `names` of the names holding a trigram, ascending, so a plan intersects short
   * lists instead of scanning every sampled name for each trigram and for the needle
   * (docs/performance.md, explorer search). Made for every trigram with the sample when the names
   * are short (file names: `allHolders`); for long texts (admin lists) found per trigram a plan asks
   * about, and kept.
   */
  holders: Map<string, number[]>;
  /** Whether `holders` lists every trigram of the sample already. */
  allHolders: boolean;
  takenMs: number;
};

/**
 * Holder entries (a name's distinct trigrams, summed) up to which they are all listed with the sample:
 * 8,000 file names hold about 160,000; 4,000 paste texts of 1,000 characters could hold 4 million.
 */
const ALL_HOLDERS_MAX = 500_000;

export function sampleOf(names: string[], rows: number, takenMs: number): NameSample {
  const frequency = new Map<string, number>();
  let holders: Map<string, number[]> | null = new Map();
  let entries = 0;
  for (const [index, name] of names.entries()) {
    for (const gram of new Set(trigramsOf(name))) {
      frequency.set(gram, (frequency.get(gram) ?? 0) + 1);
      if (!holders) continue;
      if (++entries > ALL_HOLDERS_MAX) {
        holders = null;
        continue;
      }
      const list = holders.get(gram);
      if (list) list.push(index);
      else holders.set(gram, [index]);
    }
  }
  return { rows, names, frequency, holders: holders ?? new Map(), allHolders: holders !== null, takenMs };
}

const NO_HOLDERS: number[] = [];

/** The positions of the sampled names holding `gram` (a name holds a trigram exactly when it contains it). */
function holdersOf(sample: NameSample, gram: string): number[] {
  let found = sample.holders.get(gram);
  if (!found && sample.allHolders) return NO_HOLDERS;
  if (!found) {
    found = [];
    if ((sample.frequency.get(gram) ?? 0) > 0) {
      for (const [index, name] of sample.names.entries()) if (name.includes(gram)) found.push(index);
    }
    sample.holders.set(gram, found);
  }
  return found;
}

/** The positions in both ascending lists. */
function bothOf(a: number[], b: number[]): number[] {
  const both: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const [x, y] = [a[i] as number, b[j] as number];
    if (x === y) {
      both.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return both;
}

/** Every three-character window of `text`, by code point. */
export function trigramsOf(text: string): string[] {
  const chars = [...text];
  const grams: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) grams.push(chars.slice(i, i + 3).join(""));
  return grams;
}

/** pg_trgm ignores characters that are not letters or digits: only windows of those are in its index. */
const isWordGram = (gram: string) => /^[\p{L}\p{N}]{3}$/u.test(gram);

export type NamePlan =
  /** More names than `cap` hold the needle, by the sample: the lookup would only find that out slowly. */
  | { kind: "common" }
  /** Ask the index for these trigrams, then recheck the needle. */
  | { kind: "trigrams"; trigrams: string[] }
  /** No trigram of the needle is in the index (Postgres: no run of three letters or digits). */
  | { kind: "none" };

/**
 * The plan for one needle: `onlyWords` for pg_trgm, whose index holds only trigrams of letters and
 * digits. The needle's share of the sampled names, scaled to the rows, estimates its matches.
 */
export function planName(sample: NameSample, needle: string, cap: number, onlyWords: boolean): NamePlan {
  const grams = [...new Set(trigramsOf(needle))].filter((gram) => !onlyWords || isWordGram(gram));
  if (grams.length === 0) return { kind: "none" };
  const rarity = (gram: string) => sample.frequency.get(gram) ?? 0;
  const ranked = grams.sort((a, b) => rarity(a) - rarity(b));
  if (sample.names.length > 0) {
    // A name holding the needle holds each of its trigrams: only those holding its two rarest are read.
    const [rarest, next] = ranked as [string, ...string[]];
    const within =
      next === undefined ? holdersOf(sample, rarest) : bothOf(holdersOf(sample, rarest), holdersOf(sample, next));
    const holding = within.filter((index) => (sample.names[index] as string).includes(needle)).length;
    // Twice the cap: a sample's share is rough, and a needle just over the cap is still cheap to look up.
    if ((holding / sample.names.length) * sample.rows > cap * 2) return { kind: "common" };
  }
  // The rarest first, then whichever of the not too common ones rules out most of the sampled names
  // still holding all chosen, while one does (each costs a read of its row list).
  const trigrams = ranked.slice(0, 1);
  let holding = holdersOf(sample, ranked[0] as string);
  const candidates = ranked.slice(1).filter((gram) => rarity(gram) <= sample.names.length * COMMON_TRIGRAM_SHARE);
  while (trigrams.length < LOOKUP_TRIGRAMS_MAX && holding.length > 1) {
    let best: { gram: string; left: number[] } | null = null;
    for (const gram of candidates) {
      if (trigrams.includes(gram)) continue;
      const left = bothOf(holding, holdersOf(sample, gram));
      if (!best || left.length < best.left.length) best = { gram, left };
    }
    // Worth a read only when it rules out a third of what is left.
    if (!best || best.left.length > (holding.length * 2) / 3) break;
    trigrams.push(best.gram);
    holding = best.left;
  }
  return { kind: "trigrams", trigrams };
}

/**
 * The shares of the sampled names that hold every one of `trigrams` (what a lookup by them reads) and
 * that hold `needle` itself (what it finds); `trigrams` are the needle's own.
 */
export function sampledShares(
  sample: NameSample,
  needle: string,
  trigrams: string[],
): { reads: number; finds: number } {
  if (sample.names.length === 0 || trigrams.length === 0) return { reads: 1, finds: 1 };
  let holding = holdersOf(sample, trigrams[0] as string);
  for (const gram of trigrams.slice(1)) holding = bothOf(holding, holdersOf(sample, gram));
  const finds = holding.filter((index) => (sample.names[index] as string).includes(needle)).length;
  return { reads: holding.length / sample.names.length, finds: finds / sample.names.length };
}
