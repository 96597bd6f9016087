import { createMiddleware, type ToolMiddleware } from '@armorer/core';
import { type Execute, type ExecuteContext, isPromiseLike } from '../common/context';
import { mapResult } from '../common/map-result';
import { positiveDuration, readOptions } from '../common/options';
import { MiddlewareOptionsError } from '../errors/middleware-options-error';
import { Deadline, DeadlineQueue } from './deadline';
import { streamWithDeadline } from './stream-with-deadline';

/** Options of {@link createTimeoutMiddleware}. */
export interface TimeoutMiddlewareOptions {
  /** The deadline of every call, in milliseconds. A tool's `metadata.timeoutMs` overrides it. */
  readonly timeoutMs: number;
}

const FACTORY = 'createTimeoutMiddleware';

/**
 * Gives every call a deadline. The implementation receives a signal that aborts (reason: a
 * `TimeoutError`) when the deadline passes, composed with the caller's own signal; the call then ends at
 * once with a `TIMEOUT` error (`details.timeoutMs`), even if the implementation ignores the signal. A
 * streamed result must also finish within the deadline. A tool's numeric `metadata.timeoutMs` overrides
 * the default.
 *
 * @example
 * ```ts
 * import { createTool, createToolbox } from '@armorer/core';
 * import { createTimeoutMiddleware } from '@armorer/middleware';
 *
 * const slow = createTool({
 *   name: 'slow',
 *   description: 'Waits for a signal that never comes',
 *   async execute(_params, { signal }) {
 *     await new Promise((resolve) => signal.addEventListener('abort', resolve));
 *     return 'aborted cleanly';
 *   },
 * });
 * const toolbox = createToolbox([slow], { middleware: [createTimeoutMiddleware({ timeoutMs: 50 })] });
 * const result = await toolbox.execute({ name: 'slow', arguments: {} });
 * result.error?.code; // 'TIMEOUT'
 * ```
 */
export function createTimeoutMiddleware(options: TimeoutMiddlewareOptions | number): ToolMiddleware {
  const read = typeof options === 'number' ? { timeoutMs: options } : readOptions(FACTORY, options);
  const defaultTimeout = positiveDuration(FACTORY, 'timeoutMs', read.timeoutMs);
  // One queue (and so at most one pending timer) per distinct duration.
  const queues = new Map<number, DeadlineQueue>();
  const queueFor = (timeoutMs: number): DeadlineQueue => {
    let queue = queues.get(timeoutMs);
    if (queue === undefined) {
      queue = new DeadlineQueue();
      queues.set(timeoutMs, queue);
    }
    return queue;
  };
  return createMiddleware({
    name: 'timeout',
    transform(configuration) {
      const override = configuration.metadata?.timeoutMs;
      if (override !== undefined && typeof override !== 'number') {
        throw new MiddlewareOptionsError({
          message: `Tool "${configuration.name}": metadata.timeoutMs must be a number of milliseconds.`,
        });
      }
      const timeoutMs =
        override === undefined
          ? defaultTimeout
          : positiveDuration(FACTORY, `metadata.timeoutMs of "${configuration.name}"`, override);
      const { name, execute } = configuration;
      const queue = queueFor(timeoutMs);
      return {
        execute: (params, context) => runWithDeadline(name, timeoutMs, queue, execute, params, context),
      };
    },
  });
}

function runWithDeadline(
  name: string,
  timeoutMs: number,
  queue: DeadlineQueue,
  execute: Execute,
  params: Record<string, unknown>,
  context: ExecuteContext,
): unknown {
  const deadline = new Deadline(name, timeoutMs, () => context.signal);
  queue.add(deadline);
  let returned: unknown;
  try {
    returned = execute(params, withDeadline(context, deadline));
  } catch (error) {
    queue.settled(deadline);
    throw error;
  }
  if (!isPromiseLike(returned)) return settle(returned, deadline, queue);
  return new Promise((resolve, reject) => {
    deadline.onExpire(reject);
    returned.then(
      (value) => {
        if (!deadline.expired) resolve(settle(value, deadline, queue));
      },
      (error: unknown) => {
        queue.settled(deadline);
        reject(error);
      },
    );
  });
}

/** The implementation's context, with the deadline's signal, created only when read. */
function withDeadline(context: ExecuteContext, deadline: Deadline): ExecuteContext {
  return {
    ...context,
    get signal() {
      return deadline.signal;
    },
    get dispatch() {
      return context.dispatch;
    },
    get progress() {
      return context.progress;
    },
  };
}

/** A plain value ends the deadline; a stream keeps it running until the stream ends. */
function settle(value: unknown, deadline: Deadline, queue: DeadlineQueue): unknown {
  let streaming = false;
  const mapped = mapResult(value, {
    text: (text) => text,
    stream: (iterable) => {
      streaming = true;
      return streamWithDeadline(iterable, deadline, queue);
    },
  });
  if (!streaming) queue.settled(deadline);
  return mapped;
}
