/**
 * Name and date helpers of the matcher. The trigram similarity reproduces pg_trgm's similarity()
 * (words padded with two spaces before and one after, set of 3-grams, Jaccard), so a score computed
 * here agrees with one PostgreSQL would compute.
 */

/** Lower case, accents and punctuation removed, hyphens as spaces, single spaces: "Abu-Bakarr " -> "abu bakarr". */
export function normalizeName(raw: string | null | undefined): string {
  if (!raw) return '';
  return raw
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

function trigramsOf(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

const trigramCache = new Map<string, Set<string>>();
const TRIGRAM_CACHE_MAX = 50_000;

function cachedTrigrams(text: string): Set<string> {
  let set = trigramCache.get(text);
  if (!set) {
    // Names repeat a lot (Mohamed, Kamara): a small cache saves most of the work in a large file.
    if (trigramCache.size >= TRIGRAM_CACHE_MAX) trigramCache.clear();
    set = trigramsOf(text);
    trigramCache.set(text, set);
  }
  return set;
}

/** pg_trgm similarity of two normalised strings, 0 to 1. */
export function trigramSimilarity(a: string, b: string): number {
  if (a === b) return a ? 1 : 0;
  const ta = cachedTrigrams(a);
  const tb = cachedTrigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let common = 0;
  for (const t of ta) if (tb.has(t)) common++;
  return common / (ta.size + tb.size - common);
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
