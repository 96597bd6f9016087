import { describeThrown } from '../errors/tool-error';
import type { Registration } from './registration';

/** The part of a Zod safeParse result the pipeline reads. */
export interface SafeParseResult {
  readonly success: boolean;
  readonly data?: unknown;
  readonly error?: { readonly issues: readonly { code: string; path: PropertyKey[]; message: string }[] };
}

/** Evaluates an availability hook against the registration context; a throwing probe means unavailable. */
export async function isAvailable(reg: Registration): Promise<boolean> {
  try {
    return (await reg.config.availability?.(reg.context)) === true;
  } catch {
    return false;
  }
}

/** Falls back to async validation for schemas with async refinements; any other throw is a validation error. */
export async function parseAsyncOrFail(
  reg: Registration,
  args: unknown,
  syncError: unknown,
): Promise<SafeParseResult> {
  const isAsyncSchema = syncError instanceof Error && /synchronous parse|parseAsync/.test(syncError.message);
  let failure = syncError;
  try {
    if (isAsyncSchema) return (await reg.config.schema.safeParseAsync(args)) as SafeParseResult;
  } catch (error) {
    failure = error;
  }
  return {
    success: false,
    error: {
      issues: [{ code: 'custom', path: [], message: `Schema validation threw: ${describeThrown(failure)}` }],
    },
  };
}
