import { describe, expect, test } from 'bun:test';
import { createMiddlewareCases } from './cases';

describe('middleware bench cases', () => {
  test('every case produces its expected result, twice (the second call of the cache case is a hit)', async () => {
    for (const benchCase of createMiddlewareCases()) {
      expect(benchCase.check(await benchCase.run())).toBe(true);
      expect(benchCase.check(await benchCase.run())).toBe(true);
    }
  });
});
