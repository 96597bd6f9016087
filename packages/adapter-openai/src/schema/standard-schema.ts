import {
  copySchema,
  dropAtTopLevel,
  type JsonSchema,
  type MutableJsonSchema,
  type WarningCollector,
} from '@armorer/adapter-shared';

/** OpenAI refuses these keywords at the top level of function parameters, strict or not. */
const RULES = dropAtTopLevel(new Set(['anyOf', 'oneOf', 'allOf', 'enum', 'const', 'not']));

/**
 * The full JSON Schema of a tool for a non-strict OpenAI declaration: everything is kept except what
 * OpenAI refuses at the top level (reported to the collector).
 */
export function toStandardSchema(schema: JsonSchema, collector: WarningCollector): MutableJsonSchema {
  const copy = copySchema(schema, RULES, collector);
  return copy['type'] === 'object' ? copy : { type: 'object', ...copy };
}
