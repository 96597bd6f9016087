import { describeThrown } from '../../errors/tool-error';
import { isZodSchema } from '../../tool/normalize-schema';
import { fromStandardIssues } from '../../tool/standard-schema';
import type { StandardSchemaV1 } from '../../tool/standard-schema-types';
import type { SafeParseResult } from './validation';

interface ZodLike {
  safeParse(value: unknown): SafeParseResult;
  safeParseAsync(value: unknown): Promise<SafeParseResult>;
}

/** The result of a Standard Schema validation as the pipeline reads parse results. */
function fromStandard(result: StandardSchemaV1.Result<unknown>): SafeParseResult {
  if (result.issues === undefined) return { success: true, data: result.value };
  return { success: false, error: { issues: fromStandardIssues(result.issues) } };
}

function threw(error: unknown): SafeParseResult {
  return {
    success: false,
    error: {
      issues: [{ code: 'custom', path: [], message: `Output validation threw: ${describeThrown(error)}` }],
    },
  };
}

function isAsyncZodError(error: unknown): boolean {
  return error instanceof Error && /synchronous parse|parseAsync/.test(error.message);
}

/**
 * Validates a tool's result against its output schema: one `safeParse` for a Zod schema (the fast path),
 * `~standard.validate` for any other Standard Schema. Synchronous whenever the schema is; a promise for
 * async refinements and async validators. Never throws: a schema that throws is a failed validation.
 */
export function checkOutput(
  schema: StandardSchemaV1,
  value: unknown,
): SafeParseResult | Promise<SafeParseResult> {
  try {
    if (isZodSchema(schema)) {
      try {
        return (schema as unknown as ZodLike).safeParse(value);
      } catch (error) {
        if (!isAsyncZodError(error)) return threw(error);
        return (schema as unknown as ZodLike).safeParseAsync(value).then(undefined, threw);
      }
    }
    const result = schema['~standard'].validate(value);
    if (typeof (result as Partial<PromiseLike<unknown>>).then === 'function') {
      return Promise.resolve(result).then(fromStandard, threw);
    }
    return fromStandard(result as StandardSchemaV1.Result<unknown>);
  } catch (error) {
    return threw(error);
  }
}
