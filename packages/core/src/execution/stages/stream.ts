import { createToolError, isToolError } from '../../errors/create-tool-error';
import { ToolFailureError } from '../../errors/tool-call-error';
import { describeThrown, type ToolError } from '../../errors/tool-error';
import { type CallState, INTERRUPTED } from '../call-state';
import { isAsyncIterable } from './async-iterable';
import { waitInterruptible } from './wait-interruptible';

export { isAsyncIterable };

/** What collecting a stream produced; `chunks` holds everything delivered before any failure. */
export interface CollectedStream {
  readonly chunks: unknown[];
  readonly failed: boolean;
  readonly error: ToolError | undefined;
}

/** Collects a stream into an array, emitting the stream events and honouring cancellation between chunks. */
export async function collectStream(
  state: CallState,
  iterable: AsyncIterable<unknown>,
): Promise<CollectedStream> {
  const chunks: unknown[] = [];
  if (state.listening) state.emit('stream-start', { live: false });
  let iterator: AsyncIterator<unknown> | undefined;
  try {
    iterator = iterable[Symbol.asyncIterator]();
    for (;;) {
      const step = await waitInterruptible(state, iterator.next());
      if (step === INTERRUPTED || state.interrupted !== undefined) {
        closeQuietly(iterator);
        return { chunks, failed: false, error: undefined };
      }
      if (step.done === true) break;
      chunks.push(step.value);
      onChunk(state, step.value, chunks.length - 1);
    }
  } catch (thrown) {
    const error = streamError(state, thrown, chunks.length);
    if (state.listening) state.emit('stream-error', { error, chunks: chunks.length });
    return { chunks, failed: true, error };
  }
  if (state.listening) state.emit('stream-end', { chunks: chunks.length });
  return { chunks, failed: false, error: undefined };
}

/**
 * Wraps a stream for live consumption. It pulls one chunk per `next()` and never reads ahead, so it never
 * buffers; it emits the stream events as the consumer reads, rethrows a failure to the consumer after
 * reporting it, ends the execution when the stream ends or the consumer stops, and closes the source
 * when the execution is cancelled (the consumer then gets a CANCELLED `ToolFailureError`).
 */
export function liveStream(state: CallState, iterable: AsyncIterable<unknown>): AsyncIterable<unknown> {
  let iterator: AsyncIterator<unknown> | undefined;
  let finished = false;
  let index = 0;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    state.endStream();
  };
  // Cancellation (the caller's signal, the deadline, shutdown) ends the execution at once, whether or
  // not the consumer is reading; its next read gets the CANCELLED or TIMEOUT error.
  state.ext.streamCancel = () => {
    if (iterator !== undefined) closeQuietly(iterator);
    finish();
  };
  const cancelled = (): never => {
    finish();
    throw new ToolFailureError(
      state.interrupted ?? createToolError('CANCELLED', 'The stream was cancelled.'),
    );
  };
  const stream: AsyncIterableIterator<unknown> = {
    [Symbol.asyncIterator]() {
      return stream;
    },
    async next() {
      if (finished) {
        if (state.interrupted !== undefined && index >= 0) return cancelled();
        return { done: true, value: undefined };
      }
      if (state.interrupted !== undefined) return cancelled();
      let step: IteratorResult<unknown> | typeof INTERRUPTED;
      try {
        if (iterator === undefined) {
          iterator = iterable[Symbol.asyncIterator]();
          if (state.listening) state.emit('stream-start', { live: true });
        }
        step = await waitInterruptible(state, iterator.next());
      } catch (thrown) {
        if (state.listening)
          state.emit('stream-error', { error: streamError(state, thrown, index), chunks: index });
        finish();
        throw thrown;
      }
      if (step === INTERRUPTED || state.interrupted !== undefined) {
        if (iterator !== undefined) closeQuietly(iterator);
        return cancelled();
      }
      if (step.done === true) {
        if (state.listening) state.emit('stream-end', { chunks: index });
        finish();
        return step;
      }
      onChunk(state, step.value, index++);
      return step;
    },
    async return(value?: unknown) {
      if (!finished) {
        if (iterator !== undefined) closeQuietly(iterator);
        if (state.listening) state.emit('stream-end', { chunks: index });
        finish();
      }
      return { done: true, value };
    },
  };
  return stream;
}

function onChunk(state: CallState, chunk: unknown, index: number): void {
  state.ext.chunks = index + 1;
  state.ext.lastActivityAt = state.now();
  if (!state.listening) return;
  state.emit('stream-chunk', { chunk, index });
  state.emit('output-chunk', { chunk, index });
}

function streamError(state: CallState, error: unknown, chunks: number): ToolError {
  // A stream that ends itself with a precise error (a deadline enforced by middleware, a rate limit)
  // keeps that error.
  try {
    if (ToolFailureError.isInstance(error) && isToolError(error.toolError)) return error.toolError;
  } catch {
    // A hostile value (a Proxy, a throwing getter): described below like any other.
  }
  return createToolError(
    'STREAM_FAILED',
    `Tool "${state.reg.config.name}" failed while streaming after ${chunks} chunk(s): ${describeThrown(error)}`,
    { cause: error },
  );
}

function closeQuietly(iterator: AsyncIterator<unknown>): void {
  try {
    const closing = iterator.return?.();
    if (closing !== undefined) Promise.resolve(closing).then(undefined, () => {});
  } catch {
    // The stream is abandoned because the call was cancelled; a failing close changes nothing.
  }
}
