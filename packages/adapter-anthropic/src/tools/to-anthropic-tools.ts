import {
  type ExportSpec,
  exportTools,
  type ToolConversionInput,
  type ToolSource,
} from '@armorer/adapter-shared';
import type { ToolConfiguration } from '@armorer/core';
import { toInputSchema } from '../schema/input-schema';
import { StrictUnavailable, toStrictInputSchema } from '../schema/strict-input-schema';
import type { AnthropicTool, AnthropicToolsOptions } from '../types';

/** Whether a tool is declared strict: its `metadata.anthropic.strict`, else the toolbox-wide option. */
export function wantsStrict(
  configuration: ToolConfiguration,
  fallback: boolean | undefined,
): boolean | undefined {
  const own = (configuration.metadata?.['anthropic'] as { readonly strict?: unknown } | undefined)?.strict;
  return typeof own === 'boolean' ? own : fallback;
}

function convert(
  { schema, declaredName, configuration, collector }: ToolConversionInput,
  variant: string,
): AnthropicTool {
  const base = { name: declaredName, description: configuration.description };
  if (variant === 'strict') {
    const attempt = collector.fork();
    try {
      const input_schema = toStrictInputSchema(schema, attempt);
      collector.adopt(attempt);
      return { ...base, input_schema, strict: true };
    } catch (error) {
      if (!(error instanceof StrictUnavailable)) throw error;
      collector.add(
        'STRICT_UNAVAILABLE',
        error.path,
        undefined,
        `Strict tool use cannot declare tool "${configuration.name}": the schema at ${error.path || '(root)'} ` +
          `${error.reason}. It is declared with strict: false and its full schema.`,
      );
    }
  }
  const declaration = { ...base, input_schema: toInputSchema(schema, collector) };
  return variant === 'standard' ? declaration : { ...declaration, strict: false };
}

const SPEC: ExportSpec<AnthropicTool, AnthropicToolsOptions> = {
  provider: 'anthropic',
  exporter: 'toAnthropicTools',
  variant: (configuration, options) => {
    const strict = wantsStrict(configuration, options.strict);
    return strict === undefined ? 'standard' : strict ? 'strict' : 'not-strict';
  },
  optionsKey: (options) => String(options.strict),
  convert,
  handOut: (tool) =>
    tool.strict === undefined
      ? { name: tool.name, description: tool.description, input_schema: { ...tool.input_schema } }
      : {
          name: tool.name,
          description: tool.description,
          input_schema: { ...tool.input_schema },
          strict: tool.strict,
        },
};

/**
 * Declares tools for the Anthropic Messages API (`tools` of `messages.create`), with their full JSON Schema,
 * or with `strict: true` for strict tool use (Anthropic guarantees each call matches the schema; what strict
 * mode cannot constrain is carried as text and reported). Accepts a toolbox (all its tools; use `await
 * toolbox.toAnthropicTools()` to omit unavailable ones) or an array of tools. Each declaration is converted
 * once per tool and then served from a cache.
 *
 * @example
 * ```ts
 * const message = await anthropic.messages.create({
 *   model: 'claude-sonnet-4-5',
 *   max_tokens: 1024,
 *   messages,
 *   tools: toAnthropicTools(toolbox, { strict: true, onWarnings: (warnings) => console.warn(warnings) }),
 * });
 * ```
 */
export function toAnthropicTools(tools: ToolSource, options: AnthropicToolsOptions = {}): AnthropicTool[] {
  return exportTools(SPEC, tools, options ?? {});
}
