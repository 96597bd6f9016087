import type { ObjectSchema } from '@armorer/core';
import { z } from 'zod';
import { checkOptions, checkSteps, composeTool } from '../compose/compose-tool';
import { runStep, stepPosition } from '../compose/run-step';
import type { ComposableTool, ComposedTool, ComposeOptions, InferToolOutput } from '../compose/types';
import { CompositionError } from '../errors/composition-error';

type ShapeOf<TTool> = TTool extends { readonly schema: z.ZodObject<infer TShape> } ? TShape : never;
type MergeShapes<TTools extends readonly unknown[]> = TTools extends readonly [infer THead, ...infer TRest]
  ? ShapeOf<THead> & MergeShapes<TRest>
  : unknown;

/** The input schema of a parallel composition: every step's fields in one object schema. */
export type MergedSchema<TTools extends readonly ComposableTool[]> = z.ZodObject<
  { [K in keyof MergeShapes<TTools>]: Extract<MergeShapes<TTools>[K], z.core.$ZodType> },
  z.core.$strip
>;
/** The outputs of parallel steps, in step order. */
export type ParallelOutput<TTools extends readonly ComposableTool[]> = TTools extends readonly []
  ? []
  : TTools extends readonly [
        infer THead extends ComposableTool,
        ...infer TRest extends readonly ComposableTool[],
      ]
    ? [InferToolOutput<THead>, ...ParallelOutput<TRest>]
    : InferToolOutput<TTools[number]>[];

/**
 * Runs several tools with the same input at the same time and resolves to their outputs, in order.
 * The composed tool's schema has every step's fields (each step validates and keeps its own). The first
 * failing step ends the call (the others are cancelled through their signal), with a `PipelineError`
 * naming it. Pass the tools as arguments, or as an array followed by {@link ComposeOptions}.
 *
 * @example
 * ```ts
 * const overview = parallel(fetchUser, fetchOrders, fetchUsage);
 * const [user, orders, usage] = await overview({ id: 'user-123' });
 * const named = parallel([fetchUser, fetchOrders], { name: 'user-overview' });
 * ```
 */
export function parallel<const TTools extends readonly [ComposableTool, ...ComposableTool[]]>(
  ...tools: TTools
): ComposedTool<MergedSchema<TTools>, ParallelOutput<TTools>>;
export function parallel<const TTools extends readonly [ComposableTool, ...ComposableTool[]]>(
  tools: TTools,
  options?: ComposeOptions,
): ComposedTool<MergedSchema<TTools>, ParallelOutput<TTools>>;
export function parallel(...args: readonly unknown[]): ComposedTool<ObjectSchema, unknown[]> {
  const listed = Array.isArray(args[0]);
  const steps: readonly unknown[] = listed ? (args[0] as unknown[]) : args;
  const options = checkOptions('parallel', listed ? (args[1] as ComposeOptions | undefined) : undefined);
  checkSteps('parallel', steps);
  if (steps.length === 0) {
    throw new CompositionError({ code: 'INVALID_STEP', message: 'parallel() needs at least one tool.' });
  }
  const shape = Object.assign({}, ...steps.map((step) => step.schema.shape)) as z.ZodRawShape;
  return composeTool({
    kind: 'parallel',
    steps,
    schema: z.object(shape),
    description: `Runs ${steps.map((step) => `"${step.name}"`).join(', ')} at the same time with the same input and returns their results in that order.`,
    options,
    async execute(params, context) {
      // One failure cancels the siblings; the caller's own cancellation reaches them too.
      const controller = new AbortController();
      const parent = context.signal;
      const forward = (): void => controller.abort(parent.reason);
      if (parent.aborted) forward();
      else parent.addEventListener('abort', forward, { once: true });
      try {
        return await Promise.all(
          steps.map(async (step, stepIndex) => {
            const position = stepPosition('parallel', context, stepIndex, steps.length);
            try {
              return await runStep(position, step, params, context, controller.signal);
            } catch (failure) {
              controller.abort(failure);
              throw failure;
            }
          }),
        );
      } finally {
        parent.removeEventListener('abort', forward);
      }
    },
  });
}
