import { type ToolConfiguration, toolInputJsonSchema } from '@armorer/core';
import type { AISDKInputSchema } from '../types';

// The AI SDK's marker of its own `Schema` objects (what `jsonSchema()` of `ai` sets): a registered symbol,
// so it is the same in every copy and version of the AI SDK that reads it (5, 6 and 7 alike).
const AI_SDK_SCHEMA = Symbol.for('vercel.ai.schema');

/** The tool's input JSON Schema without `$schema` (providers reject the dialect URL). */
function declaredSchema(configuration: ToolConfiguration): string {
  const { $schema: _dialect, ...schema } = toolInputJsonSchema(configuration.schema);
  return JSON.stringify(schema);
}

function passThrough(value: unknown): { readonly value: unknown } {
  return { value };
}

/**
 * The input schema of a tool for the AI SDK. It is the AI SDK's own `Schema` (so the JSON Schema reaches the
 * model exactly as armorer generated it, where the AI SDK would otherwise rewrite a Standard Schema's JSON
 * Schema, closing every open object) and a Standard Schema with the Standard JSON Schema converter (its
 * declared type). Every read returns a fresh copy, so a provider that edits the schema it is given never
 * changes armorer's. It does not validate: the call runs through `toolbox.execute`, which does.
 */
export function aiSDKInputSchema(configuration: ToolConfiguration): AISDKInputSchema {
  // Serialized once: parsing the text gives each reader its own copy, and JSON.parse keeps a "__proto__"
  // property name as data.
  const text = declaredSchema(configuration);
  const copy = (): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;
  const schema = {
    [AI_SDK_SCHEMA]: true,
    _type: undefined,
    validate: undefined,
    get jsonSchema() {
      return copy();
    },
    '~standard': {
      version: 1,
      vendor: 'armorer',
      validate: passThrough,
      jsonSchema: { input: copy, output: copy },
    },
  } as const;
  return schema;
}
