import { describe, expect, it } from 'bun:test';
import { createProcessLocalTaskStateStore, type TaskStateStore } from '@armorer/idempotency';
import { taskStateStoreConformance } from './task-state-store';

taskStateStoreConformance(() => createProcessLocalTaskStateStore(), { describe, it });

/** Runs the suite with a recording API and reports which tests failed. */
async function failuresOf(createStore: () => TaskStateStore) {
  const tests: { name: string; body: () => Promise<void> }[] = [];
  taskStateStoreConformance(
    createStore,
    {
      describe: (_name, body) => body(),
      it: (name, body) => tests.push({ name, body }),
    },
    { concurrency: 10 },
  );
  const failed: string[] = [];
  for (const test of tests) {
    try {
      await test.body();
    } catch {
      failed.push(test.name);
    }
  }
  return failed;
}

describe('the task store suite catches broken stores', () => {
  it('a store whose transition ignores the revision fails the compare-and-set test', async () => {
    const failed = await failuresOf(() => {
      const inner = createProcessLocalTaskStateStore();
      return {
        ...inner,
        async transition(key, _revision, change) {
          const current = await inner.get(key, change.updatedAt);
          return inner.transition(key, current?.revision ?? 1, change);
        },
      };
    });
    expect(failed).toContain(
      'transition is a compare-and-set on revision, and keeps progress and the cancel flag',
    );
  });

  it('a store that lets a terminal task change fails the terminal test', async () => {
    const failed = await failuresOf(() => {
      const inner = createProcessLocalTaskStateStore();
      let current: TaskStateStore = inner;
      return {
        ...inner,
        async transition(key, revision, change) {
          const answer = await inner.transition(key, revision, change);
          if (answer.applied || answer.record === undefined) return answer;
          // Writes over the terminal record through a fresh create.
          const fresh = createProcessLocalTaskStateStore();
          await fresh.create({ ...answer.record, ...change, revision: answer.record.revision + 1 });
          current = fresh;
          return { applied: true, record: (await fresh.get(key, change.updatedAt)) ?? answer.record };
        },
        get: (key, now) => current.get(key, now),
      };
    });
    expect(failed).toContain(
      'a terminal task never changes again: transitions, progress and renewals are refused',
    );
  });

  it('a store whose list ignores the principal fails the list scope test', async () => {
    const failed = await failuresOf(() => {
      const inner = createProcessLocalTaskStateStore();
      return {
        ...inner,
        async list(scope, options) {
          const pages = await Promise.all(
            ['alice', 'bob', null].map((principalId) => inner.list({ ...scope, principalId }, options)),
          );
          return { tasks: pages.flatMap((page) => page.tasks) };
        },
      };
    });
    expect(failed).toContain('list never answers another tenant’s or principal’s task');
  });

  it('a store that answers the caller’s own object fails the create test', async () => {
    const failed = await failuresOf(() => {
      const inner = createProcessLocalTaskStateStore();
      const kept = new Map<string, Parameters<TaskStateStore['create']>[0]>();
      return {
        ...inner,
        async create(record) {
          const created = await inner.create(record);
          if (created) kept.set(record.taskId, record);
          (record as { data: unknown }).data = { changed: true };
          return created;
        },
        async get(key, now) {
          return (await inner.get(key, now)) === undefined ? undefined : kept.get(key.taskId);
        },
      };
    });
    expect(failed).toContain(
      'create records a task that get answers as written; an unknown task is undefined',
    );
  });
});
