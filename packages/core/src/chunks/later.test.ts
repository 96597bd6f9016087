import { describe, expect, test } from 'bun:test';
import { later } from './later';

const double = (module: { readonly factor: number }, value: number): number => module.factor * value;

describe('a module loaded on first use', () => {
  test('runs after the load the first time, then synchronously', async () => {
    let loads = 0;
    const chunk = later(async () => {
      loads++;
      return { factor: 2 };
    });
    expect(chunk.module).toBeUndefined();
    const first = chunk.run(double, 3);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(6);
    expect(chunk.run(double, 4)).toBe(8);
    expect(loads).toBe(1);
  });

  test('concurrent first uses share one load', async () => {
    let loads = 0;
    const chunk = later(async () => {
      loads++;
      await null;
      return { factor: 10 };
    });
    const results = await Promise.all([chunk.run(double, 1), chunk.run(double, 2), chunk.load()]);
    expect(results.slice(0, 2)).toEqual([10, 20]);
    expect(loads).toBe(1);
  });

  test('a load that failed is tried again by the next use, and its error reaches the caller', async () => {
    let attempt = 0;
    const chunk = later(async () => {
      attempt++;
      if (attempt === 1) throw new Error('offline');
      return { factor: 5 };
    });
    await expect(chunk.run(double, 1) as Promise<number>).rejects.toThrow('offline');
    expect(chunk.module).toBeUndefined();
    expect(await chunk.run(double, 2)).toBe(10);
    expect(attempt).toBe(2);
  });

  test('passes up to three values through unchanged', async () => {
    const chunk = later(async () => ({ join: (...parts: unknown[]) => parts.join('|') }));
    const use = (module: { join: (...parts: unknown[]) => string }, a: string, b: number, c: boolean) =>
      module.join(a, b, c);
    expect(await chunk.run(use, 'a', 1, true)).toBe('a|1|true');
    expect(chunk.run(use, 'b', 2, false)).toBe('b|2|false');
  });
});
