import { describe, expect, test } from 'bun:test';
import { SlidingWindow } from './sliding-window';

describe('SlidingWindow', () => {
  test('admits limit calls per sliding window and says how long to wait', () => {
    const window = new SlidingWindow(3, 1000);
    expect([0, 100, 200].map((at) => window.tryAcquire(at))).toEqual([0, 0, 0]);
    expect(window.tryAcquire(300)).toBe(700);
    expect(window.tryAcquire(999)).toBe(1);
    expect(window.tryAcquire(1000)).toBe(0); // the call at 0 left the window
    expect(window.tryAcquire(1050)).toBe(50); // the call at 100 leaves at 1100
    expect(window.tryAcquire(1100)).toBe(0);
  });

  test('a rejected call does not consume capacity', () => {
    const window = new SlidingWindow(1, 100);
    expect(window.tryAcquire(0)).toBe(0);
    for (let at = 1; at < 100; at += 10) expect(window.tryAcquire(at)).toBeGreaterThan(0);
    expect(window.tryAcquire(100)).toBe(0);
  });

  test('a clock that goes backwards never asks for more than one window', () => {
    const window = new SlidingWindow(1, 100);
    window.tryAcquire(10_000);
    expect(window.tryAcquire(0)).toBe(100);
  });

  test('is idle once every admitted call left the window', () => {
    const window = new SlidingWindow(2, 100);
    window.tryAcquire(0);
    window.tryAcquire(50);
    expect(window.idle(149)).toBe(false);
    expect(window.idle(150)).toBe(true);
  });
});
