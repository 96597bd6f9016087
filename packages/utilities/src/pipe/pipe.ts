import { checkOptions, checkSteps, composeTool } from '../compose/compose-tool';
import { runStep } from '../compose/run-step';
import type {
  AcceptsValue as Accepts,
  ComposedTool,
  ComposeOptions,
  InferToolOutput as Out,
  ComposableTool as Step,
} from '../compose/types';
import { CompositionError } from '../errors/composition-error';

/**
 * Chains tools left to right: each step's output is the next step's input. The result is a real tool
 * (validated against the first step's schema, evented, serializable) that resolves to the last step's
 * output; the type checker refuses a step that cannot accept the previous step's output. Each step runs
 * through its own validation and policy. A failing step ends the call with its error and a
 * `PipelineError` naming the step as the cause. Takes 2 to 8 tools, then optional {@link ComposeOptions}.
 *
 * @example
 * ```ts
 * const parseNumber = createTool({
 *   name: 'parse-number',
 *   description: 'Parse a string to a number',
 *   input: z.object({ str: z.string() }),
 *   execute: async ({ str }) => ({ value: Number.parseInt(str, 10) }),
 * });
 * const double = createTool({
 *   name: 'double',
 *   description: 'Double a number',
 *   input: z.object({ value: z.number() }),
 *   execute: async ({ value }) => ({ value: value * 2 }),
 * });
 * const stringify = createTool({
 *   name: 'stringify',
 *   description: 'Format a result',
 *   input: z.object({ value: z.number() }),
 *   execute: async ({ value }) => `Result: ${value}`,
 * });
 * const pipeline = pipe(parseNumber, double, stringify);
 * await pipeline({ str: '21' }); // 'Result: 42'
 * ```
 */
export function pipe<A extends Step, B extends Step>(
  a: A,
  b: B & Accepts<B, Out<A>>,
  options?: ComposeOptions,
): ComposedTool<A['schema'], Out<B>>;
export function pipe<A extends Step, B extends Step, C extends Step>(
  a: A,
  b: B & Accepts<B, Out<A>>,
  c: C & Accepts<C, Out<B>>,
  options?: ComposeOptions,
): ComposedTool<A['schema'], Out<C>>;
export function pipe<A extends Step, B extends Step, C extends Step, D extends Step>(
  a: A,
  b: B & Accepts<B, Out<A>>,
  c: C & Accepts<C, Out<B>>,
  d: D & Accepts<D, Out<C>>,
  options?: ComposeOptions,
): ComposedTool<A['schema'], Out<D>>;
export function pipe<A extends Step, B extends Step, C extends Step, D extends Step, E extends Step>(
  a: A,
  b: B & Accepts<B, Out<A>>,
  c: C & Accepts<C, Out<B>>,
  d: D & Accepts<D, Out<C>>,
  e: E & Accepts<E, Out<D>>,
  options?: ComposeOptions,
): ComposedTool<A['schema'], Out<E>>;
export function pipe<
  A extends Step,
  B extends Step,
  C extends Step,
  D extends Step,
  E extends Step,
  F extends Step,
>(
  a: A,
  b: B & Accepts<B, Out<A>>,
  c: C & Accepts<C, Out<B>>,
  d: D & Accepts<D, Out<C>>,
  e: E & Accepts<E, Out<D>>,
  f: F & Accepts<F, Out<E>>,
  options?: ComposeOptions,
): ComposedTool<A['schema'], Out<F>>;
export function pipe<
  A extends Step,
  B extends Step,
  C extends Step,
  D extends Step,
  E extends Step,
  F extends Step,
  G extends Step,
>(
  a: A,
  b: B & Accepts<B, Out<A>>,
  c: C & Accepts<C, Out<B>>,
  d: D & Accepts<D, Out<C>>,
  e: E & Accepts<E, Out<D>>,
  f: F & Accepts<F, Out<E>>,
  g: G & Accepts<G, Out<F>>,
  options?: ComposeOptions,
): ComposedTool<A['schema'], Out<G>>;
export function pipe<
  A extends Step,
  B extends Step,
  C extends Step,
  D extends Step,
  E extends Step,
  F extends Step,
  G extends Step,
  H extends Step,
>(
  a: A,
  b: B & Accepts<B, Out<A>>,
  c: C & Accepts<C, Out<B>>,
  d: D & Accepts<D, Out<C>>,
  e: E & Accepts<E, Out<D>>,
  f: F & Accepts<F, Out<E>>,
  g: G & Accepts<G, Out<F>>,
  h: H & Accepts<H, Out<G>>,
  options?: ComposeOptions,
): ComposedTool<A['schema'], Out<H>>;
export function pipe(...args: readonly unknown[]): ComposedTool<Step['schema'], unknown> {
  const last = args.at(-1);
  // Tools are functions; a trailing plain object is the options.
  const hasOptions = typeof last === 'object' && last !== null;
  const options = checkOptions('pipe', hasOptions ? (last as ComposeOptions) : undefined);
  const steps = hasOptions ? args.slice(0, -1) : args;
  checkSteps('pipe', steps);
  if (steps.length < 2) {
    throw new CompositionError({ code: 'INVALID_STEP', message: 'pipe() needs at least two tools.' });
  }
  const first = steps[0] as Step;
  return composeTool({
    kind: 'pipe',
    steps,
    schema: first.schema,
    description: `Runs ${steps.map((step) => `"${step.name}"`).join(', then ')}, each step's output becoming the next step's input. First step: ${first.description}`,
    options,
    async execute(params, context) {
      let value: unknown = params;
      for (let stepIndex = 0; stepIndex < steps.length; stepIndex++) {
        const position = {
          pipeline: context.toolName,
          composition: 'pipe' as const,
          stepIndex,
          stepCount: steps.length,
        };
        value = await runStep(position, steps[stepIndex] as Step, value, context);
      }
      return value;
    },
  });
}
