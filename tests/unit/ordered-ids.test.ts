import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/server/db/ordered-ids';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('timeOrderedId (decisions/055, 058)', () => {
  it('is a version 7 UUID carrying the time it was made, in milliseconds', () => {
    const before = Date.now();
    const id = timeOrderedId();
    const after = Date.now();
    expect(id).toMatch(V7);
    expect(msOf(id)).toBeGreaterThanOrEqual(before);
    expect(msOf(id)).toBeLessThanOrEqual(after);
  });

  it('sorts by the time it was made, and never repeats (74 random bits, drawn past the end of its pool)', () => {
    const ids = Array.from({ length: 5_000 }, () => timeOrderedId());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(msOf(ids[i])).toBeGreaterThanOrEqual(msOf(ids[i - 1]));
    // The random part differs even within one millisecond.
    const tails = new Set(ids.map((id) => id.slice(14)));
    expect(tails.size).toBe(ids.length);
  });
});
