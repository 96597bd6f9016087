import {
  type ApprovalBinding,
  type ApprovalBindingState,
  type ApprovalRequestView,
  matchApprovalBinding,
} from '@armorer/approval';

/**
 * The reference model of the `ApprovalStateStore` contract: what every store (process-local,
 * SQLite, Redis, PostgreSQL, yours) must answer for each operation, from each state, with the
 * reservation lease running or passed. The conformance suite runs the whole table and generated
 * operation sequences against a store and compares every answer with this model.
 *
 * A key holds at most one record: the binding that was issued (or revoked) first under it, its state, and
 * when it was last reserved (the `now` of that `reserve`). A reservation's lease has passed at `now` when
 * `reservedAt + lease <= now` (never at a `now` that is not a finite number); only the operations given a time (`reserve`, `consume`, `revoke`) can tell,
 * and for them such a reservation counts as `issued` (its resume died between reserve and commit).
 *
 * | state \ operation       | issue          | reserve, consume      | commit       | release      | revoke           | state     |
 * | ----------------------- | -------------- | --------------------- | ------------ | ------------ | ---------------- | --------- |
 * | none                    | issued         | not-issued            | not-reserved | not-reserved | revoked (a tombstone) | none |
 * | issued                  | already-issued | reserved, consumed \* | not-reserved | not-reserved | revoked          | issued    |
 * | reserved, lease running | already-issued | already-reserved      | consumed     | issued       | already-reserved | reserved  |
 * | reserved, lease passed  | already-issued | reserved, consumed \* | consumed     | issued       | revoked          | reserved  |
 * | consumed                | already-issued | already-consumed      | not-reserved | not-reserved | already-consumed | consumed  |
 * | revoked                 | already-issued | revoked               | not-reserved | not-reserved | revoked (no-op)  | revoked   |
 *
 * \* the request must also match the binding (`matchApprovalBinding`: expiry, then every request
 * field); a mismatch is refused with its own code and changes nothing. State checks come first, so a
 * consumed binding answers `already-consumed` whatever the request. Another binding presented under a
 * known key is refused with `binding-conflict` by every operation but `issue` (`already-issued`), and
 * changes nothing. A refusal never changes the record.
 *
 * @internal
 */
export interface ModelRecord {
  /** Which of the bindings sharing the key owns the record. */
  readonly owner: ApprovalBinding;
  readonly state: ApprovalBindingState;
  /** The `now` of the reservation that is in place (only meaningful while `reserved`). */
  readonly reservedAt: number;
}

/** One operation on a store, with the binding it presents. @internal */
export type ModelOperation =
  | { readonly kind: 'issue' | 'commit' | 'release' | 'state'; readonly binding: ApprovalBinding }
  | {
      readonly kind: 'reserve' | 'consume';
      readonly binding: ApprovalBinding;
      readonly view: ApprovalRequestView;
      readonly now: number;
    }
  | { readonly kind: 'revoke'; readonly binding: ApprovalBinding; readonly now: number };

/** What the model answers: a refusal code (or success), the record afterwards, and `state`'s answer. @internal */
export interface ModelAnswer {
  readonly refusal: string | undefined;
  readonly next: ModelRecord | undefined;
  /** What `state` answers (only for the `state` operation). */
  readonly state?: ApprovalBindingState | undefined;
}

/** The state a reservation whose lease passed at `now` counts as. @internal */
export function effectiveState(record: ModelRecord, lease: number, now: number): ApprovalBindingState {
  // A time that is not a finite number proves nothing: the lease counts as running.
  const passed = Number.isFinite(now) && record.reservedAt + lease <= now;
  return record.state === 'reserved' && passed ? 'issued' : record.state;
}

/** The refusal of an operation that needs an issued binding, by the state it found. */
const NOT_ISSUED_REFUSAL: Readonly<Record<Exclude<ApprovalBindingState, 'issued'>, string>> = {
  reserved: 'already-reserved',
  consumed: 'already-consumed',
  revoked: 'revoked',
};

/**
 * Applies one operation to the record of one key (`undefined`: the store has none) under a reservation
 * lease of `lease` milliseconds. @internal
 */
export function modelTransition(
  record: ModelRecord | undefined,
  operation: ModelOperation,
  lease: number,
): ModelAnswer {
  const refuse = (refusal: string): ModelAnswer => ({ refusal, next: record });
  const binding = operation.binding;
  if (operation.kind === 'issue') {
    if (record !== undefined) return refuse('already-issued');
    return { refusal: undefined, next: { owner: binding, state: 'issued', reservedAt: 0 } };
  }
  if (record !== undefined && record.owner.signature !== binding.signature) return refuse('binding-conflict');
  switch (operation.kind) {
    case 'state':
      return { refusal: undefined, next: record, state: record?.state };
    case 'commit':
    case 'release':
      if (record?.state !== 'reserved') return refuse('not-reserved');
      return {
        refusal: undefined,
        next: { ...record, state: operation.kind === 'commit' ? 'consumed' : 'issued' },
      };
    case 'revoke': {
      if (record === undefined) {
        return { refusal: undefined, next: { owner: binding, state: 'revoked', reservedAt: 0 } };
      }
      const state = effectiveState(record, lease, operation.now);
      if (state === 'revoked') return { refusal: undefined, next: record };
      if (state !== 'issued') return refuse(NOT_ISSUED_REFUSAL[state]);
      return { refusal: undefined, next: { ...record, state: 'revoked' } };
    }
    case 'reserve':
    case 'consume': {
      if (record === undefined) return refuse('not-issued');
      const state = effectiveState(record, lease, operation.now);
      if (state !== 'issued') return refuse(NOT_ISSUED_REFUSAL[state]);
      const mismatch = matchApprovalBinding(binding, operation.view, operation.now);
      if (mismatch !== undefined) return refuse(mismatch.code);
      return operation.kind === 'consume'
        ? { refusal: undefined, next: { ...record, state: 'consumed' } }
        : { refusal: undefined, next: { ...record, state: 'reserved', reservedAt: operation.now } };
    }
  }
}
