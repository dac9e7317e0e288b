// Word and character counts for the editor's status line. Characters are Unicode code points (an
// emoji or a Chinese character counts once); words are runs of letters or digits, except that each
// Han, kana or Hangul character counts as a word, as Chinese and Japanese word counters do.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{M}\p{N}]+(?:['’_-][\p{L}\p{M}\p{N}]+)*/gu;

export function countCharacters(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // A high surrogate followed by a low one is one code point.
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    count++;
  }
  return count;
}

export function countWords(text: string): number {
  let count = 0;
  for (const match of text.matchAll(TOKEN)) {
    // A run that mixes scripts ("abc中文") is split by the alternation already; guard anyway.
    if (match[0].length > 0) count++;
  }
  return count;
}

export function isCjk(character: string): boolean {
  return CJK.test(character);
}

/** Bytes of `text` in UTF-8, without encoding it (the editor shows it next to the 10 MB limit). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
