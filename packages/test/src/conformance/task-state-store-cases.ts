import type { TaskRecord } from '@armorer/idempotency';
import { fixtureTask, fixtureTaskChange, fixtureTaskId } from '../fixtures/tasks';
import { sameData } from './assert';
import { check, same } from './harness';
import { keyOf, type Make, sameRecord, snapshot } from './task-state-store-shared';

// The bodies of the task store suite, loaded when they run (see task-state-store.ts). @internal

export async function createAndGet(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const task = fixtureTask(now, { statusMessage: 'queued', progress: { percent: 5, message: 'warming up' } });
  const written = snapshot(task);
  same(await store.get(keyOf(task), now), undefined, 'get before create');
  same(await store.create(task), true, 'create');
  (task.data as Record<string, unknown>).changedAfterCreate = true;
  sameRecord(await store.get(keyOf(task), now), written, 'get after create');
  const read = await store.get(keyOf(task), now);
  if (read !== undefined) (read.data as Record<string, unknown>).changedAfterGet = true;
  sameRecord(await store.get(keyOf(task), now), written, 'get after changing what get answered');
  const anonymous = fixtureTask(now, {
    tenantId: null,
    principalId: null,
    owner: null,
    leaseExpiresAt: null,
  });
  same(await store.create(anonymous), true, 'create without tenant or principal');
  sameRecord(await store.get(keyOf(anonymous), now), anonymous, 'get of the anonymous task');
}

export async function createTwice(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const task = fixtureTask(now);
  same(await store.create(task), true, 'first create');
  same(await store.create({ ...task, data: { other: true } }), false, 'second create of a live task id');
  sameRecord(await store.get(keyOf(task), now), task, 'the first record is kept');
  const elsewhere = { ...task, principalId: 'principal-2', data: { other: true } };
  same(await store.create(elsewhere), true, 'the same id under another principal');
  sameRecord(await store.get(keyOf(elsewhere), now), elsewhere, 'the other principal’s task');
}

export async function scopeIsolation(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const task = fixtureTask(now);
  await store.create(task);
  for (const other of [
    { tenantId: 'tenant-2', principalId: task.principalId },
    { tenantId: task.tenantId, principalId: 'principal-2' },
    { tenantId: null, principalId: task.principalId },
    { tenantId: task.tenantId, principalId: null },
  ]) {
    const key = { ...other, taskId: task.taskId };
    const what = `scope ${JSON.stringify(other)}`;
    same(await store.get(key, now), undefined, `${what}: get`);
    same((await store.transition(key, 1, fixtureTaskChange(now))).applied, false, `${what}: transition`);
    same(await store.progress(key, 'runner-1', { percent: 50 }, now), false, `${what}: progress`);
    same((await store.renew(key, 'runner-1', now + 60_000, now)).renewed, false, `${what}: renew`);
    same(await store.requestCancel(key, now), undefined, `${what}: requestCancel`);
  }
  sameRecord(await store.get(keyOf(task), now), task, 'the task is untouched');
}

export async function compareAndSet(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const task = fixtureTask(now);
  await store.create(task);
  await store.progress(keyOf(task), 'runner-1', { percent: 30 }, now + 1);
  await store.requestCancel(keyOf(task), now + 2);
  const pause = fixtureTaskChange(now + 3, {
    status: 'input_required',
    statusMessage: 'waiting for approval',
    data: { pending: { kind: 'approval' } },
    result: null,
  });
  const stale = await store.transition(keyOf(task), 2, pause);
  same(stale.applied, false, 'a transition from a revision that is not the stored one');
  same(stale.record?.revision, 1, 'the record a refused transition answers');
  const applied = await store.transition(keyOf(task), 1, pause);
  same(applied.applied, true, 'a transition from the stored revision');
  const expected: TaskRecord = {
    ...task,
    ...pause,
    revision: 2,
    progress: { percent: 30 },
    cancelRequested: true,
  };
  if (applied.applied) sameRecord(applied.record, expected, 'the applied transition’s record');
  sameRecord(await store.get(keyOf(task), now + 3), expected, 'get after the transition');
  same((await store.transition(keyOf(task), 1, pause)).applied, false, 'the same revision a second time');
  const resumed = await store.transition(
    keyOf(task),
    2,
    fixtureTaskChange(now + 4, {
      status: 'working',
      owner: 'runner-2',
      leaseExpiresAt: now + 60_000,
      result: null,
    }),
  );
  same(resumed.applied, true, 'input_required back to working');
  same(resumed.record?.revision, 3, 'the revision after two transitions');
}

export async function terminalIsFinal(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  for (const status of ['completed', 'failed', 'cancelled'] as const) {
    const task = fixtureTask(now);
    await store.create(task);
    const end = fixtureTaskChange(now + 1, {
      status,
      result: status === 'completed' ? { content: [] } : null,
      error: status === 'failed' ? { code: -32603, message: 'lost' } : null,
    });
    same((await store.transition(keyOf(task), 1, end)).applied, true, `working -> ${status}`);
    const final = await store.get(keyOf(task), now + 1);
    for (const next of ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const) {
      const again = await store.transition(keyOf(task), 2, fixtureTaskChange(now + 2, { status: next }));
      same(again.applied, false, `${status} -> ${next}`);
    }
    same(
      await store.progress(keyOf(task), 'runner-1', { percent: 99 }, now + 2),
      false,
      `progress of a ${status} task`,
    );
    same(
      (await store.renew(keyOf(task), 'runner-1', now + 90_000, now + 2)).renewed,
      false,
      `renew of a ${status} task`,
    );
    const cancelled = await store.requestCancel(keyOf(task), now + 2);
    same(cancelled?.cancelRequested, false, `a cancel request on a ${status} task`);
    if (final !== undefined) sameRecord(await store.get(keyOf(task), now + 3), final, `the ${status} task`);
  }
}

export async function progressRules(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const task = fixtureTask(now);
  await store.create(task);
  same(
    await store.progress(keyOf(task), 'runner-2', { percent: 10 }, now + 1),
    false,
    'progress by another owner',
  );
  same(
    await store.progress(keyOf(task), 'runner-1', { percent: 40, message: 'half' }, now + 2),
    true,
    'progress by the owner',
  );
  const read = await store.get(keyOf(task), now + 2);
  check(sameData(read?.progress, { percent: 40, message: 'half' }), 'the progress is stored');
  same(read?.revision, 1, 'progress does not move the revision');
  same(read?.updatedAt, now + 2, 'progress moves updatedAt');
  await store.transition(
    keyOf(task),
    1,
    fixtureTaskChange(now + 3, { status: 'input_required', owner: null, result: null }),
  );
  same(
    await store.progress(keyOf(task), 'runner-1', { percent: 50 }, now + 4),
    false,
    'progress of a task waiting for input',
  );
}

export async function renewRules(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const task = fixtureTask(now);
  await store.create(task);
  const fenced = await store.renew(keyOf(task), 'runner-2', now + 90_000, now);
  same(fenced.renewed, false, 'a renewal by another owner');
  const renewed = await store.renew(keyOf(task), 'runner-1', now + 90_000, now);
  check(renewed.renewed && !renewed.cancelRequested, 'the owner renews; nobody asked to cancel');
  const read = await store.get(keyOf(task), now);
  same(read?.leaseExpiresAt, now + 90_000, 'the lease moved');
  same(read?.revision, 1, 'a renewal does not move the revision');
  await store.requestCancel(keyOf(task), now + 1);
  same(
    (await store.renew(keyOf(task), 'runner-1', now + 95_000, now + 1)).cancelRequested,
    true,
    'the renewal reports the cancel request',
  );
  const takeover = await store.transition(
    keyOf(task),
    1,
    fixtureTaskChange(now + 2, {
      status: 'working',
      owner: 'runner-2',
      leaseExpiresAt: now + 60_000,
      result: null,
    }),
  );
  same(takeover.applied, true, 'another runner takes the task over');
  same(
    (await store.renew(keyOf(task), 'runner-1', now + 99_000, now + 2)).renewed,
    false,
    'the former owner is fenced out',
  );
}

export async function cancelRules(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  same(
    await store.requestCancel({ tenantId: 't', principalId: 'p', taskId: fixtureTaskId() }, now),
    undefined,
    'cancel of an unknown task',
  );
  const task = fixtureTask(now);
  await store.create(task);
  const flagged = await store.requestCancel(keyOf(task), now + 5);
  check(
    flagged?.cancelRequested === true && flagged.status === 'working',
    'the flagged task is still working',
  );
  same(flagged?.revision, 1, 'a cancel request does not move the revision');
  same((await store.requestCancel(keyOf(task), now + 6))?.cancelRequested, true, 'a second request');
  const end = await store.transition(
    keyOf(task),
    1,
    fixtureTaskChange(now + 7, { status: 'cancelled', result: null }),
  );
  same(end.record?.cancelRequested, true, 'the transition keeps the flag');
}

export async function expiry(make: Make): Promise<void> {
  const store = await make();
  const now = Date.now();
  const task = fixtureTask(now, { expiresAt: now + 1_000 });
  await store.create(task);
  const scope = { tenantId: task.tenantId, principalId: task.principalId };
  same((await store.get(keyOf(task), now + 999))?.taskId, task.taskId, 'get just before expiry');
  same(await store.get(keyOf(task), now + 1_000), undefined, 'get at expiry');
  const listed = await store.list(scope, { now: now + 1_000, limit: 100 });
  check(!listed.tasks.some((item) => item.taskId === task.taskId), 'list at expiry leaves the task out');
  same(
    (await store.transition(keyOf(task), 1, fixtureTaskChange(now + 1_000))).applied,
    false,
    'transition at expiry',
  );
  same(
    await store.progress(keyOf(task), 'runner-1', { percent: 1 }, now + 1_000),
    false,
    'progress at expiry',
  );
  same(
    (await store.renew(keyOf(task), 'runner-1', now + 5_000, now + 1_000)).renewed,
    false,
    'renew at expiry',
  );
  same(await store.requestCancel(keyOf(task), now + 1_000), undefined, 'cancel at expiry');
  const reused = fixtureTask(now + 2_000, { taskId: task.taskId, data: { second: true } });
  same(await store.create(reused), true, 'create over an expired task');
  sameRecord(await store.get(keyOf(task), now + 2_000), reused, 'the new task');
}
