import type { TaskKey, TaskRecord, TaskStateStore } from '@armorer/idempotency';
import { sameData } from './assert';
import { type Awaitable, check } from './harness';

// Helpers of the task store suite's cases. @internal

export type Make = () => Awaitable<TaskStateStore>;

export const keyOf = (task: TaskRecord): TaskKey => ({
  tenantId: task.tenantId,
  principalId: task.principalId,
  taskId: task.taskId,
});

/** A deep copy: what was written, whatever happens to the object afterwards. */
export const snapshot = (task: TaskRecord): TaskRecord => JSON.parse(JSON.stringify(task));

export function sameRecord(actual: TaskRecord | undefined, expected: TaskRecord, what: string): void {
  check(actual !== undefined, `${what}: expected the task, got undefined`);
  check(
    sameData(actual, expected),
    `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
  );
}

/** Awaits an operation that must throw an instance of `kind`; nothing else passes. */
export async function throwsA(kind: ErrorConstructor, operation: () => unknown, what: string): Promise<void> {
  let thrown: unknown;
  try {
    await operation();
  } catch (error) {
    thrown = error;
  }
  check(
    thrown instanceof kind,
    `${what}: expected a ${kind.name}, got ${thrown === undefined ? 'success' : String(thrown)}`,
  );
}
