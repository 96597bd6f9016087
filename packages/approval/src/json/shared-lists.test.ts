import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { sameStringList, sharedStringList } from './shared-lists';

const item = fc.oneof(
  fc.constantFrom('', 'a', 'b', 'a\u0000b', '\u0000', 'read'),
  fc.string({ maxLength: 5 }),
);

describe('sharedStringList', () => {
  test('equal lists share one frozen array; different ones never do, whatever separators they hold', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 5 }), fc.array(item, { maxLength: 5 }), (first, second) => {
        const a = sharedStringList([...first]);
        const b = sharedStringList([...second]);
        expect(a).toEqual(first);
        expect(b).toEqual(second);
        expect(Object.isFrozen(a) && Object.isFrozen(b)).toBe(true);
        expect(a === b).toBe(sameStringList(first, second));
      }),
      { numRuns: 500 },
    );
  });

  test('a list too long to keep is frozen and returned, not shared', () => {
    const long = ['x'.repeat(5000)];
    const first = sharedStringList([...long]);
    expect(first).toEqual(long);
    expect(Object.isFrozen(first)).toBe(true);
    expect(sharedStringList([...long])).not.toBe(first);
  });
});
