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

const gatesQueue = /* @__PURE__ */ later(() => import('./gates-queue'));

/** Passes the gates of a call that policy allowed, then runs it. */
export function passGates(state: CallState): StartedCall {
  if (state.reg.concurrency !== undefined) {
    const queue = gatesQueue.module;
    return queue !== undefined ? queue.queueThenRun(state) : queueOnceLoaded(state);
  }
  const resume = state.resume;
  if (resume === undefined) return run(state);
  const committed = resume.commit(state.reg.config.name);
  if (committed instanceof Promise) {
    const queue = gatesQueue.module;
    return queue !== undefined
      ? queue.runOnceCommitted(state, committed)
      : commitOnceLoaded(state, committed);
  }
  return runCommitted(state, committed);
}

/** The first call that queues waits for the chunk. */
async function queueOnceLoaded(state: CallState): Promise<ToolResult | CallState> {
  return (await gatesQueue.load()).queueThenRun(state);
}

/** The first resume whose store answers asynchronously waits for the chunk. */
async function commitOnceLoaded(
  state: CallState,
  committed: Promise<ToolError | undefined>,
): Promise<ToolResult | CallState> {
  return (await gatesQueue.load()).runOnceCommitted(state, committed);
}
