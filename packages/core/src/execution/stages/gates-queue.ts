import type { ToolError } from '../../errors/tool-error';
import { type CallState, INTERRUPTED } from '../call-state';
import type { ToolResult } from '../types';
import { ConcurrencyGate } from './concurrency-gate';
import { interrupted } from './finish';
import { run, runCommitted } from './run';
import { waitInterruptible } from './wait-interruptible';

/*
 * The gates that wait (see `./gates`), a chunk loaded with the first call that needs one: the per-tool
 * concurrency queue, and a resumed call's commit to a store that answers asynchronously. Both waits end
 * early when the call is cancelled or times out: a queue or a store that never answers cannot outlive it.
 */

/** Takes a slot of the tool's concurrency gate (queueing for one when all are taken), then runs the call. */
export async function queueThenRun(state: CallState): Promise<ToolResult | CallState> {
  const reg = state.reg;
  reg.gate ??= new ConcurrencyGate(reg.concurrency as number);
  const gate = reg.gate;
  const slot = gate.acquire(state);
  if (slot === true) state.ext.holdsSlot = true;
  else {
    state.ext.queuedAt = state.now();
    state.setPhase('queued');
    state.interrupt = () => gate.leave(state);
    state.ext.holdsSlot = await slot;
    if (!state.ext.holdsSlot || state.interrupted !== undefined) return interrupted(state);
  }
  // A resumed call's binding is consumed only now, when nothing but the implementation is left to run.
  const resume = state.resume;
  if (resume === undefined) return run(state);
  const committed = resume.commit(reg.config.name);
  if (committed instanceof Promise) return runOnceCommitted(state, committed);
  return runCommitted(state, committed);
}

/**
 * Waits for a resumed call's asynchronous commit, interruptibly. An interrupted call never runs; the resume
 * hands the still-reserved binding back.
 */
export async function runOnceCommitted(
  state: CallState,
  committing: Promise<ToolError | undefined>,
): Promise<ToolResult | CallState> {
  const failure = await waitInterruptible(state, committing);
  if (failure === INTERRUPTED) return interrupted(state);
  return runCommitted(state, failure);
}
