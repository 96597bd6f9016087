import { checkOptions, checkSteps, composeTool } from '../compose/compose-tool';
import { runStep, stepPosition } from '../compose/run-step';
import type {
  AcceptsValue,
  ComposedTool,
  ComposeOptions,
  InferToolOutput,
  ComposableTool as Step,
} from '../compose/types';
import { CompositionError } from '../errors/composition-error';

/** The tools `pipe` takes: two or more (the type checker accepts up to 8). */
export type PipeSteps = readonly [Step, Step, ...Step[]];

type Linked<
  TSteps extends readonly Step[],
  TPrevious extends Step | undefined = undefined,
> = TSteps extends readonly [infer THead extends Step, ...infer TRest extends readonly Step[]]
  ? [
      [TPrevious] extends [Step] ? THead & AcceptsValue<THead, InferToolOutput<TPrevious>> : THead,
      ...Linked<TRest, THead>,
    ]
  : [];

/**
 * The steps of a pipe as the type checker wants them: every step after the first must accept the
 * previous step's output (a {@link StepInputMismatch} marks the step that cannot); `never` past 8 steps.
 */
export type PipeChain<TSteps extends PipeSteps> = TSteps['length'] extends 2 | 3 | 4 | 5 | 6 | 7 | 8
  ? Linked<TSteps>
  : never;

/** What a pipe resolves to: its last step's output. */
export type PipeOutput<TSteps extends PipeSteps> = TSteps extends readonly [
  ...Step[],
  infer TLast extends Step,
]
  ? InferToolOutput<TLast>
  : never;

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
export function pipe<TSteps extends PipeSteps>(
  ...steps: TSteps & PipeChain<TSteps>
): ComposedTool<TSteps[0]['schema'], PipeOutput<TSteps>>;
export function pipe<TSteps extends PipeSteps>(
  ...args: [...steps: TSteps, options: ComposeOptions] & [...PipeChain<TSteps>, ComposeOptions]
): ComposedTool<TSteps[0]['schema'], PipeOutput<TSteps>>;
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
        const position = stepPosition('pipe', context, stepIndex, steps.length);
        value = await runStep(position, steps[stepIndex] as Step, value, context);
      }
      return value;
    },
  });
}
