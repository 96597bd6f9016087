import { z } from 'zod';
import { ToolDefinitionError } from '../errors/armorer-error';
import { rememberJsonSchema } from './serialize';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from './standard-schema-types';
import type { ObjectSchema } from './types';

/** The JSON Schema draft armorer exports (the one `z.toJSONSchema` makes). */
const TARGET = 'draft-2020-12';

/** The Standard Schema each wrapper validates through, for introspection. */
const sources = new WeakMap<ObjectSchema, StandardSchemaV1>();

/** True for a Standard Schema v1 validator (Valibot, ArkType, Zod 3.25+ and 4, ...). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as Partial<StandardSchemaV1>)['~standard'];
  return (
    typeof props === 'object' && props !== null && props.version === 1 && typeof props.validate === 'function'
  );
}

/** The converter of a schema that implements Standard JSON Schema v1, if it does. */
function jsonConverter(schema: StandardSchemaV1): StandardJSONSchemaV1.Converter | undefined {
  const converter = (schema['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  return typeof converter === 'object' &&
    converter !== null &&
    typeof converter.input === 'function' &&
    typeof converter.output === 'function'
    ? converter
    : undefined;
}

function definitionError(
  code: 'INVALID_TOOL_SCHEMA' | 'MISSING_JSON_SCHEMA',
  message: string,
  cause?: unknown,
): ToolDefinitionError {
  return new ToolDefinitionError(cause === undefined ? { code, message } : { code, message, cause });
}

/**
 * The JSON Schema of one side of a Standard Schema: the explicit one when given, else the schema's own
 * Standard JSON Schema converter. `undefined` when neither exists.
 */
export function standardJsonSchema(
  toolName: string,
  schema: StandardSchemaV1,
  side: 'input' | 'output',
): Record<string, unknown> | undefined {
  const converter = jsonConverter(schema);
  if (converter === undefined) return undefined;
  let json: unknown;
  try {
    json = converter[side]({ target: TARGET });
  } catch (error) {
    throw definitionError(
      'INVALID_TOOL_SCHEMA',
      `Tool "${toolName}": the ${side} schema (${schema['~standard'].vendor}) could not be converted to JSON Schema: ${error instanceof Error ? error.message : String(error)}. Pass the JSON Schema yourself with the \`jsonSchema\` option.`,
      error,
    );
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw definitionError(
      'INVALID_TOOL_SCHEMA',
      `Tool "${toolName}": the ${side} schema's Standard JSON Schema converter did not return an object.`,
    );
  }
  return json as Record<string, unknown>;
}

/** One Standard Schema issue as the pipeline reports validation issues. */
interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
}

/** Converts Standard Schema issues (paths of keys or `{ key }` segments) to the pipeline's issue shape. */
export function fromStandardIssues(issues: readonly StandardSchemaV1.Issue[]): IssueLike[] {
  return issues.map((issue) => {
    const path = (issue.path ?? []).map((segment) =>
      typeof segment === 'object' && segment !== null ? segment.key : segment,
    );
    const converted: IssueLike = {
      code: 'custom',
      path,
      message: typeof issue.message === 'string' ? issue.message : 'Invalid value',
    };
    const expected = (issue as { readonly expected?: unknown }).expected;
    if (typeof expected === 'string') converted.expected = expected;
    return converted;
  });
}

/** The part of a Zod parse payload a check reads and writes. */
interface Payload {
  value: unknown;
  issues: unknown[];
}

function applyResult(payload: Payload, result: StandardSchemaV1.Result<unknown>): void {
  if (result.issues !== undefined) {
    for (const issue of fromStandardIssues(result.issues)) {
      payload.issues.push({ ...issue, input: payload.value });
    }
    return;
  }
  payload.value = result.value;
}

/**
 * A Zod check that validates through a Standard Schema and replaces the value with the schema's output.
 * A validator that answers with a promise makes Zod's synchronous parse throw its async error, which the
 * pipeline takes as the cue to validate asynchronously.
 */
function standardCheck(schema: StandardSchemaV1): (payload: Payload) => void | Promise<void> {
  const props = schema['~standard'];
  return (payload) => {
    const result = props.validate(payload.value);
    if (typeof (result as Partial<PromiseLike<unknown>>).then === 'function') {
      return Promise.resolve(result).then(
        (settled) => applyResult(payload, settled),
        (error: unknown) => {
          payload.issues.push({
            code: 'custom',
            path: [],
            message: `Schema validation threw: ${error instanceof Error ? error.message : String(error)}`,
            input: payload.value,
          });
        },
      );
    }
    applyResult(payload, result as StandardSchemaV1.Result<unknown>);
    return undefined;
  };
}

/**
 * Wraps a Standard Schema input as the object schema a tool configuration holds: a loose Zod object
 * whose one check validates through `~standard.validate` (arguments become the schema's output), with
 * the JSON Schema exporters read (`toolInputJsonSchema`) taken from `jsonSchema`, else from the schema's
 * Standard JSON Schema interface. Throws MISSING_JSON_SCHEMA when there is neither.
 */
export function standardInputSchema(
  toolName: string,
  input: StandardSchemaV1,
  explicit: Record<string, unknown> | undefined,
): ObjectSchema {
  const json = explicit ?? standardJsonSchema(toolName, input, 'input');
  if (json === undefined) {
    throw definitionError(
      'MISSING_JSON_SCHEMA',
      `Tool "${toolName}": the input schema (${input['~standard'].vendor}) validates through Standard Schema but cannot describe itself as JSON Schema, which providers need. ` +
        'Pass the JSON Schema with the `jsonSchema` option, or use a schema that implements Standard JSON Schema ' +
        '(Zod 4.2+, ArkType 2.1.28+, Valibot with toStandardJsonSchema() from @valibot/to-json-schema).',
    );
  }
  if (json['type'] !== 'object') {
    throw definitionError(
      'INVALID_TOOL_SCHEMA',
      `Tool "${toolName}": the input schema must describe an object (JSON Schema "type": "object"), got ${JSON.stringify(json['type']) ?? 'no type'}. ` +
        'Tool calls always pass a JSON object, so wrap the value in an object schema.',
    );
  }
  const schema = z.looseObject({}).check(standardCheck(input) as never) as unknown as ObjectSchema;
  rememberJsonSchema(schema, json);
  sources.set(schema, input);
  return schema;
}

/**
 * The Standard Schema a tool's input validates through, when it was given one that is not a Zod 4
 * schema; undefined for Zod inputs.
 *
 * @example
 * ```ts
 * standardSchemaOf(tool.configuration.schema)?.['~standard'].vendor; // 'valibot'
 * ```
 */
export function standardSchemaOf(schema: ObjectSchema): StandardSchemaV1 | undefined {
  return sources.get(schema);
}
