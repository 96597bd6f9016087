import { checkOptions, checkSteps, composeTool } from '../compose/compose-tool';
import { runStep } from '../compose/run-step';
import type {
  ComposableTool,
  ComposedTool,
  ComposeOptions,
  CompositionContext,
  InferToolOutput,
  InferToolParams,
} from '../compose/types';
import { CompositionError } from '../errors/composition-error';

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
  map: (
    output: InferToolOutput<TTool>,
    params: InferToolParams<TTool>,
    context: CompositionContext,
  ) => TOutput | Promise<TOutput>,
  options?: ComposeOptions,
): ComposedTool<TTool['schema'], Awaited<TOutput>> {
  checkSteps('postprocess', [tool]);
  checkOptions('postprocess', options);
  if (typeof map !== 'function') {
    throw new CompositionError({
      code: 'INVALID_OPTIONS',
      message: 'postprocess(): the mapper must be a function.',
    });
  }
  return composeTool({
    kind: 'postprocess',
    steps: [tool],
    schema: tool.schema,
    description: tool.description,
    options,
    async execute(params, context) {
      const position = {
        pipeline: context.toolName,
        composition: 'postprocess' as const,
        stepIndex: 0,
        stepCount: 1,
      };
      const output = await runStep(position, tool, params, context);
      return map(output as InferToolOutput<TTool>, params as InferToolParams<TTool>, context);
    },
  });
}
