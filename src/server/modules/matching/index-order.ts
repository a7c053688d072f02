/**
 * The batch sorted by the key of the index its look-up probes. Same answers in any order, but
 * PostgreSQL then walks each index from one end to the other instead of jumping about it: half the
 * CPU of the same probes in file order.
 */
export function inIndexOrder<T>(items: readonly T[], key: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, k: key(item) }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return keyed.map((x) => x.item);
}
