import { describe, expect, test } from 'bun:test';
import { EARLY, slowestShare, wordCount } from './slowest';

describe('the slowest 1% of a pass', () => {
  test('are the requests with the longest wall time, with where they came and how long they waited', () => {
    const samples = Array.from({ length: 300 }, (_, position) => ({
      position,
      wallMs: position === 2 ? 9 : position === 120 ? 8 : position === 250 ? 7 : 0.5,
      waitMs: position === 120 ? 6 : 0,
      words: position === 250 ? 90 : 10,
    }));
    const share = slowestShare(samples);
    expect(share.count).toBe(3);
    expect(share.slowest.map((sample) => sample.position)).toEqual([2, 120, 250]);
    expect(share.early).toBe(1);
    expect(EARLY).toBeGreaterThan(2);
    expect(share.medianWords).toBe(10);
    expect(share.allMedianWords).toBe(10);
    expect(share.waitShare).toBeCloseTo(6 / 24, 10);
  });

  test('keep at least one request and count words as written', () => {
    expect(slowestShare([{ position: 0, wallMs: 1, waitMs: 2, words: 3 }])).toMatchObject({
      count: 1,
      early: 1,
      waitShare: 1,
    });
    expect(slowestShare([]).count).toBe(0);
    expect(wordCount('  find  the weather\tin Paris ')).toBe(5);
    expect(wordCount('   ')).toBe(0);
  });
});
