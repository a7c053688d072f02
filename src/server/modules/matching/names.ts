/**
 * Name and date helpers of the matcher. The trigram similarity reproduces pg_trgm's similarity()
 * (words padded with two spaces before and one after, set of 3-grams, Jaccard), so a score computed
 * here agrees with one PostgreSQL would compute.
 */

const normalizedNames = new Map<string, string>();
const NORMALIZED_CACHE_MAX = 100_000;

/** Lower case, accents and punctuation removed, hyphens as spaces, single spaces: "Abu-Bakarr " -> "abu bakarr". */
export function normalizeName(raw: string | null | undefined): string {
  if (!raw) return '';
  // Names repeat (Mohamed, Kamara): a file of 100,000 rows has a few thousand spellings.
  let normalized = normalizedNames.get(raw);
  if (normalized === undefined) {
    normalized = raw
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/['’.]/g, '')
      .replace(/[^a-z]+/g, ' ')
      .trim();
    if (normalizedNames.size >= NORMALIZED_CACHE_MAX) normalizedNames.clear();
    normalizedNames.set(raw, normalized);
  }
  return normalized;
}

/**
 * The set of 3-grams of a text as pg_trgm makes it: words are the runs of a-z and 0-9, each padded
 * with two spaces before and one after. Each 3-gram is a number (three base-37 digits: 0 for the
 * space, 1-26 for a-z, 27-36 for 0-9), and the set is sorted and unique, so comparing two sets is
 * a merge of two small arrays. One pass, no intermediate strings.
 */
function trigramsOf(text: string): Uint16Array {
  const codes = new Uint16Array(2 * text.length + 1);
  let n = 0;
  let a = 0;
  let b = 0;
  for (let i = 0; i <= text.length; i++) {
    const ch = i < text.length ? text.charCodeAt(i) : 32;
    const digit = ch >= 97 && ch <= 122 ? ch - 96 : ch >= 48 && ch <= 57 ? ch - 21 : 0;
    if (digit !== 0) {
      codes[n++] = a * 1369 + b * 37 + digit;
      a = b;
      b = digit;
    } else if (b !== 0) {
      // The end of a word: its last 3-gram ends with the padding space.
      codes[n++] = a * 1369 + b * 37;
      a = 0;
      b = 0;
    }
  }
  const sorted = codes.subarray(0, n).sort();
  let unique = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[unique++] = sorted[i];
  return sorted.slice(0, unique);
}

const trigramCache = new Map<string, Uint16Array>();
const TRIGRAM_CACHE_MAX = 200_000;

function cachedTrigrams(text: string): Uint16Array {
  let set = trigramCache.get(text);
  if (!set) {
    // Names repeat a lot (Mohamed, Kamara): a cache saves most of the work in a large file.
    if (trigramCache.size >= TRIGRAM_CACHE_MAX) trigramCache.clear();
    set = trigramsOf(text);
    trigramCache.set(text, set);
  }
  return set;
}

/** pg_trgm similarity of two normalised strings, 0 to 1. */
export function trigramSimilarity(a: string, b: string): number {
  if (a === b) return a ? 1 : 0;
  return trigramSetSimilarity(cachedTrigrams(a), cachedTrigrams(b));
}

/** The 3-grams of a normalised text, for trigramSetSimilarity (not cached). */
export const textTrigrams = (text: string): Uint16Array => trigramsOf(text);

/** pg_trgm similarity of two sets of 3-grams (textTrigrams). */
export function trigramSetSimilarity(ta: Uint16Array, tb: Uint16Array): number {
  if (ta.length === 0 || tb.length === 0) return 0;
  let common = 0;
  for (let i = 0, j = 0; i < ta.length && j < tb.length;) {
    if (ta[i] === tb[j]) {
      common++;
      i++;
      j++;
    } else if (ta[i] < tb[j]) i++;
    else j++;
  }
  return common / (ta.length + tb.length - common);
}

/** The date with day and month swapped (04-12 <-> 12-04), or null when that is not a date or the same one. */
export function swapDayMonth(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const [y, m, d] = iso.split('-');
  if (m === d || Number(d) > 12) return null;
  return `${y}-${d}-${m}`;
}

/** "Mohamed Lamin Kamara" from its parts, skipping empty ones. */
export function joinName(...parts: (string | null | undefined)[]): string {
  return parts.filter((p) => p && p.trim()).join(' ');
}

/** "aminata" -> "Aminata"; "abu bakarr" -> "Abu Bakarr" (display of stored normalised spellings). */
export function titleCase(text: string): string {
  return text.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}
