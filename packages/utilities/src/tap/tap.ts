import type {
  ComposableTool,
  ComposedTool,
  ComposeOptions,
  InferToolOutput,
  OutputHandler,
} from '../compose/types';
import { checkWrapped, handleOutput } from '../compose/wrap-tool';

/**
 * Runs a side effect with a tool's output (logging, metrics, auditing) and passes the output through
 * unchanged. The effect is awaited; if it throws, the call fails with that error.
 *
 * @example
 * ```ts
 * const loggedFetch = tap(fetchUser, (user, params) => {
 *   console.log('fetched', params.id, user);
 * });
 * const user = await loggedFetch({ id: 'user-123' });
 * ```
 */
export function tap<TTool extends ComposableTool>(
  tool: TTool,
  effect: OutputHandler<TTool, unknown>,
  options?: ComposeOptions,
): ComposedTool<TTool['schema'], InferToolOutput<TTool>> {
  checkWrapped('tap', tool, options, { 'the effect': effect });
  return handleOutput('tap', tool, options, async (output, params, context) => {
    await effect(output, params, context);
    return output;
  });
}
