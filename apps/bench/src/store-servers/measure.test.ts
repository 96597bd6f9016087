import { describe, expect, test } from 'bun:test';
import { median, throughput, timeRound } from './measure';

describe('store-server bench measurement', () => {
  test('a round runs every item once per side, the sides alternating in blocks of 100', async () => {
    const calls: string[] = [];
    const phase = {
      name: 'claim',
      store: async (i: number) => void calls.push(`s${i}`),
      raw: async (i: number) => void calls.push(`r${i}`),
    };
    const timing = await timeRound(phase, 50, 250);
    const store = calls.filter((call) => call.startsWith('s'));
    const raw = calls.filter((call) => call.startsWith('r'));
    expect(store).toEqual(Array.from({ length: 250 }, (_, i) => `s${50 + i}`));
    expect(raw).toEqual(Array.from({ length: 250 }, (_, i) => `r${50 + i}`));
    // Block 0: store first; block 1: raw first; block 2 (the last 50): store first.
    expect([calls[0], calls[100], calls[200], calls[300], calls[400]]).toEqual([
      's50',
      'r50',
      'r150',
      's150',
      's250',
    ]);
    expect(timing.store).toBeGreaterThan(0);
    expect(timing.raw).toBeGreaterThan(0);
    expect(timing.storeCpu).toBeGreaterThanOrEqual(0);
  });

  test('throughput keeps 16 calls in flight and runs each item once', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    const ops = await throughput(
      64,
      async (i) => {
        inFlight++;
        most = Math.max(most, inFlight);
        seen.push(i);
        await Bun.sleep(1);
        inFlight--;
      },
      10,
    );
    expect(most).toBe(16);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => 10 + i));
    expect(ops).toBeGreaterThan(0);
  });

  test('median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
