import { later } from '../../chunks/later';
import type { ToolError } from '../../errors/tool-error';
import type { CallState } from '../call-state';
import type { ToolResult } from '../types';
import { run, runCommitted, type StartedCall } from './run';

/*
 * 5. Concurrency gates: a tool with `metadata.concurrency` runs at most that many calls at once (the others
 * wait in a FIFO queue, interruptibly). The last gate is a resumed call's approval: its binding is consumed
 * here, when nothing but the implementation is left that could refuse the call. A queue and a store that
 * answers asynchronously wait in `./gates-queue`, a chunk loaded with the first call that needs one.
 */

const gatesQueue = later(() => import('./gates-queue'));

/** Passes the gates of a call that policy allowed, then runs it. */
export function passGates(state: CallState): StartedCall {
  if (state.reg.concurrency !== undefined) return gatesQueue.run(queueThenRun, state);
  const resume = state.resume;
  if (resume === undefined) return run(state);
  const committed = resume.commit(state.reg.config.name);
  if (committed instanceof Promise) return gatesQueue.run(runOnceCommitted, state, committed);
  return runCommitted(state, committed);
}

function queueThenRun(queue: typeof import('./gates-queue'), state: CallState): Promise<ToolResult> {
  return queue.queueThenRun(state);
}

function runOnceCommitted(
  queue: typeof import('./gates-queue'),
  state: CallState,
  committed: Promise<ToolError | undefined>,
): Promise<ToolResult> {
  return queue.runOnceCommitted(state, committed);
}
