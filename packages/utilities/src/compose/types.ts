import type { ObjectSchema, Tool, ToolContext, ToolMetadata, ToolRisk, ToolTypes } from '@armorer/core';
import type { z } from 'zod';

/**
 * What the composition functions accept: any tool made by `createTool` (or by another composition),
 * whatever its types.
 */
export interface ComposableTool {
  readonly name: string;
  readonly description: string;
  readonly schema: ObjectSchema;
  readonly tags: readonly string[];
  readonly metadata: ToolMetadata | undefined;
  readonly risk: ToolRisk | undefined;
  readonly '~types'?: ToolTypes;
}

/** What callers pass to a tool (its schema's input type). */
export type InferToolInput<TTool extends ComposableTool> = NonNullable<TTool['~types']>['input'];
/** What a tool's implementation receives after validation (its schema's output type). */
export type InferToolParams<TTool extends ComposableTool> = z.output<TTool['schema']>;
/** What a call of a tool resolves to (streamed chunks collected into an array). */
export type InferToolOutput<TTool extends ComposableTool> = NonNullable<TTool['~types']>['result'];

/** A tool made by composition: a real tool, validated against `TSchema`, resolving to `TResult`. */
export type ComposedTool<TSchema extends ObjectSchema, TResult> = Tool<string, TSchema, TResult>;

/** The context composition callbacks (predicates, effects, mappers) receive. */
export type CompositionContext = ToolContext<Record<string, unknown>>;

/**
 * A callback that receives a tool's output, with the validated arguments and the call's context: the
 * mapper of `postprocess` and the effect of `tap`.
 *
 * @example
 * ```ts
 * const audit: OutputHandler<typeof fetchUser, void> = (user, params) => console.log(params.id, user);
 * ```
 */
export type OutputHandler<TTool extends ComposableTool, TReturn> = (
  output: InferToolOutput<TTool>,
  params: InferToolParams<TTool>,
  context: CompositionContext,
) => TReturn;

/** Options every composition function takes last: how the composed tool presents itself. */
export interface ComposeOptions {
  /** Default: the kind and the step names, e.g. `pipe-parse-number-double`. */
  readonly name?: string;
  readonly description?: string;
  /** Default: the tags of the steps. */
  readonly tags?: readonly string[];
  /** Default: a single wrapped tool's metadata; for several steps, `mutates` and `dangerous` if any step has them, `readOnly` if all do. */
  readonly metadata?: ToolMetadata;
  /** Default: `untrustedOutput` if any step has it. */
  readonly risk?: ToolRisk;
}

/** The kinds of composition, as reported in progress checkpoints and default names. */
export type CompositionKind =
  | 'pipe'
  | 'bind'
  | 'parallel'
  | 'retry'
  | 'when'
  | 'tap'
  | 'preprocess'
  | 'postprocess';

/**
 * The `checkpoint` of the `progress` events a composed tool reports as its steps run, so listeners can
 * follow a pipeline without new event types.
 */
export interface CompositionCheckpoint {
  readonly kind: 'composition-step';
  readonly composition: CompositionKind;
  /** 0-based position of the step. */
  readonly stepIndex: number;
  readonly stepName: string;
  readonly status: 'started' | 'succeeded' | 'failed' | 'retrying';
  /** For `retry`: the 1-based attempt. */
  readonly attempt?: number;
}

/** Reported by the type checker when a step cannot accept the previous step's output. */
export interface StepInputMismatch<TExpected, TReceived> {
  readonly '~error': 'The previous step returns a value this tool does not accept as input.';
  readonly expected: TExpected;
  readonly received: TReceived;
}

/** `unknown` (no constraint) when `TTool` accepts `TValue`, otherwise a {@link StepInputMismatch}. */
export type AcceptsValue<TTool extends ComposableTool, TValue> = [TValue] extends [InferToolInput<TTool>]
  ? unknown
  : StepInputMismatch<InferToolInput<TTool>, TValue>;
