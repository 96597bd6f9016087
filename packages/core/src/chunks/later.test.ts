import { describe, expect, test } from 'bun:test';
import { later } from './later';

describe('a module loaded on first use', () => {
  test('is undefined until loaded, then held for synchronous use', async () => {
    let loads = 0;
    const chunk = later(async () => {
      loads++;
      return { factor: 2 };
    });
    expect(chunk.module).toBeUndefined();
    const loaded = await chunk.load();
    expect(loaded.factor).toBe(2);
    expect(chunk.module).toBe(loaded);
    expect(await chunk.load()).toBe(loaded);
    expect(loads).toBe(1);
  });

  test('concurrent first uses share one load', async () => {
    let loads = 0;
    const chunk = later(async () => {
      loads++;
      await null;
      return { factor: 10 };
    });
    const [first, second] = await Promise.all([chunk.load(), chunk.load()]);
    expect(first).toBe(second);
    expect(loads).toBe(1);
  });

  test('a load that failed is tried again by the next use, and its error reaches the caller', async () => {
    let attempt = 0;
    const chunk = later(async () => {
      attempt++;
      if (attempt === 1) throw new Error('offline');
      return { factor: 5 };
    });
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.module).toBeUndefined();
    expect((await chunk.load()).factor).toBe(5);
    expect(chunk.module?.factor).toBe(5);
    expect(attempt).toBe(2);
  });
});
