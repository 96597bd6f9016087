import type { ComposableTool, ComposedTool, ComposeOptions, OutputHandler } from '../compose/types';
import { checkWrapped, handleOutput } from '../compose/wrap-tool';

/**
 * Transforms a tool's output (formatting, enriching, redacting). The composed tool takes the same input
 * and resolves to what `map` returns.
 *
 * @example
 * ```ts
 * const fetchUser = createTool({
 *   name: 'fetch-user',
 *   description: 'Fetch a user',
 *   input: z.object({ id: z.string() }),
 *   execute: async ({ id }) => ({ userId: id, name: 'John' }),
 * });
 * const formatted = postprocess(fetchUser, (user) => ({ ...user, displayName: `${user.name} (${user.userId})` }));
 * await formatted({ id: '123' }); // { userId: '123', name: 'John', displayName: 'John (123)' }
 * ```
 */
export function postprocess<TTool extends ComposableTool, TOutput>(
  tool: TTool,
  map: OutputHandler<TTool, TOutput | Promise<TOutput>>,
  options?: ComposeOptions,
): ComposedTool<TTool['schema'], Awaited<TOutput>> {
  checkWrapped('postprocess', tool, options, { 'the mapper': map });
  return handleOutput('postprocess', tool, options, map);
}
