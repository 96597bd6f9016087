import { describe, expect, test } from 'bun:test';
import { StoreError } from '@armorer/core';
import fc from 'fast-check';
import { decodeTaskCursor, encodeTaskCursor } from './list-cursor';
import { encodeTaskChange, encodeTaskRecord, taskScopeKey } from './records';
import { decodeStoredTask } from './stored-task';
import { MAX_TASK_RECORD_BYTES, type TaskRecord } from './types';

const json = fc.jsonValue();
const jsonObject = fc.dictionary(fc.string(), json, { maxKeys: 6 });
const scopePart = fc.option(fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }), { nil: null });

const record = fc.record({
  version: fc.constant(1 as const),
  tenantId: scopePart,
  principalId: scopePart,
  taskId: fc.stringMatching(/^[A-Za-z0-9._:-]{1,64}$/),
  status: fc.constantFrom('working', 'input_required', 'completed', 'failed', 'cancelled' as const),
  revision: fc.integer({ min: 1, max: 1_000_000 }),
  createdAt: fc.integer({ min: 0, max: 2 ** 45 }),
  updatedAt: fc.integer({ min: 0, max: 2 ** 45 }),
  expiresAt: fc.integer({ min: 0, max: 2 ** 45 }),
  statusMessage: fc.option(fc.string(), { nil: null }),
  progress: fc.option(
    fc.record(
      { percent: fc.double({ min: 0, max: 100, noNaN: true }), message: fc.string() },
      { requiredKeys: [] },
    ),
    { nil: null },
  ),
  owner: fc.option(fc.stringMatching(/^[A-Za-z0-9._:-]{1,32}$/), { nil: null }),
  leaseExpiresAt: fc.option(fc.integer({ min: 0, max: 2 ** 45 }), { nil: null }),
  cancelRequested: fc.boolean(),
  data: jsonObject,
  result: fc.option(jsonObject, { nil: null }),
  error: fc.option(jsonObject, { nil: null }),
}) as fc.Arbitrary<TaskRecord>;

/** What storage hands back: the stored row as JSON text would carry it (numbers may come back as text). */
function throughStorage(row: object, numbersAsText: boolean): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
  if (!numbersAsText) return copy;
  for (const [name, value] of Object.entries(copy)) if (typeof value === 'number') copy[name] = String(value);
  return copy;
}

describe('task records', () => {
  test('every well-formed record survives encoding and storage exactly', () => {
    fc.assert(
      fc.property(record, fc.boolean(), (task, numbersAsText) => {
        const decoded = decodeStoredTask(throughStorage(encodeTaskRecord(task), numbersAsText) as never);
        expect(JSON.stringify(decoded)).toBe(JSON.stringify(JSON.parse(JSON.stringify(task))));
      }),
    );
  });

  test('anything else given to encodeTaskRecord or encodeTaskChange is a TypeError, never a crash', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        record,
        fc.constantFrom(
          ...Object.keys({} as Record<keyof TaskRecord, 0>),
          'taskId',
          'status',
          'revision',
          'data',
          'owner',
          'createdAt',
          'tenantId',
        ),
        (garbage, task, field) => {
          for (const input of [garbage, { ...task, [field]: garbage }]) {
            for (const encode of [encodeTaskRecord, encodeTaskChange]) {
              try {
                encode(input as TaskRecord);
              } catch (error) {
                expect(error instanceof TypeError || error instanceof RangeError).toBe(true);
              }
            }
          }
        },
      ),
    );
  });

  test('a stored row that is not one this package wrote is a corrupt-record StoreError', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        record,
        fc.constantFrom(
          'scope',
          'status',
          'revision',
          'data',
          'result',
          'progress',
          'taskId',
          'statusMessage',
        ),
        (garbage, task, field) => {
          for (const row of [garbage, { ...encodeTaskRecord(task), [field]: garbage }]) {
            try {
              decodeStoredTask(row as never);
            } catch (error) {
              expect(StoreError.isInstance(error) && error.code === 'corrupt-record').toBe(true);
            }
          }
        },
      ),
    );
  });

  test('scope texts are equal exactly when scopes are', () => {
    fc.assert(
      fc.property(scopePart, scopePart, scopePart, scopePart, (a, b, c, d) => {
        const same =
          taskScopeKey({ tenantId: a, principalId: b }) === taskScopeKey({ tenantId: c, principalId: d });
        expect(same).toBe(a === c && b === d);
      }),
    );
  });

  test('cursors read back what they encode, and anything else is refused', () => {
    fc.assert(
      fc.property(record, fc.string(), (task, text) => {
        expect(decodeTaskCursor(encodeTaskCursor(task))).toEqual({
          createdAt: task.createdAt,
          taskId: task.taskId,
        });
        try {
          const read = decodeTaskCursor(text);
          expect(encodeTaskCursor(read as never)).toBe(text);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
        }
      }),
    );
  });

  test('the size bound counts UTF-8 bytes: a record just under it passes, one over it is a RangeError', () => {
    const base = fc.sample(record, 1)[0] as TaskRecord;
    const task = { ...base, statusMessage: null, progress: null, result: null, error: null };
    const overhead = JSON.stringify({ blob: '' }).length;
    // Three bytes per character: the bound is on UTF-8, not on UTF-16 length.
    const fits = Math.floor((MAX_TASK_RECORD_BYTES - overhead) / 3);
    expect(() => encodeTaskRecord({ ...task, data: { blob: '€'.repeat(fits) } })).not.toThrow();
    expect(() => encodeTaskRecord({ ...task, data: { blob: '€'.repeat(fits + 1) } })).toThrow(RangeError);
  });
});
