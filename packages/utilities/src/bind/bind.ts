import type { ObjectSchema } from '@armorer/core';
import type { z } from 'zod';
import { runStep } from '../compose/run-step';
import type {
  ComposableTool,
  ComposedTool,
  ComposeOptions,
  InferToolInput,
  InferToolOutput,
} from '../compose/types';
import { checkWrapped, wrapTool } from '../compose/wrap-tool';
import { CompositionError } from '../errors/composition-error';

/** An object schema without the keys `TKeys`. */
export type OmitFromSchema<TSchema extends ObjectSchema, TKeys extends PropertyKey> =
  TSchema extends z.ZodObject<infer TShape, infer TConfig>
    ? z.ZodObject<{ [K in keyof TShape as K extends TKeys ? never : K]: TShape[K] }, TConfig>
    : never;

/** Bound values: part of the tool's input, and nothing else. */
export type Binding<TTool extends ComposableTool, TBound> = TBound &
  Partial<InferToolInput<TTool>> &
  Record<Exclude<keyof TBound, keyof InferToolInput<TTool>>, never>;

/**
 * Fixes some arguments of a tool and returns a tool that takes only the rest: the bound keys are removed
 * from its schema and the bound values are merged into every call (they win over anything the caller
 * sends). The bound values are validated against the tool's schema when binding.
 *
 * @example
 * ```ts
 * const sendEmail = createTool({
 *   name: 'send-email',
 *   description: 'Send an email',
 *   input: z.object({ to: z.string().email(), subject: z.string(), body: z.string() }),
 *   async execute({ to, subject }) {
 *     return `sent "${subject}" to ${to}`;
 *   },
 * });
 * const sendAlert = bind(sendEmail, { to: 'alerts@example.com' }, { name: 'send-alert' });
 * await sendAlert({ subject: 'Outage', body: 'Investigating' }); // 'sent "Outage" to alerts@example.com'
 * ```
 */
export function bind<TTool extends ComposableTool, const TBound extends object>(
  tool: TTool,
  bound: Binding<TTool, TBound>,
  options?: ComposeOptions,
): ComposedTool<OmitFromSchema<TTool['schema'], keyof TBound>, InferToolOutput<TTool>> {
  checkWrapped('bind', tool, options);
  if (typeof bound !== 'object' || bound === null || Array.isArray(bound)) {
    throw new CompositionError({
      code: 'INVALID_BINDING',
      message: 'bind(): the bound values must be an object.',
    });
  }
  const values = bound as Record<string, unknown>;
  const keys = Object.keys(values);
  const shape = tool.schema.shape;
  const unknownKeys = keys.filter((key) => !Object.hasOwn(shape, key));
  if (unknownKeys.length > 0) {
    throw new CompositionError({
      code: 'INVALID_BINDING',
      message: `bind(): "${tool.name}" has no input ${unknownKeys.map((key) => `"${key}"`).join(', ')} to bind.`,
    });
  }
  const mask = Object.fromEntries(keys.map((key) => [key, true as const]));
  const checked = tool.schema.pick(mask as never).safeParse(values);
  if (!checked.success) {
    throw new CompositionError({
      code: 'INVALID_BINDING',
      message: `bind(): the bound values do not fit "${tool.name}": ${checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      cause: checked.error,
    });
  }
  return wrapTool({
    kind: 'bind',
    tool,
    schema: tool.schema.omit(mask as never) as unknown as OmitFromSchema<TTool['schema'], keyof TBound>,
    options,
    execute: (params, context, position) => runStep(position, tool, { ...params, ...values }, context),
  });
}
