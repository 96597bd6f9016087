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
  effect: (
    output: InferToolOutput<TTool>,
    params: InferToolParams<TTool>,
    context: CompositionContext,
  ) => unknown,
  options?: ComposeOptions,
): ComposedTool<TTool['schema'], InferToolOutput<TTool>> {
  checkSteps('tap', [tool]);
  checkOptions('tap', options);
  if (typeof effect !== 'function') {
    throw new CompositionError({ code: 'INVALID_OPTIONS', message: 'tap(): the effect must be a function.' });
  }
  return composeTool({
    kind: 'tap',
    steps: [tool],
    schema: tool.schema,
    description: tool.description,
    options,
    async execute(params, context) {
      const position = {
        pipeline: context.toolName,
        composition: 'tap' as const,
        stepIndex: 0,
        stepCount: 1,
      };
      const output = await runStep(position, tool, params, context);
      await effect(output as InferToolOutput<TTool>, params as InferToolParams<TTool>, context);
      return output;
    },
  });
}
