/** What kind of failure ended a tool call; stable strings an agent runtime can branch on. */
export type ToolErrorCategory =
  | 'not_found'
  | 'validation'
  | 'policy'
  | 'unavailable'
  | 'execution'
  | 'timeout'
  | 'cancelled'
  | 'rate_limited'
  | 'internal';

/** Precise, stable failure codes. Each belongs to exactly one {@link ToolErrorCategory}. */
export type ToolErrorCode =
  | 'TOOL_NOT_FOUND'
  | 'INVALID_TOOL_CALL'
  | 'MALFORMED_ARGUMENTS'
  | 'INVALID_ARGUMENTS'
  | 'POLICY_DENIED'
  | 'POLICY_ERROR'
  | 'MUTATION_DENIED'
  | 'DANGEROUS_DENIED'
  | 'APPROVAL_REQUIRED'
  | 'INPUT_REQUIRED'
  | 'APPROVAL_INVALID'
  | 'APPROVAL_STORE_FAILED'
  | 'TOOL_UNAVAILABLE'
  | 'TOOL_NOT_IMPLEMENTED'
  | 'TOOLBOX_CLOSED'
  | 'EXECUTION_FAILED'
  | 'LAZY_LOAD_FAILED'
  | 'STREAM_FAILED'
  | 'OUTPUT_INVALID'
  | 'TIMEOUT'
  | 'CANCELLED'
  | 'RATE_LIMITED'
  | 'LOOP_DETECTED'
  | 'BUDGET_EXCEEDED'
  | 'IDEMPOTENCY_UNKNOWN_OUTCOME'
  | 'IDEMPOTENCY_AUTHORIZATION_REQUIRED'
  | 'IDEMPOTENCY_AUTHORITY_MISMATCH'
  | 'IDEMPOTENCY_RECEIPT_REJECTED'
  | 'IDEMPOTENCY_STORE_FAILED';

/** One schema validation problem, as structured data (derived from Zod issues). */
export interface ValidationIssue {
  /** Path of the offending value inside the arguments, e.g. `['items', 0, 'id']`. */
  readonly path: readonly (string | number)[];
  /** Zod's issue code, e.g. `invalid_type`. */
  readonly code: string;
  readonly message: string;
  /** The expected type, when Zod reports one. */
  readonly expected?: string;
}

/** Extra structured data attached to a {@link ToolError}. */
export interface ToolErrorDetails {
  /** Closest registered tool names, for TOOL_NOT_FOUND. */
  readonly suggestions?: readonly string[];
  /** Validation problems, for INVALID_ARGUMENTS and OUTPUT_INVALID. */
  readonly issues?: readonly ValidationIssue[];
  /** Why a policy denied or paused the call (for APPROVAL_INVALID: the approval error code). */
  readonly reason?: string;
  /** The deadline that elapsed, for TIMEOUT. */
  readonly timeoutMs?: number;
  /** The type of a thrown value that was not an Error. */
  readonly thrownType?: string;
  /** For RATE_LIMITED, and a store failure worth retrying: how long to wait before the call can succeed. */
  readonly retryAfterMs?: number;
  /** The HTTP status of the response that failed the call, for tools that call an HTTP API. */
  readonly status?: number;
  /** The body of that response (parsed JSON, or text), for the model to read. */
  readonly responseBody?: unknown;
}

/**
 * A tool failure as plain, JSON-serializable data. Tool failures are values, not throws: every
 * `ToolResult` that did not succeed carries one. The original thrown value, when any, is kept on the
 * non-enumerable `cause` property so it never leaks into serialized output.
 */
export interface ToolError {
  readonly category: ToolErrorCategory;
  readonly code: ToolErrorCode;
  /** Written for a model to act on: what went wrong and, where possible, what to do instead. */
  readonly message: string;
  /** Whether repeating the same call may succeed (timeouts, transient execution failures). */
  readonly retryable: boolean;
  readonly details?: ToolErrorDetails;
  readonly cause?: unknown;
}

/**
 * Builds a {@link ToolError} whose category and retryability the caller states. For the few errors the
 * initial load builds (cancellation, timeouts, a chunk that failed to load): they need no table of
 * categories, which then loads only with the code that fails calls. Gives exactly what
 * {@link createToolError} gives for the same code.
 * @internal
 */
export function toolErrorOf(
  code: ToolErrorCode,
  category: ToolErrorCategory,
  retryable: boolean,
  message: string,
  details?: ToolErrorDetails,
  cause?: unknown,
): ToolError {
  const error: { -readonly [K in keyof ToolError]: ToolError[K] } = { category, code, message, retryable };
  if (details !== undefined) error.details = details;
  if (cause !== undefined) {
    Object.defineProperty(error, 'cause', { value: cause, enumerable: false, writable: false });
  }
  return error;
}

/** Renders any thrown value as a short, safe string (never throws, even for hostile objects). */
export function describeThrown(value: unknown): string {
  try {
    if (value instanceof Error) {
      const message = value.message || value.name;
      return typeof message === 'string' ? message : String(message);
    }
    if (typeof value === 'string') return value;
    if (typeof value === 'symbol') return value.toString();
    const json = JSON.stringify(value);
    if (typeof json === 'string') return json.length > 500 ? `${json.slice(0, 500)}…` : json;
    return String(value);
  } catch {
    // Throwing getters, Proxy traps, BigInts in JSON, cycles: fall back to what cannot throw.
    return `[unprintable ${value === null ? 'null' : typeof value}]`;
  }
}
