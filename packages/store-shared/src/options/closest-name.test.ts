import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { closestName } from './closest-name';

const KNOWN = [
  'client',
  'prefix',
  'reservationLeaseMs',
  'retainExpiredMs',
  'retainResultsMs',
  'operationTimeoutMs',
];

describe('closestName', () => {
  test('finds a name in another case, or a small typo', () => {
    expect(closestName('PREFIX', KNOWN)).toBe('prefix');
    expect(closestName('clinet', KNOWN)).toBe('client');
    expect(closestName('retainResultMs', KNOWN)).toBe('retainResultsMs');
    expect(closestName('operationTimeout', KNOWN)).toBe('operationTimeoutMs');
  });

  test('answers nothing for a name far from all of them', () => {
    expect(closestName('url', KNOWN)).toBeUndefined();
    expect(closestName('x', KNOWN)).toBeUndefined();
  });

  test('answers a known name or nothing, for any input (generated)', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const found = closestName(name, KNOWN);
        expect(found === undefined || KNOWN.includes(found)).toBe(true);
      }),
    );
  });
});
