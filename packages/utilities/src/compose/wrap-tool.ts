import type { ObjectSchema } from '@armorer/core';
import { checkFunction, checkOptions, checkSteps, composeTool } from './compose-tool';
import { runStep, type StepPosition, stepPosition } from './run-step';
import type {
  ComposableTool,
  ComposedTool,
  ComposeOptions,
  CompositionContext,
  CompositionKind,
  InferToolOutput,
  InferToolParams,
  OutputHandler,
} from './types';

/** A composition around one tool (`bind`, `retry`, `tap`, `preprocess`, `postprocess`). */
export interface WrapSpec<TSchema extends ObjectSchema> {
  readonly kind: CompositionKind;
  readonly tool: ComposableTool;
  /** The composed tool's input schema (the wrapped tool's own, unless the composition changes it). */
  readonly schema: TSchema;
  readonly options: ComposeOptions | undefined;
  /** Runs a call; `position` places the wrapped tool as step 1 of 1 of this call. */
  readonly execute: (
    params: Record<string, unknown>,
    context: CompositionContext,
    position: StepPosition,
  ) => Promise<unknown>;
}

/**
 * Checks the arguments of a one-tool composition, in order: the tool, the options, then each callback
 * (keyed by how its error message names it, e.g. `'the mapper'`). Returns the options.
 */
export function checkWrapped<TOptions extends object>(
  kind: CompositionKind,
  tool: unknown,
  options: TOptions | undefined,
  callbacks: Readonly<Record<string, unknown>> = {},
): TOptions | undefined {
  checkSteps(kind, [tool]);
  checkOptions(kind, options);
  for (const [label, callback] of Object.entries(callbacks)) checkFunction(kind, label, callback);
  return options;
}

/** Builds the composed tool of a one-tool composition: the wrapped tool's description, its only step. */
export function wrapTool<TSchema extends ObjectSchema, TResult>(
  spec: WrapSpec<TSchema>,
): ComposedTool<TSchema, TResult> {
  const { kind, tool } = spec;
  return composeTool({
    kind,
    steps: [tool],
    schema: spec.schema,
    description: tool.description,
    options: spec.options,
    execute: (params, context) => spec.execute(params, context, stepPosition(kind, context)),
  });
}

/**
 * A one-tool composition whose calls run the tool, then resolve to what `handle` returns for its output
 * (`postprocess` maps the output, `tap` passes it through after an effect).
 */
export function handleOutput<TTool extends ComposableTool, TResult>(
  kind: CompositionKind,
  tool: TTool,
  options: ComposeOptions | undefined,
  handle: OutputHandler<TTool, unknown>,
): ComposedTool<TTool['schema'], TResult> {
  return wrapTool({
    kind,
    tool,
    schema: tool.schema,
    options,
    async execute(params, context, position) {
      const output = await runStep(position, tool, params, context);
      return handle(output as InferToolOutput<TTool>, params as InferToolParams<TTool>, context);
    },
  });
}
