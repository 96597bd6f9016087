import { type CopyRules, copySchema, type JsonSchema, type WarningCollector } from '@armorer/adapter-shared';
import type { AnthropicTool } from '../types';

/** Anthropic refuses these keywords at the top level of `input_schema`. */
const TOP_LEVEL_FORBIDDEN = new Set(['anyOf', 'oneOf', 'allOf']);

const RULES: CopyRules = {
  keyword(key, _node, path) {
    if (key === '$schema' || key === '$comment') return 'silent';
    return path === '' && TOP_LEVEL_FORBIDDEN.has(key) ? 'drop' : 'keep';
  },
};

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
