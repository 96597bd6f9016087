import type { ApprovalStateStore } from '@armorer/approval';
import type { ConformanceTestApi } from './harness';

/** The states a key starts from in the transition table (their setups are in `approval-transition-cases`). */
export const TRANSITION_STARTS = [
  'no record',
  'issued',
  'reserved',
  'released (issued again)',
  'consumed',
  'consumed by commit',
  'revoked',
  'revoked without a record (a tombstone)',
] as const;

/** A state of {@link TRANSITION_STARTS}. @internal */
export type TransitionStart = (typeof TRANSITION_STARTS)[number];

/** The test bodies, loaded when a test runs. */
const cases = () => import('./approval-transition-cases');

/**
 * Registers the transition-table tests: every operation (with the key's own binding and another one
 * under its key, matching and mismatched requests, an expired binding) from every state, with the
 * reservation lease running (one millisecond before it ends) and passed (the millisecond it ends); then
 * generated operation sequences, each answer compared with the reference model.
 * @internal
 */
export function registerTransitionTests(
  createStore: () => Promise<ApprovalStateStore>,
  api: ConformanceTestApi,
  lease: number,
  sequences: number,
  seed: number,
): void {
  api.it(
    'a crashed resume: once the lease passed, its reservation can be revoked or taken, never both run',
    async () => (await cases()).crashedResume(await createStore(), lease),
  );
  for (const start of TRANSITION_STARTS) {
    for (const [phase, offset] of [
      ['lease running', lease - 1],
      ['lease passed', lease],
    ] as const) {
      api.it(`transition table: every operation from ${start}, ${phase}`, async () =>
        (await cases()).tableFrom(await createStore(), start, phase, offset, lease),
      );
    }
  }
  api.it(
    `generated operation sequences (${sequences}, seed ${seed}) agree with the reference model`,
    async () => (await cases()).sequencesAgree(await createStore(), lease, sequences, seed),
  );
}
