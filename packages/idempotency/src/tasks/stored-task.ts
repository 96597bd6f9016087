import { StoreError } from '@armorer/core';
import {
  checkTaskOwner,
  isObject,
  readOptionalTime,
  readOwner,
  readScopePart,
  readStatus,
  readTime,
  type StoredTask,
} from './records';
import type { TaskJson, TaskProgress, TaskRecord } from './types';

const corrupt = (message: string) => new StoreError({ code: 'corrupt-record', message });

function parseJson(text: unknown, what: string): unknown {
  if (typeof text !== 'string') throw corrupt(`A stored task's ${what} is not text.`);
  try {
    return JSON.parse(text);
  } catch {
    throw corrupt(`A stored task's ${what} is not JSON.`);
  }
}

function parseObject(text: unknown, what: string, nullable: boolean): TaskJson | null {
  if (text === null && nullable) return null;
  const value = parseJson(text, what);
  if (!isObject(value)) throw corrupt(`A stored task's ${what} is not a JSON object.`);
  return value;
}

function stored<T>(read: () => T, what: string): T {
  try {
    return read();
  } catch (error) {
    if (StoreError.isInstance(error)) throw error;
    throw corrupt(`A stored task's ${what} is malformed: ${(error as Error).message}`);
  }
}

/** Numbers as storage hands them back: numbers, or decimal text (Redis, PostgreSQL `bigint`). */
function storedNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
}

/**
 * For store authors: reads a task back from storage (numbers may come back as decimal text, booleans as
 * `0`/`1` or `'0'`/`'1'`). Anything the store did not write is refused with a `corrupt-record`
 * `StoreError`, never returned.
 *
 * @example
 * ```ts
 * const record = decodeStoredTask(row);
 * ```
 */
export function decodeStoredTask(row: { readonly [K in keyof StoredTask]: unknown }): TaskRecord {
  if (!isObject(row)) throw corrupt('A stored task is not a row.');
  const scope = parseJson(row.scope, 'scope');
  if (!Array.isArray(scope) || scope.length !== 2) throw corrupt("A stored task's scope is malformed.");
  const [tenantId, principalId] = stored(
    () => [readScopePart(scope[0], 'tenantId'), readScopePart(scope[1], 'principalId')],
    'scope',
  );
  const cancel = row.cancelRequested;
  const message = row.statusMessage === null ? null : parseJson(row.statusMessage, 'statusMessage');
  if (message !== null && typeof message !== 'string')
    throw corrupt("A stored task's statusMessage is malformed.");
  const progress = row.progress === null ? null : parseObject(row.progress, 'progress', false);
  const record: TaskRecord = {
    version: 1,
    tenantId,
    principalId,
    taskId: stored(() => checkTaskOwner(row.taskId as string), 'taskId'),
    status: stored(() => readStatus(row.status), 'status'),
    revision: stored(() => {
      const value = storedNumber(row.revision);
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
        throw new TypeError('not a revision');
      return value;
    }, 'revision'),
    createdAt: stored(() => readTime(storedNumber(row.createdAt), 'createdAt'), 'createdAt'),
    updatedAt: stored(() => readTime(storedNumber(row.updatedAt), 'updatedAt'), 'updatedAt'),
    expiresAt: stored(() => readTime(storedNumber(row.expiresAt), 'expiresAt'), 'expiresAt'),
    statusMessage: message,
    progress: progress as TaskProgress | null,
    owner: stored(() => readOwner(row.owner ?? null), 'owner'),
    leaseExpiresAt: stored(
      () => readOptionalTime(storedNumber(row.leaseExpiresAt ?? null), 'lease'),
      'lease',
    ),
    cancelRequested: cancel === true || cancel === 1 || cancel === '1' || cancel === 't',
    data: parseObject(row.data, 'data', false) as TaskJson,
    result: parseObject(row.result ?? null, 'result', true),
    error: parseObject(row.error ?? null, 'error', true),
  };
  return record;
}
