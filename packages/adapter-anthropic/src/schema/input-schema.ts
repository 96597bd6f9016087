import { copySchema, dropAtTopLevel, type JsonSchema, type WarningCollector } from '@armorer/adapter-shared';
import type { AnthropicTool } from '../types';

/** Anthropic refuses `anyOf`, `oneOf` and `allOf` at the top level of `input_schema`. */
const RULES = dropAtTopLevel(new Set(['anyOf', 'oneOf', 'allOf']));

/**
 * A tool's `input_schema`: the full JSON Schema (Anthropic accepts draft 2020-12) with `type: 'object'`
 * at the top and no top-level `anyOf`/`oneOf`/`allOf` (those are reported to the collector).
 */
export function toInputSchema(
  schema: JsonSchema,
  collector: WarningCollector,
): AnthropicTool['input_schema'] {
  const { type: _type, ...rest } = copySchema(schema, RULES, collector);
  return { type: 'object', ...rest };
}
