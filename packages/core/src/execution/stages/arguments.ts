/**
 * Why the arguments of a call could not be turned into an object: `reason` when they are not valid JSON,
 * otherwise the value that is not a JSON object. The error itself is described by `argumentsError`
 * (`./failures`), loaded only when a call fails.
 */
export class ArgumentsFailure {
  constructor(
    readonly reason: string | undefined,
    readonly value?: unknown,
  ) {}
}

/**
 * Turns the `arguments` of a call into an object, or explains why it cannot. Objects pass through;
 * JSON strings are parsed (an empty string means no arguments); anything that does not parse, or
 * parses to something other than a JSON object, is a validation error — never a silent `{}`.
 */
export function parseArguments(raw: unknown): Record<string, unknown> | ArgumentsFailure {
  if (raw === undefined) return {};
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.trim().length === 0) return {};
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return new ArgumentsFailure(error instanceof Error ? error.message : 'unparseable JSON');
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : new ArgumentsFailure(undefined, value);
}
