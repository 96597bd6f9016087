import { describe, expect, test } from 'bun:test';
import { StoreError } from '@armorer/core';
import fc from 'fast-check';
import {
  checkCacheKey,
  checkCompletedEntry,
  checkTime,
  checkUtf8CacheKey,
  parseStoredEntry,
} from './stored-entries';
import type { CompletedEntry, StartedEntry } from './types';

const started: StartedEntry = {
  version: 1,
  state: 'started',
  attemptId: 'a1',
  startedAt: 10,
  leaseExpiresAt: 20,
  leaseDeadlineAt: 40,
} as StartedEntry;
const completed = {
  version: 1,
  state: 'completed',
  attemptId: 'a1',
  completedAt: 30,
} as unknown as CompletedEntry;

function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the stored-entry helpers every durable store shares', () => {
  test('an entry reads back as written; a lease kept apart replaces the started entry lease', () => {
    expect(parseStoredEntry(JSON.stringify(started))).toEqual(started);
    expect(parseStoredEntry(JSON.stringify(started), '25')).toEqual({ ...started, leaseExpiresAt: 25 });
    expect(parseStoredEntry(JSON.stringify(started), null)).toEqual(started);
    expect(parseStoredEntry(JSON.stringify(completed), 99)).toEqual(completed);
    const legacy = { state: 'started' as const, startedAt: 5 };
    expect(parseStoredEntry(JSON.stringify(legacy), 7)).toEqual(legacy);
  });

  test('what no store wrote is a corrupt-record StoreError, never an entry', () => {
    const bad = [
      '{',
      'null',
      '"text"',
      '{"state":"exploded"}',
      JSON.stringify({ ...started, version: 2 }),
      JSON.stringify({ ...completed, attemptId: 3 }),
    ];
    for (const json of bad) {
      const error = thrown(() => parseStoredEntry(json));
      expect(StoreError.isInstance(error) && error.code).toBe('corrupt-record');
    }
    expect(StoreError.isInstance(thrown(() => parseStoredEntry(JSON.stringify(started), 'soon')))).toBe(true);
  });

  test('any text either reads as an entry or throws a corrupt-record StoreError', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json()),
        fc.option(fc.oneof(fc.string(), fc.double())),
        (json, lease) => {
          try {
            const entry = parseStoredEntry(json, lease);
            expect(['started', 'completed']).toContain(entry.state);
          } catch (error) {
            expect(StoreError.isInstance(error) && error.code).toBe('corrupt-record');
          }
        },
      ),
    );
  });

  test('keys and completed entries are checked before anything is written', () => {
    expect(checkCacheKey('k')).toBe('k');
    for (const key of ['', 1, null]) expect(() => checkCacheKey(key as string)).toThrow(TypeError);
    // UTF-8 storage: a lone surrogate would become U+FFFD, so such a key is refused; NUL and astral stay.
    for (const key of ['k', 'a\u0000b', '😀', '\ufffd']) expect(checkUtf8CacheKey(key)).toBe(key);
    for (const key of ['', '\ud800', 'x\udc00', 1])
      expect(() => checkUtf8CacheKey(key as string)).toThrow(TypeError);
    expect(checkTime(0)).toBe(0);
    expect(checkTime(1_800_000_000_000)).toBe(1_800_000_000_000);
    for (const time of [Number.NaN, Number.POSITIVE_INFINITY, '1', null, undefined]) {
      expect(() => checkTime(time as number)).toThrow(TypeError);
    }
    expect(() => checkCompletedEntry(completed, 'a1')).not.toThrow();
    expect(() => checkCompletedEntry(completed, 'a2')).toThrow(TypeError);
    expect(() => checkCompletedEntry(started as unknown as CompletedEntry, 'a1')).toThrow(TypeError);
  });
});
