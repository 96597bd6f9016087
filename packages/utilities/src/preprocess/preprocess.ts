import type { ObjectSchema } from '@armorer/core';
import type { z } from 'zod';
import { runStep } from '../compose/run-step';
import type {
  ComposableTool,
  ComposedTool,
  ComposeOptions,
  CompositionContext,
  InferToolInput,
  InferToolOutput,
  InferToolParams,
} from '../compose/types';
import { checkWrapped, wrapTool } from '../compose/wrap-tool';
import { CompositionError } from '../errors/composition-error';

/** Options of {@link preprocess}: the composed tool's own input schema, when it differs from the tool's. */
export interface PreprocessOptions<TSchema extends ObjectSchema> extends ComposeOptions {
  readonly input: TSchema;
}

/**
 * Transforms a call's arguments before they reach a tool (normalizing, converting, enriching). With an
 * `input` schema, the composed tool accepts that shape and `map` converts it to the tool's input;
 * without one, it accepts the tool's own input and `map` rewrites it. Either way both sides are
 * validated: the composed tool's schema first, then the tool's own.
 *
 * @example
 * ```ts
 * const addNumbers = createTool({
 *   name: 'add-numbers',
 *   description: 'Add two numbers',
 *   input: z.object({ a: z.number(), b: z.number() }),
 *   execute: async ({ a, b }) => a + b,
 * });
 * const addStrings = preprocess(addNumbers, ({ a, b }) => ({ a: Number(a), b: Number(b) }), {
 *   input: z.object({ a: z.string(), b: z.string() }),
 * });
 * await addStrings({ a: '5', b: '3' }); // 8
 * ```
 */
export function preprocess<TTool extends ComposableTool, TSchema extends ObjectSchema>(
  tool: TTool,
  map: (
    params: z.output<TSchema>,
    context: CompositionContext,
  ) => InferToolInput<TTool> | Promise<InferToolInput<TTool>>,
  options: PreprocessOptions<TSchema>,
): ComposedTool<TSchema, InferToolOutput<TTool>>;
export function preprocess<TTool extends ComposableTool>(
  tool: TTool,
  map: (
    params: InferToolParams<TTool>,
    context: CompositionContext,
  ) => InferToolInput<TTool> | Promise<InferToolInput<TTool>>,
  options?: ComposeOptions,
): ComposedTool<TTool['schema'], InferToolOutput<TTool>>;
export function preprocess(
  tool: ComposableTool,
  map: (params: never, context: CompositionContext) => unknown,
  options?: ComposeOptions & { readonly input?: ObjectSchema },
): ComposedTool<ObjectSchema, unknown> {
  checkWrapped('preprocess', tool, options, { 'the mapper': map });
  const schema = options?.input ?? tool.schema;
  if (typeof (schema as Partial<ObjectSchema>)?.safeParse !== 'function') {
    throw new CompositionError({
      code: 'INVALID_OPTIONS',
      message: 'preprocess(): input must be a Zod object schema.',
    });
  }
  return wrapTool({
    kind: 'preprocess',
    tool,
    schema,
    options,
    async execute(params, context, position) {
      const mapped = await map(params as never, context);
      return runStep(position, tool, mapped, context);
    },
  });
}
