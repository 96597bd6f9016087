import {
  type AnyTool,
  createTool,
  isTool,
  type ObjectSchema,
  type ToolConfig,
  type ToolMetadata,
  type ToolRisk,
} from '@armorer/core';
import { CompositionError } from '../errors/composition-error';
import { getPipelineError } from '../errors/error-utilities';
import { defaultName } from './naming';
import type {
  ComposableTool,
  ComposedTool,
  ComposeOptions,
  CompositionContext,
  CompositionKind,
} from './types';

/** Everything needed to build a composed tool. */
export interface CompositionSpec<TSchema extends ObjectSchema> {
  readonly kind: CompositionKind;
  readonly steps: readonly ComposableTool[];
  readonly schema: TSchema;
  readonly description: string;
  readonly options: ComposeOptions | undefined;
  readonly execute: (params: Record<string, unknown>, context: CompositionContext) => Promise<unknown>;
}

/** Refuses steps that are not tools made by `createTool`. */
export function checkSteps(
  kind: CompositionKind,
  steps: readonly unknown[],
): asserts steps is readonly ComposableTool[] {
  steps.forEach((step, index) => {
    if (!isTool(step)) {
      throw new CompositionError({
        code: 'INVALID_STEP',
        message: `${kind}(): step ${index + 1} is not a tool made by createTool().`,
      });
    }
  });
}

/** Refuses an options argument that is not an object. */
export function checkOptions<T extends object>(kind: CompositionKind, options: T | undefined): T | undefined {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new CompositionError({ code: 'INVALID_OPTIONS', message: `${kind}(): options must be an object.` });
  }
  return options;
}

/** Refuses a callback that is not a function: `tap(): the effect must be a function.` */
export function checkFunction<T>(kind: CompositionKind, label: string, value: T): T {
  if (typeof value !== 'function') {
    throw new CompositionError({
      code: 'INVALID_OPTIONS',
      message: `${kind}(): ${label} must be a function.`,
    });
  }
  return value;
}

/** One wrapped tool keeps its metadata; several combine their safety flags. */
function deriveMetadata(steps: readonly ComposableTool[]): ToolMetadata | undefined {
  if (steps.length === 1) return steps[0]?.metadata;
  const flags: { mutates?: boolean; readOnly?: boolean; dangerous?: boolean } = {};
  if (steps.some((step) => step.metadata?.mutates === true)) flags.mutates = true;
  if (steps.some((step) => step.metadata?.dangerous === true)) flags.dangerous = true;
  if (flags.mutates !== true && steps.every((step) => step.metadata?.readOnly === true))
    flags.readOnly = true;
  return Object.keys(flags).length === 0 ? undefined : flags;
}

function deriveRisk(steps: readonly ComposableTool[]): ToolRisk | undefined {
  if (steps.length === 1) return steps[0]?.risk;
  return steps.some((step) => step.risk?.untrustedOutput === true) ? { untrustedOutput: true } : undefined;
}

/**
 * Builds the composed tool with `createTool`, so it is a real tool: validated against `schema`, evented,
 * serializable and registrable.
 */
export function composeTool<TSchema extends ObjectSchema, TResult>(
  spec: CompositionSpec<TSchema>,
): ComposedTool<TSchema, TResult> {
  const { options, steps } = spec;
  const tags = options?.tags ?? [...new Set(steps.flatMap((step) => step.tags))];
  const metadata = options?.metadata ?? deriveMetadata(steps);
  const risk = options?.risk ?? deriveRisk(steps);
  const config: ToolConfig<string, ObjectSchema, unknown> = {
    name: options?.name ?? defaultName(spec.kind, steps),
    description: options?.description ?? spec.description,
    input: spec.schema,
    tags,
    ...(metadata === undefined ? {} : { metadata }),
    ...(risk === undefined ? {} : { risk }),
    execute: (params, context) => spec.execute(params, context as CompositionContext),
  };
  return throwingPipelineErrors(createTool(config)) as unknown as ComposedTool<TSchema, TResult>;
}

/**
 * The same tool (same configuration, internals, events and methods: every own property is shared), whose
 * direct call `tool(params)` rejects with the {@link PipelineError} of the failed step itself (its
 * `stepName`, `stepIndex`, `toolError` and `cause`) instead of the generic `ToolCallError` around it.
 * `execute`/`executeWith` still resolve to a `ToolResult` carrying it as `error.cause`.
 */
function throwingPipelineErrors<T extends AnyTool>(tool: T): T {
  const call = tool as unknown as (params?: unknown) => Promise<unknown>;
  const composed = function composedTool(params?: unknown): Promise<unknown> {
    return call(params).catch((error: unknown) => {
      throw getPipelineError(error) ?? error;
    });
  };
  Object.setPrototypeOf(composed, Object.getPrototypeOf(tool));
  const descriptors = Object.getOwnPropertyDescriptors(tool) as Record<PropertyKey, PropertyDescriptor>;
  for (const key of ['length', 'prototype', 'arguments', 'caller']) delete descriptors[key];
  Object.defineProperties(composed, descriptors);
  return composed as unknown as T;
}
