import { MAX_TASK_RECORD_BYTES, type TaskStateStore } from '@armorer/idempotency';
import { fixtureTask, fixtureTaskChange, fixtureTaskId } from '../fixtures/tasks';
import { sameData } from './assert';
import { type Awaitable, check, race, same } from './harness';
import { keyOf, type Make, sameRecord, throwsA } from './task-state-store-shared';

// More bodies of the task store suite: lists, JSON, refusals, races and peers. @internal

export async function listPages(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const scope = { tenantId: `tenant-${fixtureTaskId()}`, principalId: 'lister' };
  const ids: string[] = [];
  for (let index = 0; index < 7; index++) {
    // Two tasks per millisecond: order within one createdAt is by task id.
    const task = fixtureTask(now + Math.floor(index / 2), {
      ...scope,
      taskId: `list-${index}-${fixtureTaskId()}`,
    });
    ids.push(task.taskId);
    await store.create(task);
  }
  const expected = ids
    .map((id, index) => ({ id, at: now + Math.floor(index / 2) }))
    .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
    .map((item) => item.id);
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const answer = await store.list(scope, { now, limit: 3, ...(cursor === undefined ? {} : { cursor }) });
    check(answer.tasks.length <= 3, 'a page holds at most limit tasks');
    seen.push(...answer.tasks.map((task) => task.taskId));
    cursor = answer.nextCursor;
    if (cursor === undefined) break;
  }
  same(seen.join(' '), expected.join(' '), 'the pages, newest first');
  same(
    (await store.list({ tenantId: scope.tenantId, principalId: 'nobody' }, { now, limit: 5 })).tasks.length,
    0,
    'an empty scope',
  );
}

export async function listScope(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const tenantId = `tenant-${fixtureTaskId()}`;
  const mine = fixtureTask(now, { tenantId, principalId: 'alice' });
  await store.create(mine);
  await store.create(fixtureTask(now, { tenantId, principalId: 'bob' }));
  await store.create(fixtureTask(now, { tenantId: `${tenantId}-other`, principalId: 'alice' }));
  await store.create(fixtureTask(now, { tenantId, principalId: null }));
  const listed = await store.list({ tenantId, principalId: 'alice' }, { now, limit: 100 });
  same(listed.tasks.map((task) => task.taskId).join(' '), mine.taskId, 'alice’s tasks');
}

export async function jsonExact(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const awkward = {
    text: 'zero\u0000width\u200b bidi\u202e emoji 🛠 lone \ud800 quote " backslash \\',
    nested: { list: [[], {}, [1, [2, [3]]], null, true], empty: '' },
    numbers: [0, -1, 1.5, 9007199254740991, 1e21, -2.5e-7],
    ['__proto__']: { polluted: false },
  };
  const task = fixtureTask(now, {
    data: awkward,
    statusMessage: 'line\nbreak \u0000',
    progress: { percent: 12.5, message: 'é' },
  });
  await store.create(task);
  sameRecord(await store.get(keyOf(task), now), task, 'the record with awkward JSON');
  const done = await store.transition(
    keyOf(task),
    1,
    fixtureTaskChange(now + 1, { result: awkward, data: awkward }),
  );
  check(sameData(done.record?.result, awkward), 'the result with awkward JSON');
}

export async function malformed(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const task = fixtureTask(now);
  const bad: [string, () => unknown][] = [
    ['a task id with a space', () => store.create({ ...task, taskId: 'a b' })],
    ['an empty task id', () => store.get({ ...keyOf(task), taskId: '' }, now)],
    ['a numeric tenant', () => store.get({ ...keyOf(task), tenantId: 7 as never }, now)],
    ['a lone surrogate in the principal', () => store.create({ ...task, principalId: 'a\ud800' })],
    ['an unknown status', () => store.create({ ...task, status: 'paused' as never })],
    ['revision 0', () => store.create({ ...task, revision: 0 })],
    ['a fractional time', () => store.create({ ...task, createdAt: 1.5 })],
    ['data that is an array', () => store.create({ ...task, data: [] as never })],
    [
      'a cyclic result',
      () => {
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        return store.transition(keyOf(task), 1, fixtureTaskChange(now, { result: cyclic }));
      },
    ],
    ['a progress percent of 101', () => store.progress(keyOf(task), 'runner-1', { percent: 101 }, now)],
    ['an owner with a slash', () => store.renew(keyOf(task), 'a/b', now, now)],
    ['a list limit of 0', () => store.list(task, { now, limit: 0 })],
    ['a list limit of 101', () => store.list(task, { now, limit: 101 })],
    ['a forged cursor', () => store.list(task, { now, limit: 5, cursor: 'not-a-cursor' })],
    ['null as a key', () => store.get(null as never, now)],
  ];
  for (const [what, operation] of bad) await throwsA(TypeError, operation, what);
  same(await store.get(keyOf(task), now), undefined, 'nothing was written');
}

export async function tooLarge(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const huge = { blob: 'x'.repeat(MAX_TASK_RECORD_BYTES) };
  const task = fixtureTask(now);
  await throwsA(RangeError, () => store.create({ ...task, data: huge }), 'create with huge data');
  same(await store.get(keyOf(task), now), undefined, 'the huge task was not written');
  await store.create(task);
  await throwsA(
    RangeError,
    () => store.transition(keyOf(task), 1, fixtureTaskChange(now, { result: huge })),
    'a huge result',
  );
  sameRecord(await store.get(keyOf(task), now), task, 'the task after the refused result');
}

export async function createRace(make: Make, count: number): Promise<void> {
  const store = await make();
  const now = Date.now();
  const task = fixtureTask(now);
  const { fulfilled, rejected } = await race(count, (index) => store.create({ ...task, data: { index } }));
  same(rejected.length, 0, 'failed creates');
  same(fulfilled.filter((created) => created === true).length, 1, 'creates that succeeded');
}

export async function transitionRace(make: Make, count: number): Promise<void> {
  const store = await make();
  const now = Date.now();
  const task = fixtureTask(now);
  await store.create(task);
  const { fulfilled, rejected } = await race(count, (index) =>
    store.transition(
      keyOf(task),
      1,
      fixtureTaskChange(now + 1, { status: 'working', owner: `runner-${index}`, result: null }),
    ),
  );
  same(rejected.length, 0, 'failed transitions');
  const winners = fulfilled.filter((answer) => answer.applied);
  same(winners.length, 1, 'transitions applied');
  const read = await store.get(keyOf(task), now + 1);
  same(read?.owner, winners[0]?.record?.owner, 'the stored owner is the winner’s');
  same(read?.revision, 2, 'the revision moved once');
}

export async function peerStores(make: Make, peer: () => Awaitable<TaskStateStore>): Promise<void> {
  const one = await make();
  const two = await peer();
  const now = Date.now();
  const task = fixtureTask(now);
  await one.create(task);
  same(await two.create(task), false, 'the peer sees the id taken');
  sameRecord(await two.get(keyOf(task), now), task, 'the peer reads the task');
  same(
    (await two.transition(keyOf(task), 1, fixtureTaskChange(now + 1))).applied,
    true,
    'the peer completes it',
  );
  same((await one.get(keyOf(task), now + 1))?.status, 'completed', 'the first store sees it completed');
}
