import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { bestExpectedFound, ceilingOf, lightStem } from './ceiling';

describe('the recall ceiling of rankings that read name and description', () => {
  test('whole groups by gold share while they fit, then a share of the next', () => {
    // A gold tool alone first, then one of two tied tools: 1 + 4 * (1/2)... capped by the places left.
    expect(bestExpectedFound([{ size: 1, gold: 1 }], 5)).toBe(1);
    expect(bestExpectedFound([{ size: 10, gold: 1 }], 5)).toBeCloseTo(0.5);
    expect(
      bestExpectedFound(
        [
          { size: 8, gold: 2 },
          { size: 2, gold: 1 },
        ],
        5,
      ),
    ).toBeCloseTo(1 + 3 * (2 / 8));
  });

  test('never more than the gold tools or the places (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .integer({ min: 1, max: 20 })
            .chain((size) => fc.record({ size: fc.constant(size), gold: fc.integer({ min: 0, max: size }) })),
          { maxLength: 8 },
        ),
        fc.integer({ min: 1, max: 10 }),
        (groups, k) => {
          const found = bestExpectedFound(groups, k);
          const gold = groups.reduce((sum, group) => sum + group.gold, 0);
          expect(found).toBeLessThanOrEqual(Math.min(gold, k) + 1e-9);
          expect(found).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  test('twins by text and by request evidence on a hand-checked set', () => {
    const ceiling = ceilingOf(
      {
        name: 'hand',
        tools: [
          { name: 'unit_convert', description: 'Convert a value from one unit to another.' },
          { name: 'unitConvert', description: 'Convert a value from one unit to another.' },
          { name: 'currency_convert', description: 'Convert money between currencies.' },
          { name: 'weather', description: 'The weather of a city.' },
          { name: 'geo_events', description: 'Historic events of a city.' },
        ],
        queries: [
          { id: '1', query: 'convert 5 miles to a unit of kilometers', gold: ['unit_convert'] },
          { id: '2', query: 'what happened in Lisbon in 1755', gold: ['geo_events'] },
        ],
      },
      1,
    );
    // Request 1: two tools share their text (so a tie for the single place), request 2 holds no tool word.
    expect(ceiling.textBound).toBeCloseTo((0.5 + 1) / 2);
    expect(ceiling.evidenceBound).toBeCloseTo((0.5 + 1 / 5) / 2);
    expect(ceiling.textTwins).toBe(1);
    expect(ceiling.limited.map((entry) => entry.empty)).toEqual([false, true]);
    expect(lightStem('calories')).toBe(lightStem('calorie'));
  });
});
