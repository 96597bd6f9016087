import { StoreError } from './store-error';
import {
  type ToolError,
  type ToolErrorCategory,
  type ToolErrorCode,
  type ToolErrorDetails,
  toolErrorOf,
} from './tool-error';

// The table of categories is a module of its own: the initial load of a page that only makes successful
// calls builds its few errors with `toolErrorOf` and never needs it (the code that fails calls loads it).

const CATEGORY: Readonly<Record<ToolErrorCode, ToolErrorCategory>> = {
  TOOL_NOT_FOUND: 'not_found',
  INVALID_TOOL_CALL: 'validation',
  MALFORMED_ARGUMENTS: 'validation',
  INVALID_ARGUMENTS: 'validation',
  POLICY_DENIED: 'policy',
  POLICY_ERROR: 'policy',
  MUTATION_DENIED: 'policy',
  DANGEROUS_DENIED: 'policy',
  APPROVAL_REQUIRED: 'policy',
  INPUT_REQUIRED: 'policy',
  APPROVAL_INVALID: 'policy',
  APPROVAL_STORE_FAILED: 'internal',
  TOOL_UNAVAILABLE: 'unavailable',
  TOOL_NOT_IMPLEMENTED: 'unavailable',
  TOOLBOX_CLOSED: 'unavailable',
  EXECUTION_FAILED: 'execution',
  LAZY_LOAD_FAILED: 'execution',
  STREAM_FAILED: 'execution',
  // The implementation ran and returned a result its output schema refuses: its effect already happened.
  OUTPUT_INVALID: 'execution',
  TIMEOUT: 'timeout',
  CANCELLED: 'cancelled',
  RATE_LIMITED: 'rate_limited',
  LOOP_DETECTED: 'policy',
  BUDGET_EXCEEDED: 'policy',
  // armorer/idempotency: an earlier attempt started and recorded nothing; repeating it could repeat the effect.
  IDEMPOTENCY_UNKNOWN_OUTCOME: 'execution',
  IDEMPOTENCY_AUTHORIZATION_REQUIRED: 'policy',
  IDEMPOTENCY_AUTHORITY_MISMATCH: 'policy',
  IDEMPOTENCY_RECEIPT_REJECTED: 'policy',
  IDEMPOTENCY_STORE_FAILED: 'unavailable',
};

/**
 * Every {@link ToolErrorCode}, in a stable order: for schemas and documents that enumerate them (the
 * OpenAPI export's `ToolError` schema), and for tests over every code.
 *
 * @example
 * ```ts
 * TOOL_ERROR_CODES.includes('TIMEOUT'); // true
 * ```
 */
export const TOOL_ERROR_CODES: readonly ToolErrorCode[] = /* @__PURE__ */ Object.freeze(
  Object.keys(CATEGORY) as ToolErrorCode[],
);

const RETRYABLE = new Set<ToolErrorCode>([
  'TIMEOUT',
  'EXECUTION_FAILED',
  'STREAM_FAILED',
  'LAZY_LOAD_FAILED',
  'RATE_LIMITED',
  'IDEMPOTENCY_STORE_FAILED',
]);

/**
 * Builds a {@link ToolError}; the category follows from the code. Unless `retryable` is given, a
 * {@link StoreError} cause decides it (a closed or misconfigured store is not worth retrying, a lost
 * connection is) and adds its `retryAfterMs` to the details; otherwise the code decides.
 *
 * @example
 * ```ts
 * const error = createToolError('TIMEOUT', 'Tool "slow" did not finish within 50 ms.', { details: { timeoutMs: 50 } });
 * error.category; // 'timeout'
 * ```
 */
export function createToolError(
  code: ToolErrorCode,
  message: string,
  options?: { readonly details?: ToolErrorDetails; readonly cause?: unknown; readonly retryable?: boolean },
): ToolError {
  const cause = options?.cause;
  let details = options?.details;
  let retryable = options?.retryable;
  if (retryable === undefined && cause !== undefined) {
    const store = storeAdvice(cause);
    if (store !== undefined) {
      retryable = store.retryable;
      if (store.retryAfterMs !== undefined && details?.retryAfterMs === undefined) {
        details = { ...details, retryAfterMs: store.retryAfterMs };
      }
    }
  }
  return toolErrorOf(code, CATEGORY[code], retryable ?? RETRYABLE.has(code), message, details, cause);
}

/** What a {@link StoreError} cause says about retrying; undefined for any other value (hostile ones too). */
function storeAdvice(cause: unknown): { retryable: boolean; retryAfterMs: number | undefined } | undefined {
  try {
    if (!StoreError.isInstance(cause)) return undefined;
    const retryable = cause.retryable === true;
    const after = cause.retryAfterMs;
    return {
      retryable,
      retryAfterMs: retryable && typeof after === 'number' && Number.isFinite(after) ? after : undefined,
    };
  } catch {
    return undefined;
  }
}

/** The category a code belongs to. */
export function categoryOf(code: ToolErrorCode): ToolErrorCategory {
  return CATEGORY[code];
}

/**
 * Narrows an unknown value to a {@link ToolError} (structurally).
 *
 * @example
 * ```ts
 * if (isToolError(result.error)) console.log(result.error.code);
 * ```
 */
export function isToolError(value: unknown): value is ToolError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate['code'] === 'string' &&
    Object.hasOwn(CATEGORY, candidate['code']) &&
    typeof candidate['message'] === 'string' &&
    typeof candidate['category'] === 'string'
  );
}
