/**
 * The approval store transition tests themselves, loaded when they run (`approval-transition-tests`
 * registers them): the test utilities' bundle does not carry them.
 */
import {
  type ApprovalBinding,
  ApprovalError,
  type ApprovalRequestView,
  type ApprovalStateStore,
} from '@armorer/approval';
import { fixtureBinding, fixtureView } from '../fixtures/approval';
import type { TransitionStart } from './approval-transition-tests';
import {
  type ModelAnswer,
  type ModelOperation,
  type ModelRecord,
  modelTransition,
} from './approval-transitions';
import { ConformanceError, refused, same } from './harness';

const isApprovalError = (error: unknown) => ApprovalError.isInstance(error);

/** What a store answered to one operation: its refusal code (or success) and, for `state`, the state. */
interface StoreAnswer {
  readonly refusal: string | undefined;
  readonly state?: unknown;
}

/** The two bindings sharing one key (same replay scope and nonce, different signatures). */
interface KeyPair {
  readonly a: ApprovalBinding;
  readonly b: ApprovalBinding;
}

/** Runs one operation on a store; a refusal must be an `ApprovalError`, whose code is the answer. */
async function applyToStore(store: ApprovalStateStore, operation: ModelOperation): Promise<StoreAnswer> {
  try {
    switch (operation.kind) {
      case 'issue':
        await store.issue(operation.binding);
        return { refusal: undefined };
      case 'reserve':
        await store.reserve(operation.binding, operation.view, operation.now);
        return { refusal: undefined };
      case 'consume':
        await store.consume(operation.binding, operation.view, operation.now);
        return { refusal: undefined };
      case 'commit':
        await store.commit(operation.binding);
        return { refusal: undefined };
      case 'release':
        await store.release(operation.binding);
        return { refusal: undefined };
      case 'revoke':
        await store.revoke(operation.binding, operation.now);
        return { refusal: undefined };
      case 'state':
        return { refusal: undefined, state: await store.state(operation.binding) };
    }
  } catch (error) {
    if (!ApprovalError.isInstance(error)) {
      throw new ConformanceError(`${label(operation)} threw ${String(error)}, not an ApprovalError`);
    }
    return { refusal: error.code };
  }
}

/** Applies an operation to the store and to the model and fails when their answers differ. */
async function step(
  store: ApprovalStateStore,
  record: ModelRecord | undefined,
  operation: ModelOperation,
  lease: number,
  where: () => string,
): Promise<ModelRecord | undefined> {
  const expected: ModelAnswer = modelTransition(record, operation, lease);
  const actual = await applyToStore(store, operation);
  const show = (answer: StoreAnswer) =>
    answer.refusal === undefined
      ? operation.kind === 'state'
        ? `state ${String(answer.state)}`
        : 'success'
      : `refusal ${answer.refusal}`;
  if (
    actual.refusal !== expected.refusal ||
    (operation.kind === 'state' && actual.state !== expected.state)
  ) {
    throw new ConformanceError(`${where()}: expected ${show(expected)}, got ${show(actual)}`);
  }
  return expected.next;
}

function label(operation: ModelOperation, pair?: KeyPair, origin = 0): string {
  const which = pair === undefined ? '' : operation.binding === pair.a ? ' A' : ' B';
  const time =
    'now' in operation
      ? Number.isFinite(operation.now)
        ? ` at t0+${operation.now - origin}`
        : ` at ${operation.now}`
      : '';
  const view =
    'view' in operation && operation.view.principalId !== 'principal-1' ? ' (other principal)' : '';
  return `${operation.kind}${which}${view}${time}`;
}

/** Where a key can start from: the operations (all at t0) that lead there. */
const STARTS: Readonly<Record<TransitionStart, (pair: KeyPair, t0: number) => ModelOperation[]>> = {
  'no record': () => [],
  issued: ({ a }) => [{ kind: 'issue', binding: a }],
  reserved: ({ a }, t0) => [
    { kind: 'issue', binding: a },
    { kind: 'reserve', binding: a, view: fixtureView(), now: t0 },
  ],
  'released (issued again)': ({ a }, t0) => [
    { kind: 'issue', binding: a },
    { kind: 'reserve', binding: a, view: fixtureView(), now: t0 },
    { kind: 'release', binding: a },
  ],
  consumed: ({ a }, t0) => [
    { kind: 'issue', binding: a },
    { kind: 'consume', binding: a, view: fixtureView(), now: t0 },
  ],
  'consumed by commit': ({ a }, t0) => [
    { kind: 'issue', binding: a },
    { kind: 'reserve', binding: a, view: fixtureView(), now: t0 },
    { kind: 'commit', binding: a },
  ],
  revoked: ({ a }, t0) => [
    { kind: 'issue', binding: a },
    { kind: 'revoke', binding: a, now: t0 },
  ],
  'revoked without a record (a tombstone)': ({ a }, t0) => [{ kind: 'revoke', binding: a, now: t0 }],
};

/** Every operation, with the binding of the record and another one under its key, at time `t`. */
function operationsAt(pair: KeyPair, t: number): ModelOperation[] {
  const other: ApprovalRequestView = fixtureView({ principalId: 'principal-2' });
  const operations: ModelOperation[] = [];
  for (const binding of [pair.a, pair.b]) {
    operations.push(
      { kind: 'issue', binding },
      { kind: 'reserve', binding, view: fixtureView(), now: t },
      { kind: 'reserve', binding, view: other, now: t },
      { kind: 'reserve', binding, view: fixtureView(), now: binding.expiresAt },
      { kind: 'consume', binding, view: fixtureView(), now: t },
      { kind: 'consume', binding, view: other, now: t },
      { kind: 'commit', binding },
      { kind: 'release', binding },
      { kind: 'revoke', binding, now: t },
      { kind: 'state', binding },
      // A time that is not a finite number never passes a lease, nor matches a binding.
      { kind: 'reserve', binding, view: fixtureView(), now: Number.NaN },
      { kind: 'consume', binding, view: fixtureView(), now: Number.NEGATIVE_INFINITY },
      { kind: 'revoke', binding, now: Number.NaN },
      { kind: 'revoke', binding, now: Number.POSITIVE_INFINITY },
    );
  }
  return operations;
}

function keyPair(t0: number): KeyPair {
  const a = fixtureBinding(t0);
  // Same key (replay scope and nonce), another signature: a forged or re-signed binding.
  const b = fixtureBinding(t0, { nonce: a.nonce, expiresAt: a.expiresAt + 1000 });
  return { a, b };
}

/** A crashed resume: once the lease passed, its reservation can be revoked or taken, never both run. */
export async function crashedResume(store: ApprovalStateStore, lease: number): Promise<void> {
  const now = Date.now();
  const view = fixtureView();
  const crashed = fixtureBinding(now);
  await store.issue(crashed);
  await store.reserve(crashed, view, now);
  await refused(
    () => store.revoke(crashed, now + lease - 1),
    isApprovalError,
    ['already-reserved'],
    'revoke while the lease runs',
  );
  await store.revoke(crashed, now + lease);
  same(await store.state(crashed), 'revoked', 'state after revoking a reservation whose lease passed');
  await refused(() => store.commit(crashed), isApprovalError, ['not-reserved'], 'late commit after revoke');
  await refused(
    () => store.reserve(crashed, view, now + lease),
    isApprovalError,
    ['revoked'],
    'reserve after revoke',
  );
  const taken = fixtureBinding(now);
  await store.issue(taken);
  await store.reserve(taken, view, now);
  await store.reserve(taken, view, now + lease);
  await store.commit(taken);
  await refused(() => store.commit(taken), isApprovalError, ['not-reserved'], 'the first late commit');
  await refused(
    () => store.revoke(taken, now + 2 * lease),
    isApprovalError,
    ['already-consumed'],
    'revoke after the second resume committed',
  );
}

/**
 * Every operation (with the key's own binding and another one under its key, matching and mismatched
 * requests, an expired binding, times that are not finite) from the named state, `offset` after it was
 * reached, each on a fresh key, compared with the reference model; then the state it leaves.
 */
export async function tableFrom(
  store: ApprovalStateStore,
  name: TransitionStart,
  phase: string,
  offset: number,
  lease: number,
): Promise<void> {
  const t0 = Date.now();
  const count = operationsAt(keyPair(t0), t0).length;
  for (let cell = 0; cell < count; cell++) {
    // A fresh key per cell: each starts from the named state.
    const pair = keyPair(t0);
    const target = operationsAt(pair, t0 + offset)[cell] as ModelOperation;
    let record: ModelRecord | undefined;
    for (const [index, before] of STARTS[name](pair, t0).entries()) {
      const where = () => `${name}: setup step ${index + 1} (${label(before, pair, t0)})`;
      record = await step(store, record, before, lease, where);
    }
    const where = `${name}, ${phase}: ${label(target, pair, t0)}`;
    record = await step(store, record, target, lease, () => where);
    const owner = record?.owner ?? pair.a;
    await step(store, record, { kind: 'state', binding: owner }, lease, () => `${where}, then state`);
  }
}

/** Generated operation sequences, each answer compared with the reference model. */
export async function sequencesAgree(
  store: ApprovalStateStore,
  lease: number,
  sequences: number,
  seed: number,
): Promise<void> {
  const random = mulberry32(seed);
  for (let sequence = 0; sequence < sequences; sequence++) {
    const t0 = Date.now();
    const pair = keyPair(t0);
    const done: string[] = [];
    let record: ModelRecord | undefined;
    let clock = t0;
    let settled = 0;
    // Up to 16 operations; a sequence ends two operations after its key settled (consumed, revoked).
    for (let index = 0; index < 16 && settled < 2; index++) {
      clock = nextClock(random, clock, t0, lease);
      const operation = randomOperation(random, pair, record, clock, lease);
      done.push(label(operation, pair, t0));
      const where = () => `seed ${seed}, sequence ${sequence}, after [${done.join(', ')}]`;
      record = await step(store, record, operation, lease, where);
      if (record?.state === 'consumed' || record?.state === 'revoked') settled++;
    }
  }
}

/** A small seeded generator (mulberry32): the same seed gives the same sequences everywhere. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The sequence's clock: mostly forward, by steps around the lease, sometimes back. */
function nextClock(random: () => number, clock: number, t0: number, lease: number): number {
  const roll = random();
  if (roll < 0.4) return clock;
  if (roll < 0.6) return clock + 1;
  if (roll < 0.75) return clock + lease - 1;
  if (roll < 0.9) return clock + lease;
  return Math.max(t0, clock - lease);
}

/**
 * The time an operation is given: mostly the clock, often one side of the running reservation's lease
 * boundary (where stores disagreed), sometimes the binding's expiry or a time that is not finite.
 */
function opTime(
  random: () => number,
  clock: number,
  record: ModelRecord | undefined,
  lease: number,
  expiresAt: number,
): number {
  const roll = random();
  if (record?.state === 'reserved' && roll < 0.5) {
    return record.reservedAt + (random() < 0.5 ? lease - 1 : lease);
  }
  if (roll < 0.9) return clock;
  if (roll < 0.97) return random() < 0.5 ? expiresAt - 1 : expiresAt;
  return random() < 0.5 ? Number.NaN : Number.POSITIVE_INFINITY;
}

type Kind = ModelOperation['kind'];

/**
 * Which operations to draw from, by the key's state (like the preconditions of a model-based test): a
 * key that is still open is pushed through its transitions instead of settling at once.
 */
const KINDS_BY_STATE: Readonly<Record<string, readonly Kind[]>> = {
  none: ['issue', 'issue', 'issue', 'issue', 'reserve', 'commit', 'revoke', 'state'],
  issued: ['reserve', 'reserve', 'reserve', 'consume', 'revoke', 'commit', 'release', 'issue', 'state'],
  reserved: ['reserve', 'reserve', 'consume', 'revoke', 'revoke', 'commit', 'release', 'state', 'issue'],
  settled: ['issue', 'reserve', 'consume', 'commit', 'release', 'revoke', 'state'],
};

function randomOperation(
  random: () => number,
  pair: KeyPair,
  record: ModelRecord | undefined,
  clock: number,
  lease: number,
): ModelOperation {
  const state =
    record === undefined
      ? 'none'
      : record.state === 'issued' || record.state === 'reserved'
        ? record.state
        : 'settled';
  const kinds = KINDS_BY_STATE[state] as readonly Kind[];
  const kind = kinds[Math.floor(random() * kinds.length)] ?? 'state';
  const binding = random() < 0.9 ? pair.a : pair.b;
  const view = random() < 0.85 ? fixtureView() : fixtureView({ principalId: 'principal-2' });
  const now = opTime(random, clock, record, lease, pair.a.expiresAt);
  switch (kind) {
    case 'reserve':
    case 'consume':
      return { kind, binding, view, now };
    case 'revoke':
      return { kind, binding, now };
    default:
      return { kind, binding };
  }
}
