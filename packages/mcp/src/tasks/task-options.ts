import {
  createProcessLocalTaskStateStore,
  createToolResultCache,
  type TaskStateStore,
  type ToolResultCache,
} from '@armorer/idempotency';
import type { CreateMcpOptions } from '../server/types';

/** What the task runner works with, defaults applied. */
export interface TaskSettings {
  readonly store: TaskStateStore;
  readonly cache: ToolResultCache;
  readonly afterMs: number | undefined;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  readonly maxResultBytes: number;
}

const TASK_STORE_METHODS = ['create', 'get', 'transition', 'progress', 'renew', 'requestCancel', 'list'];
const MAX_MS = 2_147_483_647;

function whole(
  name: string,
  value: number | undefined,
  fallback: number,
  min: number,
  unit = 'milliseconds',
): number {
  if (value === undefined) return fallback;
  if (!(Number.isSafeInteger(value) && value >= min && value <= MAX_MS)) {
    throw new TypeError(
      `tasks.${name} must be a whole number of ${unit} from ${min} (got ${String(value)}).`,
    );
  }
  return value;
}

/**
 * The task settings of `createMCP` options, or undefined when tasks are off. Tasks are on when `tasks` is
 * given (and not `false`) or a `taskStateStore` is: with a shared store, the idempotency `cache` of the
 * same stores is required (`createMCP(toolbox, { ...stores })` passes both), so a task never runs twice
 * across instances. Without a store, both are process-local.
 */
export function taskSettingsOf(options: CreateMcpOptions): TaskSettings | undefined {
  const tasks = options.tasks;
  if (tasks === false) return undefined;
  const store = options.taskStateStore;
  if (tasks === undefined && store === undefined) return undefined;
  if (tasks !== undefined && tasks !== true && (typeof tasks !== 'object' || tasks === null)) {
    throw new TypeError('createMCP option tasks must be true, false or an options object.');
  }
  const given = typeof tasks === 'object' ? tasks : {};
  if (store !== undefined) {
    const record = store as unknown as Record<string, unknown>;
    if (
      store.specificationVersion !== 'v1' ||
      TASK_STORE_METHODS.some((name) => typeof record[name] !== 'function')
    ) {
      throw new TypeError(
        'createMCP option taskStateStore must implement TaskStateStore (specificationVersion v1).',
      );
    }
    if (options.cache === undefined) {
      throw new TypeError(
        'createMCP option taskStateStore needs the idempotency cache of the same stores, so a task never runs twice: createMCP(toolbox, { ...stores }) passes both.',
      );
    }
  }
  const leaseMs = whole('leaseMs', given.leaseMs, 30_000, 100);
  return {
    store: store ?? createProcessLocalTaskStateStore(),
    cache: options.cache ?? createToolResultCache({ store: new Map() }),
    afterMs: given.afterMs === undefined ? undefined : whole('afterMs', given.afterMs, 0, 0),
    ttlMs: whole('ttlMs', given.ttlMs, 60 * 60_000, 1_000),
    pollIntervalMs: whole('pollIntervalMs', given.pollIntervalMs, 1_000, 1),
    leaseMs,
    maxResultBytes: whole('maxResultBytes', given.maxResultBytes, 1024 * 1024, 1_024, 'bytes'),
  };
}
