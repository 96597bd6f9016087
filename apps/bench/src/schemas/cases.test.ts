import { describe, expect, test } from 'bun:test';
import { createSchemaCases, RESULT, resultSchema } from './cases';

describe('schema bench cases', () => {
  test('every case succeeds with the sum, twice', async () => {
    for (const benchCase of createSchemaCases()) {
      for (let round = 0; round < 2; round++) {
        expect(await benchCase.run()).toMatchObject({ outcome: 'success', result: RESULT });
      }
    }
  });

  test('the safeParse the output case is measured against accepts the result', () => {
    expect(resultSchema.safeParse(RESULT).success).toBe(true);
  });
});
