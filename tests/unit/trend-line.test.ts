import { describe, expect, it } from 'vitest';
import { labelledIndexes, valueTicks } from '../../src/web/features/consumer/dashboard/trend-line';

describe("the consumer's score trend line", () => {
  it('puts four to six round values on the value axis, within the domain', () => {
    for (const domain of [
      [300, 850],
      [600, 700],
      [680, 720],
      [540, 610],
      [300, 350],
    ] as [number, number][]) {
      const ticks = valueTicks(domain);
      expect(ticks.length, String(domain)).toBeGreaterThanOrEqual(2);
      expect(ticks.length, String(domain)).toBeLessThanOrEqual(6);
      expect(ticks.every((t) => t >= domain[0] && t <= domain[1] && t % 10 === 0)).toBe(true);
    }
  });

  it('labels the first and last day and keeps labels apart on a phone', () => {
    expect(labelledIndexes(1, 300)).toEqual([0]);
    expect(labelledIndexes(3, 600)).toEqual([0, 1, 2]);
    for (const [count, width] of [
      [12, 300],
      [12, 1000],
      [40, 320],
      [365, 900],
    ]) {
      const indexes = labelledIndexes(count, width);
      expect(indexes[0]).toBe(0);
      expect(indexes.at(-1)).toBe(count - 1);
      const gap = width / (count - 1);
      for (let i = 1; i < indexes.length; i++) expect((indexes[i] - indexes[i - 1]) * gap).toBeGreaterThanOrEqual(32);
      expect(indexes.length).toBeLessThanOrEqual(Math.floor(width / 64) + 1);
    }
  });
});
