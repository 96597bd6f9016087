import { isWellFormed } from '../keys/cache-key';
import {
  MAX_TASK_RECORD_BYTES,
  type TaskChange,
  type TaskKey,
  type TaskProgress,
  type TaskRecord,
  type TaskScope,
  type TaskStatus,
} from './types';

/**
 * A task as storage keeps it: scalar columns, and the JSON parts as text (never re-encoded by the store).
 * `scope` is the scope's canonical text ({@link taskScopeKey}): the index every lookup and list uses. JSON
 * text holds no raw NUL and no lone surrogate, so every backend keeps it exactly.
 */
export interface StoredTask {
  readonly scope: string;
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly revision: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly expiresAt: number;
  /** JSON text of the message, or null. */
  readonly statusMessage: string | null;
  /** JSON text, or null. */
  readonly progress: string | null;
  readonly owner: string | null;
  readonly leaseExpiresAt: number | null;
  readonly cancelRequested: boolean;
  readonly data: string;
  readonly result: string | null;
  readonly error: string | null;
}

/** A {@link TaskChange} as storage writes it. */
export type StoredTaskChange = Pick<
  StoredTask,
  'status' | 'updatedAt' | 'statusMessage' | 'owner' | 'leaseExpiresAt' | 'data' | 'result' | 'error'
>;

const STATUSES: readonly TaskStatus[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];
const ID = /^[A-Za-z0-9._:-]{1,128}$/;
const MAX_SCOPE_PART = 1024;

/**
 * Whether a status is terminal (`completed`, `failed`, `cancelled`): such a task never changes again.
 *
 * @example
 * ```ts
 * isTerminalTaskStatus('input_required'); // false
 * ```
 */
export function isTerminalTaskStatus(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** @internal */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @internal */
export function readScopePart(value: unknown, what: string): string | null {
  if (value === null) return null;
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length > MAX_SCOPE_PART ||
    !isWellFormed(value)
  ) {
    throw new TypeError(
      `A task's ${what} must be null or a non-empty string of at most ${MAX_SCOPE_PART} characters without lone surrogates.`,
    );
  }
  return value;
}

/**
 * For store authors: the canonical text of a scope (a `TypeError` for a malformed one). Equal scopes give
 * equal text; it is the index of a scope's tasks.
 *
 * @example
 * ```ts
 * taskScopeKey({ tenantId: 'acme', principalId: 'alice' }); // '["acme","alice"]'
 * ```
 */
export function taskScopeKey(scope: TaskScope): string {
  if (!isObject(scope)) throw new TypeError('A task scope must be an object with tenantId and principalId.');
  return JSON.stringify([
    readScopePart(scope.tenantId, 'tenantId'),
    readScopePart(scope.principalId, 'principalId'),
  ]);
}

/** Whether `value` is a task id (or a runner id): `[A-Za-z0-9._:-]`, 1 to 128 characters. */
export function isTaskId(value: unknown): value is string {
  return typeof value === 'string' && ID.test(value);
}

/**
 * For store authors: checks a task key (a `TypeError` when malformed) and answers its scope text and id.
 *
 * @example
 * ```ts
 * const { scope, taskId } = checkTaskKey(key);
 * ```
 */
export function checkTaskKey(key: TaskKey): { readonly scope: string; readonly taskId: string } {
  if (!isObject(key))
    throw new TypeError('A task key must be an object with tenantId, principalId and taskId.');
  const taskId = key.taskId;
  if (!isTaskId(taskId)) throw new TypeError('A task id must be 1 to 128 characters of [A-Za-z0-9._:-].');
  return { scope: taskScopeKey(key), taskId };
}

/** @internal */
export function readTime(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`${what} must be a non-negative whole number of epoch milliseconds.`);
  }
  return value;
}

/** @internal */
export function readOptionalTime(value: unknown, what: string): number | null {
  return value === null ? null : readTime(value, what);
}

/** The JSON text of an object part of a record (a `TypeError` for anything JSON cannot keep). */
function jsonText(value: unknown, what: string): string {
  if (!isObject(value)) throw new TypeError(`A task's ${what} must be a JSON object.`);
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`A task's ${what} is not JSON data (${String(error)}).`);
  }
  if (text === undefined || text[0] !== '{') throw new TypeError(`A task's ${what} must be a JSON object.`);
  return text;
}

function nullableJson(value: unknown, what: string): string | null {
  return value === null ? null : jsonText(value, what);
}

function progressText(value: unknown): string | null {
  if (value === null) return null;
  if (!isObject(value)) throw new TypeError('A task progress must be null or { percent?, message? }.');
  const percent = value.percent;
  const message = value.message;
  if (percent !== undefined && !(typeof percent === 'number' && percent >= 0 && percent <= 100)) {
    throw new TypeError('A task progress percent must be a number from 0 to 100.');
  }
  if (message !== undefined && typeof message !== 'string') {
    throw new TypeError('A task progress message must be a string.');
  }
  return JSON.stringify({
    ...(percent === undefined ? {} : { percent }),
    ...(message === undefined ? {} : { message }),
  });
}

function messageText(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw new TypeError('A task statusMessage must be null or a string.');
  return JSON.stringify(value);
}

/** @internal */
export function readStatus(value: unknown): TaskStatus {
  if (!STATUSES.includes(value as TaskStatus)) {
    throw new TypeError(`A task status must be one of ${STATUSES.join(', ')}.`);
  }
  return value as TaskStatus;
}

/** @internal */
export function readOwner(value: unknown): string | null {
  if (value === null) return null;
  if (!isTaskId(value))
    throw new TypeError('A task owner must be null or 1 to 128 characters of [A-Za-z0-9._:-].');
  return value;
}

/** UTF-8 length of a string, without encoding it. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0x80) bytes += unit >= 0x800 && (unit < 0xd800 || unit > 0xdfff) ? 2 : 1;
  }
  return bytes;
}

function checkSize(parts: readonly (string | null)[]): void {
  let total = 0;
  for (const part of parts) if (part !== null) total += utf8Length(part);
  if (total > MAX_TASK_RECORD_BYTES) {
    throw new RangeError(
      `A task record's JSON is ${total} bytes; a task store keeps at most ${MAX_TASK_RECORD_BYTES}. Bound the result before recording it.`,
    );
  }
}

/**
 * For store authors: checks a record (`TypeError` when malformed, `RangeError` when its JSON is larger
 * than {@link MAX_TASK_RECORD_BYTES}) and answers it as storage keeps it.
 *
 * @example
 * ```ts
 * const row = encodeTaskRecord(record); // { scope, taskId, status, ..., data: '{"call":...}' }
 * ```
 */
export function encodeTaskRecord(record: TaskRecord): StoredTask {
  if (!isObject(record) || record.version !== 1) throw new TypeError('A task record must be version 1.');
  const { scope, taskId } = checkTaskKey(record);
  const revision = record.revision;
  if (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 1) {
    throw new TypeError('A task revision must be a positive whole number.');
  }
  if (typeof record.cancelRequested !== 'boolean') throw new TypeError('cancelRequested must be a boolean.');
  const stored: StoredTask = {
    scope,
    taskId,
    revision,
    createdAt: readTime(record.createdAt, 'createdAt'),
    expiresAt: readTime(record.expiresAt, 'expiresAt'),
    cancelRequested: record.cancelRequested,
    progress: progressText(record.progress),
    ...encodeTaskChange(record),
  };
  checkSize([stored.progress, stored.statusMessage, stored.data, stored.result, stored.error]);
  return stored;
}

/**
 * For store authors: checks a transition's change (`TypeError` / `RangeError`, as {@link encodeTaskRecord})
 * and answers it as storage writes it.
 *
 * @example
 * ```ts
 * const set = encodeTaskChange(change); // { status, updatedAt, statusMessage, owner, ..., data, result, error }
 * ```
 */
export function encodeTaskChange(change: TaskChange): StoredTaskChange {
  if (!isObject(change)) throw new TypeError('A task change must be an object.');
  const stored: StoredTaskChange = {
    status: readStatus(change.status),
    updatedAt: readTime(change.updatedAt, 'updatedAt'),
    statusMessage: messageText(change.statusMessage),
    owner: readOwner(change.owner),
    leaseExpiresAt: readOptionalTime(change.leaseExpiresAt, 'leaseExpiresAt'),
    data: jsonText(change.data, 'data'),
    result: nullableJson(change.result, 'result'),
    error: nullableJson(change.error, 'error'),
  };
  checkSize([stored.statusMessage, stored.data, stored.result, stored.error]);
  return stored;
}

/**
 * For store authors: checks the progress a runner reports and answers its JSON text.
 *
 * @example
 * ```ts
 * encodeTaskProgress({ percent: 40, message: 'halfway' }); // '{"percent":40,"message":"halfway"}'
 * ```
 */
export function encodeTaskProgress(progress: TaskProgress): string {
  const text = progressText(progress);
  if (text === null) throw new TypeError('A task progress must be { percent?, message? }.');
  checkSize([text]);
  return text;
}

/**
 * For store authors: checks the owner a lease operation names (a `TypeError` when malformed).
 *
 * @example
 * ```ts
 * renew(key, checkTaskOwner(owner), leaseExpiresAt, now);
 * ```
 */
export function checkTaskOwner(value: string): string {
  if (!isTaskId(value)) throw new TypeError('A task owner must be 1 to 128 characters of [A-Za-z0-9._:-].');
  return value;
}

/**
 * For store authors: checks a time a method is given (`TypeError` unless a non-negative whole number).
 *
 * @example
 * ```ts
 * get(key, checkTaskTime(now));
 * ```
 */
export function checkTaskTime(value: number): number {
  return readTime(value, 'A time');
}
