import { isTool } from '@armorer/core';
import { checkFunction, checkOptions, checkSteps, composeTool } from '../compose/compose-tool';
import { runStep, stepPosition } from '../compose/run-step';
import type {
  AcceptsValue,
  ComposableTool,
  ComposedTool,
  ComposeOptions,
  CompositionContext,
  InferToolInput,
  InferToolOutput,
  InferToolParams,
} from '../compose/types';

/** Decides which branch of {@link when} runs, from the validated arguments. */
export type WhenPredicate<TTool extends ComposableTool> = (
  params: InferToolParams<TTool>,
  context: CompositionContext,
) => boolean | Promise<boolean>;

/**
 * Branches between tools: when `predicate` holds, `then` runs; otherwise `otherwise` runs, or, without
 * one, the validated arguments are returned unchanged. The composed tool takes `then`'s input, which
 * `otherwise` must accept too.
 *
 * @example
 * ```ts
 * const route = when(({ severity }) => severity === 'high', pageOnCall, fileTicket);
 * await route({ severity: 'high', summary: 'Database down' }); // pages the on-call engineer
 * const maybeTranslate = when(({ lang }) => lang !== 'en', translate); // English text passes through
 * ```
 */
export function when<TThen extends ComposableTool>(
  predicate: WhenPredicate<TThen>,
  then: TThen,
  options?: ComposeOptions,
): ComposedTool<TThen['schema'], InferToolOutput<TThen> | InferToolParams<TThen>>;
export function when<TThen extends ComposableTool, TOtherwise extends ComposableTool>(
  predicate: WhenPredicate<TThen>,
  then: TThen,
  otherwise: TOtherwise & AcceptsValue<TOtherwise, InferToolInput<TThen>>,
  options?: ComposeOptions,
): ComposedTool<TThen['schema'], InferToolOutput<TThen> | InferToolOutput<TOtherwise>>;
export function when(
  predicate: WhenPredicate<ComposableTool>,
  then: ComposableTool,
  otherwiseOrOptions?: ComposableTool | ComposeOptions,
  maybeOptions?: ComposeOptions,
): ComposedTool<ComposableTool['schema'], unknown> {
  checkFunction('when', 'the predicate', predicate);
  const otherwise = isTool(otherwiseOrOptions) ? (otherwiseOrOptions as ComposableTool) : undefined;
  const options = checkOptions(
    'when',
    otherwise === undefined ? (otherwiseOrOptions as ComposeOptions | undefined) : maybeOptions,
  );
  const steps = otherwise === undefined ? [then] : [then, otherwise];
  checkSteps('when', steps);
  const branches = otherwise === undefined ? `"${then.name}"` : `"${then.name}" or "${otherwise.name}"`;
  return composeTool({
    kind: 'when',
    steps,
    schema: then.schema,
    description: `Runs ${branches} depending on the arguments. ${then.description}`,
    options,
    async execute(params, context) {
      const chosen = (await predicate(params, context)) === true ? 0 : 1;
      const step = steps[chosen];
      if (step === undefined) return params;
      return runStep(stepPosition('when', context, chosen, steps.length), step, params, context);
    },
  });
}
