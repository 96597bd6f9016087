import { describe, expect, test } from 'bun:test';
import { createIdempotencyCases } from './cases';

describe('idempotency bench cases', () => {
  test('every case produces its expected result, twice (the keyed case is a hit the second time)', async () => {
    for (const benchCase of createIdempotencyCases()) {
      expect(benchCase.check(await benchCase.run())).toBe(true);
      expect(benchCase.check(await benchCase.run())).toBe(true);
    }
  });
});
