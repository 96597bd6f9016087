import {
  createMiddleware,
  createToolError,
  describeThrown,
  ToolFailureError,
  type ToolMiddleware,
} from '@armorer/core';
import {
  createTruncatingAsyncIterable,
  DEFAULT_ERROR_MAX_CHARACTERS,
  DEFAULT_MAX_CHARACTERS,
  type ToolResultTruncationOptions,
  truncateToolResultContent,
} from '@armorer/truncation';
import { type Execute, isPromiseLike } from '../common/context';
import { mapResult } from '../common/map-result';
import { positiveInteger, readOptions } from '../common/options';
import { MiddlewareOptionsError } from '../errors/middleware-options-error';
import { fenceOf, registerFence } from '../fencing/fence-registry';

/** Options of {@link createTruncationMiddleware}: the options of `truncateToolResultContent` except `isError`. */
export type TruncationMiddlewareOptions = Omit<ToolResultTruncationOptions, 'isError'>;

const FACTORY = 'createTruncationMiddleware';

/**
 * Keeps results inside a character budget. String results and the `content` of object results (a string
 * or text blocks) go through `truncateToolResultContent` (base64 payloads replaced, then cut with a
 * marker); streamed results (an AsyncIterable, or an object whose `stream`/`result` holds one) yield
 * chunks until `maxCharacters`, then a marker, then stop. Error messages longer than
 * `errorMaxCharacters` are cut too. Other values pass through unchanged. On a tool fenced by
 * `createUntrustedOutputFencingMiddleware`, it truncates inside the fence, so the closing delimiter stays.
 *
 * @example
 * ```ts
 * import { createToolbox } from '@armorer/core';
 * import { createTruncationMiddleware } from '@armorer/middleware';
 *
 * const toolbox = createToolbox([fetchPage], {
 *   middleware: [createTruncationMiddleware({ maxCharacters: 4000 })],
 * });
 * const page = await toolbox.execute({ name: 'fetch-page', arguments: { url: 'https://example.com' } });
 * (page.result as string).length <= 4000; // true
 * ```
 */
export function createTruncationMiddleware(options?: TruncationMiddlewareOptions): ToolMiddleware {
  const read = readOptions(FACTORY, options);
  const maxCharacters =
    read.maxCharacters === undefined
      ? DEFAULT_MAX_CHARACTERS
      : positiveInteger(FACTORY, 'maxCharacters', read.maxCharacters);
  const errorMaxCharacters =
    read.errorMaxCharacters === undefined
      ? DEFAULT_ERROR_MAX_CHARACTERS
      : positiveInteger(FACTORY, 'errorMaxCharacters', read.errorMaxCharacters);
  for (const key of ['marker', 'base64Placeholder'] as const) {
    if (read[key] !== undefined && typeof read[key] !== 'string') {
      throw new MiddlewareOptionsError({ message: `${FACTORY}(): ${key} must be a string.` });
    }
  }
  const textOptions: ToolResultTruncationOptions = {
    ...read,
    maxCharacters,
    errorMaxCharacters,
    isError: false,
  };
  const errorOptions: ToolResultTruncationOptions = { ...textOptions, isError: true };
  const streamOptions =
    read.marker === undefined ? { maxCharacters } : { maxCharacters, marker: read.marker };
  const mapper = {
    text: (text: string) => truncateToolResultContent(text, textOptions),
    stream: (iterable: AsyncIterable<unknown>) => createTruncatingAsyncIterable(iterable, streamOptions),
  };

  const truncating =
    (execute: Execute): Execute =>
    (params, context) => {
      let returned: unknown;
      try {
        returned = execute(params, context);
      } catch (error) {
        throw shorten(error, context.toolName, errorOptions);
      }
      if (!isPromiseLike(returned)) return mapResult(returned, mapper);
      return Promise.resolve(returned).then(
        (value) => mapResult(value, mapper),
        (error: unknown) => {
          throw shorten(error, context.toolName, errorOptions);
        },
      );
    };

  return createMiddleware({
    name: 'truncation',
    transform(configuration) {
      const fence = fenceOf(configuration.execute);
      if (fence === undefined) return { execute: truncating(configuration.execute) };
      const inner = truncating(fence.inner);
      const execute = fence.rebuild(inner);
      registerFence(execute, { inner, rebuild: fence.rebuild });
      return { execute };
    },
  });
}

/** Cuts an overlong error message, keeping the error's code, category and cause. */
function shorten(error: unknown, toolName: string, options: ToolResultTruncationOptions): unknown {
  const max = options.errorMaxCharacters ?? DEFAULT_ERROR_MAX_CHARACTERS;
  if (ToolFailureError.isInstance(error)) {
    const toolError = error.toolError;
    if (toolError.message.length <= max) return error;
    const message = truncateToolResultContent(toolError.message, options);
    return new ToolFailureError(
      createToolError(toolError.code, message, {
        ...(toolError.details === undefined ? {} : { details: toolError.details }),
        cause: toolError.cause ?? error,
        retryable: toolError.retryable,
      }),
    );
  }
  const text = `Tool "${toolName}" failed: ${describeThrown(error)}`;
  if (text.length <= max) return error;
  return new ToolFailureError(
    createToolError('EXECUTION_FAILED', truncateToolResultContent(text, options), { cause: error }),
  );
}
