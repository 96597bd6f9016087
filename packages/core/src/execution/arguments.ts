import { createToolError, type ToolError, type ValidationIssue } from '../errors/tool-error';

/** Why the arguments of a call could not be turned into an object. */
export class ArgumentsFailure {
  constructor(readonly error: ToolError) {}
}

/**
 * Turns the `arguments` of a call into an object, or explains why it cannot. Objects pass through;
 * JSON strings are parsed (an empty string means no arguments); anything that does not parse, or
 * parses to something other than a JSON object, is a validation error — never a silent `{}`.
 */
export function parseArguments(toolName: string, raw: unknown): Record<string, unknown> | ArgumentsFailure {
  if (raw === undefined) return {};
  if (typeof raw === 'string') {
    if (raw.trim().length === 0) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unparseable JSON';
      return new ArgumentsFailure(
        createToolError(
          'MALFORMED_ARGUMENTS',
          `The arguments for tool "${toolName}" are not valid JSON (${reason}). ` +
            'Send the arguments as one complete JSON object.',
          { details: { reason } },
        ),
      );
    }
    return isPlainObject(parsed) ? parsed : nonObject(toolName, parsed);
  }
  return isPlainObject(raw) ? raw : nonObject(toolName, raw);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonObject(toolName: string, value: unknown): ArgumentsFailure {
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  return new ArgumentsFailure(
    createToolError(
      'INVALID_ARGUMENTS',
      `The arguments for tool "${toolName}" must be a JSON object, got ${got}. Wrap the values in an object.`,
      {
        details: {
          issues: [
            {
              path: [],
              code: 'invalid_type',
              expected: 'object',
              message: `Expected object, received ${got}`,
            },
          ],
        },
      },
    ),
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
  const structured: ValidationIssue[] = issues.map((issue) => {
    const path = issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
    return typeof issue.expected === 'string'
      ? { path, code: issue.code, message: issue.message, expected: issue.expected }
      : { path, code: issue.code, message: issue.message };
  });
  const listed = structured
    .slice(0, MAX_LISTED_ISSUES)
    .map((issue) => `${issue.path.length === 0 ? '(root)' : issue.path.join('.')}: ${issue.message}`);
  const more =
    structured.length > MAX_LISTED_ISSUES ? `; and ${structured.length - MAX_LISTED_ISSUES} more` : '';
  return createToolError(
    'INVALID_ARGUMENTS',
    `Invalid arguments for tool "${toolName}": ${listed.join('; ')}${more}. Fix these fields and call the tool again.`,
    { details: { issues: structured } },
  );
}
