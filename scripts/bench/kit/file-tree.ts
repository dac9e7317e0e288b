// A realistic, reproducible tree of file keys for the search benchmarks (docs/performance.md "Explorer
// search index"): object i's key is made from i alone, so a bench can create the first N as real files
// and write the rest straight into the index. The mix is what a shared drive holds:
//
// - 40% camera photos: photos/<yyyy>/<mm>/IMG_<yyyymmdd>_<hhmmss>.jpg (every name shares "img_" and
//   date digits: the hard case for a trigram index, whose common trigrams match most rows);
// - 30% documents: documents/<word>/<word> <word> <yyyy-mm-dd>.<pdf|docx|xlsx|odt>;
// - 20% code: projects/<word>-<word>/src/<word>_<word>.<ts|py|go|md|json>;
// - 10% music: music/<word> <word>/<nn> <word> <word>.<mp3|flac>.
//
// Words come from a vocabulary of 5,000 made-up words; dates span 2015-2026.

const DOCUMENT_TYPES = ["pdf", "docx", "xlsx", "odt"];
const CODE_TYPES = ["ts", "py", "go", "md", "json"];

/** A fixed pseudo-random sequence per object (mulberry32 seeded by the object's number). */
function randomOf(i: number) {
  let state = (i * 2654435761) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONSONANTS = [..."bcdfghjklmnprstvwz", "ch", "sh", "th", "br", "st", "tr"];
const VOWELS = [..."aeiou", "ai", "ea", "ou"];
/** 5,000 made-up words of two or three syllables ("brailo", "tesheku"), each as likely as another. */
const WORDS = Array.from({ length: 5000 }, (_, n) => {
  const random = randomOf(1_000_000_007 + n);
  const syllable = () =>
    `${CONSONANTS[Math.floor(random() * CONSONANTS.length)]}${VOWELS[Math.floor(random() * VOWELS.length)]}`;
  return random() < 0.5 ? `${syllable()}${syllable()}` : `${syllable()}${syllable()}${syllable()}`;
});
const two = (n: number) => String(n).padStart(2, "0");

/** Object i's key (no leading slash), e.g. "photos/2019/07/IMG_20190714_183022.jpg". */
export function benchKeyOf(i: number): string {
  const random = randomOf(i);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const word = () => pick(WORDS);
  const year = 2015 + Math.floor(random() * 12);
  const month = two(1 + Math.floor(random() * 12));
  const day = two(1 + Math.floor(random() * 28));
  const kind = random();
  if (kind < 0.4) {
    const time = `${two(Math.floor(random() * 24))}${two(Math.floor(random() * 60))}${two(Math.floor(random() * 60))}`;
    return `photos/${year}/${month}/IMG_${year}${month}${day}_${time}.jpg`;
  }
  if (kind < 0.7) return `documents/${word()}/${word()} ${word()} ${year}-${month}-${day}.${pick(DOCUMENT_TYPES)}`;
  if (kind < 0.9) return `projects/${word()}-${word()}/src/${word()}_${word()}.${pick(CODE_TYPES)}`;
  return `music/${word()} ${word()}/${two(1 + Math.floor(random() * 20))} ${word()} ${word()}.${pick(["mp3", "flac"])}`;
}

/** The last segment of a key, as a search matches it. */
const nameOf = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/**
 * What people type into a search box, made from a number i: a word of the vocabulary (found in a few
 * hundred names), a whole name (one or a few), the first 10 characters of a name (a prefix: a month
 * of photos, or one document), a date as photos or documents write it (dozens of names).
 */
export const SEARCH_KINDS = [
  { label: "a word", needle: (i: number) => WORDS[i % WORDS.length] as string },
  { label: "a whole name", needle: (i: number) => nameOf(benchKeyOf(i)) },
  { label: "beginning of a name", needle: (i: number) => nameOf(benchKeyOf(i)).slice(0, 10) },
  {
    label: "a date",
    needle: (i: number) => {
      const random = randomOf(i + 7);
      const [year, month, day] = [
        2015 + Math.floor(random() * 12),
        two(1 + Math.floor(random() * 12)),
        two(1 + Math.floor(random() * 28)),
      ];
      return random() < 0.5 ? `${year}${month}${day}` : `${year}-${month}-${day}`;
    },
  },
] as const;

/** The distinct keys of the first `objects` (two objects may draw one name: the storage holds it once). */
export function keysOf(objects: number): Set<string> {
  const keys = new Set<string>();
  for (let i = 0; i < objects; i++) keys.add(benchKeyOf(i));
  return keys;
}

/** The lower-cased names of the first `objects` keys and of every folder above them, to count matches. */
export function namesOf(objects: number): string[] {
  const names: string[] = [];
  const folders = new Set<string>();
  for (const key of keysOf(objects)) {
    names.push(nameOf(key).toLowerCase());
    for (let slash = key.indexOf("/"); slash !== -1; slash = key.indexOf("/", slash + 1)) {
      const folder = key.slice(0, slash);
      if (folders.has(folder)) continue;
      folders.add(folder);
      names.push(nameOf(folder).toLowerCase());
    }
  }
  return names;
}
