import { createToolError, describeThrown } from '../errors/tool-error';
import type { CallState } from './call-state';
import { INTERRUPTED, waitInterruptible } from './cancellation';

/** True for values a tool can stream (strings are iterable but never treated as streams). */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function'
  );
}

/** What collecting a stream produced; `chunks` holds everything delivered before any failure. */
export interface CollectedStream {
  readonly chunks: unknown[];
  readonly failed: boolean;
  readonly error: unknown;
}

/** Collects a stream into an array, emitting the stream events and honouring cancellation between chunks. */
export async function collectStream(
  state: CallState,
  iterable: AsyncIterable<unknown>,
  interruptible: boolean,
): Promise<CollectedStream> {
  const chunks: unknown[] = [];
  if (state.listening) state.emit('stream-start', { live: false });
  let iterator: AsyncIterator<unknown> | undefined;
  try {
    iterator = iterable[Symbol.asyncIterator]();
    for (;;) {
      const next = iterator.next();
      const step = interruptible ? await waitInterruptible(state, next) : await next;
      if (step === INTERRUPTED) {
        closeQuietly(iterator);
        return { chunks, failed: false, error: undefined };
      }
      if (step.done === true) break;
      emitChunk(state, step.value, chunks.length);
      chunks.push(step.value);
    }
  } catch (error) {
    if (state.listening)
      state.emit('stream-error', { error: streamError(state, error, chunks.length), chunks: chunks.length });
    return { chunks, failed: true, error };
  }
  if (state.listening) state.emit('stream-end', { chunks: chunks.length });
  return { chunks, failed: false, error: undefined };
}

/**
 * Wraps a stream for live consumption: pulls one chunk per `next()` (never buffering ahead) and emits
 * the stream events as the consumer reads. An error is reported and rethrown to the consumer.
 */
export function liveStream(state: CallState, iterable: AsyncIterable<unknown>): AsyncIterable<unknown> {
  return (async function* live() {
    let index = 0;
    if (state.reg.emitter.size !== 0 || state.reg.owner.emitter.size !== 0)
      state.emit('stream-start', { live: true });
    try {
      for await (const chunk of iterable) {
        emitChunk(state, chunk, index++);
        yield chunk;
      }
    } catch (error) {
      if (state.listening)
        state.emit('stream-error', { error: streamError(state, error, index), chunks: index });
      throw error;
    }
    if (state.listening) state.emit('stream-end', { chunks: index });
  })();
}

function emitChunk(state: CallState, chunk: unknown, index: number): void {
  if (!state.listening) return;
  state.emit('stream-chunk', { chunk, index });
  state.emit('output-chunk', { chunk, index });
}

function streamError(state: CallState, error: unknown, chunks: number) {
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
