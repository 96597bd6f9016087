import { ArmorerError } from '../../errors/armorer-error';
import { createToolError, isToolError } from '../../errors/create-tool-error';
import { sentence } from '../../errors/sentence';
import { ToolFailureError } from '../../errors/tool-call-error';

import { describeThrown, type ToolError, type ValidationIssue } from '../../errors/tool-error';
import { isLazyLoadFailure } from '../../tool/lazy-failure';
import type { MetadataDenial } from '../registration';
import type { ArgumentsFailure } from './arguments';

/**
 * How failed calls are described: the messages and structured details of unreadable arguments, failed
 * validation and implementations that threw. A chunk of its own (see `./failure-path`): a call that
 * succeeds never loads it.
 */

/** The error of arguments that are not valid JSON, or not a JSON object. */
export function argumentsError(toolName: string, failure: ArgumentsFailure): ToolError {
  const reason = failure.reason;
  if (reason !== undefined) {
    return createToolError(
      'MALFORMED_ARGUMENTS',
      `The arguments for tool "${toolName}" are not valid JSON (${reason}). ` +
        'Send the arguments as one complete JSON object.',
      { details: { reason } },
    );
  }
  const value = failure.value;
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  return createToolError(
    'INVALID_ARGUMENTS',
    `The arguments for tool "${toolName}" must be a JSON object, got ${got}. Wrap the values in an object.`,
    {
      details: {
        issues: [
          { path: [], code: 'invalid_type', expected: 'object', message: `Expected object, received ${got}` },
        ],
      },
    },
  );
}

interface ZodIssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly expected?: unknown;
}

const MAX_LISTED_ISSUES = 8;

/** Converts Zod issues into a {@link ToolError} with the issues as structured data and a readable message. */
export function validationError(toolName: string, issues: readonly ZodIssueLike[]): ToolError {
  const structured = structuredIssues(issues);
  return createToolError(
    'INVALID_ARGUMENTS',
    `Invalid arguments for tool "${toolName}": ${sentence(listIssues(structured))} Fix these fields and call the tool again.`,
    { details: { issues: structured } },
  );
}

function structuredIssues(issues: readonly ZodIssueLike[]): ValidationIssue[] {
  return issues.map((issue) => {
    const path = issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
    return typeof issue.expected === 'string'
      ? { path, code: issue.code, message: issue.message, expected: issue.expected }
      : { path, code: issue.code, message: issue.message };
  });
}

function listIssues(structured: readonly ValidationIssue[]): string {
  const listed = structured
    .slice(0, MAX_LISTED_ISSUES)
    .map((issue) => `${issue.path.length === 0 ? '(root)' : issue.path.join('.')}: ${issue.message}`);
  const more =
    structured.length > MAX_LISTED_ISSUES ? `; and ${structured.length - MAX_LISTED_ISSUES} more` : '';
  return `${listed.join('; ')}${more}`;
}

/**
 * The error of a result that does not match the tool's output schema. The implementation has run, so the
 * message says that its side effects already happened: repeating the call would repeat them.
 */
export function outputInvalid(toolName: string, issues: readonly ZodIssueLike[]): ToolError {
  const structured = structuredIssues(issues);
  return createToolError(
    'OUTPUT_INVALID',
    `Tool "${toolName}" ran, but its result does not match its output schema: ${sentence(listIssues(structured))} ` +
      'Whatever the tool does has already happened, so calling it again would do it again: do not retry ' +
      'this call to get a valid result; report the problem or continue without the result.',
    { details: { issues: structured } },
  );
}

/** Classifies what an implementation threw; never throws, whatever the value (Proxies, throwing getters). */
export function executionError(toolName: string, thrown: unknown): ToolError {
  try {
    return classifyThrown(toolName, thrown);
  } catch {
    const thrownType = thrown === null ? 'null' : typeof thrown;
    return createToolError(
      'EXECUTION_FAILED',
      `Tool "${toolName}" failed: it threw a value (${thrownType}) that could not be inspected.`,
      { cause: thrown, details: { thrownType } },
    );
  }
}

function classifyThrown(toolName: string, thrown: unknown): ToolError {
  if (isLazyLoadFailure(thrown))
    return createToolError('LAZY_LOAD_FAILED', describeThrown(thrown), { cause: thrown.cause });
  // The marker alone is not enough: a forged object carrying it must still yield a real ToolError.
  if (ToolFailureError.isInstance(thrown) && isToolError(thrown.toolError)) return thrown.toolError;
  if (ArmorerError.isInstance(thrown) && thrown.code === 'TOOL_NOT_IMPLEMENTED') {
    return createToolError('TOOL_NOT_IMPLEMENTED', describeThrown(thrown));
  }
  if (thrown instanceof Error) {
    return createToolError('EXECUTION_FAILED', `Tool "${toolName}" failed: ${describeThrown(thrown)}`, {
      cause: thrown,
    });
  }
  const thrownType = thrown === null ? 'null' : typeof thrown;
  return createToolError(
    'EXECUTION_FAILED',
    `Tool "${toolName}" failed: it threw a non-Error value (${thrownType}): ${describeThrown(thrown)}`,
    { cause: thrown, details: { thrownType } },
  );
}

const CALL_SHAPE = 'with a string "name" and an "arguments" object or JSON string.';

/** Why a call was refused before its execution existed. */
export const refusals = {
  /** Reading the call threw (a hostile getter or Proxy); `hint` adds what a call must look like. */
  unreadableCall: (thrown: unknown, hint: boolean): ToolError =>
    createToolError(
      'INVALID_TOOL_CALL',
      `The tool call could not be read (${describeThrown(thrown)}).${hint ? ` A tool call must be a plain object ${CALL_SHAPE}` : ''}`,
    ),
  notACall: (): ToolError =>
    createToolError('INVALID_TOOL_CALL', `A tool call must be an object ${CALL_SHAPE}`),
  /** Reading the call's options or arguments threw. */
  unreadableOptions: (thrown: unknown): ToolError =>
    createToolError('INVALID_TOOL_CALL', `The call could not be read: ${describeThrown(thrown)}.`),
  invalidSignal: (): ToolError =>
    createToolError('INVALID_TOOL_CALL', 'The signal of a call must be an AbortSignal.'),
  invalidTimeout: (): ToolError =>
    createToolError('INVALID_TOOL_CALL', 'The timeout of a call must be a positive number of milliseconds.'),
  /** A call sent to a tool directly names another tool. */
  wrongTool: (called: string, toolName: string): ToolError =>
    createToolError('INVALID_TOOL_CALL', `A call for tool "${called}" was sent to tool "${toolName}".`),
  /** The owner completed or is shutting down; `owner` says which (`this toolbox`, `its owner`). */
  closed: (toolName: string, owner: string): ToolError =>
    createToolError(
      'TOOLBOX_CLOSED',
      `Tool "${toolName}" cannot run: ${owner} no longer admits calls (it completed or is shutting down).`,
    ),
  unavailable: (toolName: string): ToolError =>
    createToolError(
      'TOOL_UNAVAILABLE',
      `Tool "${toolName}" is not available in this environment. Use another tool.`,
    ),
};

const METADATA_DENIALS: Readonly<
  Record<MetadataDenial, readonly ['MUTATION_DENIED' | 'DANGEROUS_DENIED', string]>
> = {
  readOnly: ['MUTATION_DENIED', 'mutates state and this toolbox is read-only. Use a read-only tool instead.'],
  readOnlyDeclared: [
    'MUTATION_DENIED',
    'does not declare metadata.readOnly: true, and this toolbox runs only tools that do. Use a read-only tool instead.',
  ],
  allowMutation: ['MUTATION_DENIED', 'mutates state and this toolbox does not allow mutation.'],
  allowDangerous: ['DANGEROUS_DENIED', 'is marked dangerous and this toolbox does not allow it.'],
};

/** The denial of a tool whose metadata the toolbox's enforcement options refuse (decided at registration). */
export function metadataDenied(toolName: string, reason: MetadataDenial): ToolError {
  const [code, why] = METADATA_DENIALS[reason];
  return createToolError(code, `Tool "${toolName}" ${why}`, { details: { reason } });
}

/**
 * Fires the owner's `warning` event for a tool that runs under `readOnly: true` without declaring
 * `readOnly` or `mutates` (see `warnUndeclared` in `./run-call`).
 */
export function warnUndeclared(
  emitter: { emit(type: string, event: unknown): void },
  toolName: string,
  callId: string,
): void {
  emitter.emit('warning', {
    type: 'warning',
    detail: {
      code: 'READ_ONLY_UNDECLARED',
      message:
        `Tool "${toolName}" runs in a read-only toolbox but declares neither metadata.readOnly nor ` +
        'metadata.mutates, so the toolbox cannot tell whether it changes anything. Declare one of them, ' +
        "or use readOnly: 'declared' to run only tools that declare readOnly: true.",
    },
    timestamp: Date.now(),
    toolName,
    callId,
  });
}

/** The denial of a call whose request authority lacks a capability the approval policy requires. */
export function capabilityDenied(toolName: string, missing: string): ToolError {
  const reason = `the request lacks the capability "${missing}"`;
  return createToolError(
    'POLICY_DENIED',
    `Tool "${toolName}" was denied: ${sentence(reason)} Do not retry the same call.`,
    {
      details: { reason },
    },
  );
}

/**
 * Every description by name: what `./failure-path` calls when a call fails. Naming one lets the pipeline
 * describe a failure without holding a function per failure in the initial load.
 */
export const descriptions = {
  thrown: executionError,
  argumentsError,
  validationError,
  outputInvalid,
  metadataDenied,
  capabilityDenied,
  ...refusals,
};
