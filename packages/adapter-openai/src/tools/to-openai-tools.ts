import {
  type ExportSpec,
  exportTools,
  type ToolConversionInput,
  type ToolSource,
} from '@armorer/adapter-shared';
import { registerStrictCodec } from '../calls/strict-registry';
import { toStandardSchema } from '../schema/standard-schema';
import { rememberedStrictCodec } from '../schema/strict-memo';
import { StrictUnavailable } from '../schema/strict-schema';
import type { OpenAITool, OpenAIToolsOptions } from '../types';
import { wantsStrict } from './strict-option';

function convert(
  { schema, declaredName, configuration, collector }: ToolConversionInput,
  variant: string,
): OpenAITool {
  if (variant === 'strict') {
    const attempt = collector.fork();
    try {
      const codec = rememberedStrictCodec(configuration.name, schema, attempt);
      collector.adopt(attempt);
      registerStrictCodec(configuration, declaredName, codec);
      return {
        type: 'function',
        function: {
          name: declaredName,
          description: configuration.description,
          parameters: codec.schema,
          strict: true,
        },
      };
    } catch (error) {
      if (!(error instanceof StrictUnavailable)) throw error;
      collector.add(
        'STRICT_UNAVAILABLE',
        error.path,
        undefined,
        `Strict mode cannot express tool "${configuration.name}": the schema at ${error.path || '(root)'} ` +
          `${error.reason} (a Structured Outputs limit). It is declared with strict: false and its full schema.`,
      );
    }
  }
  return {
    type: 'function',
    function: {
      name: declaredName,
      description: configuration.description,
      parameters: toStandardSchema(schema, collector),
      strict: false,
    },
  };
}

const SPEC: ExportSpec<OpenAITool, OpenAIToolsOptions> = {
  provider: 'openai',
  exporter: 'toOpenAITools',
  variant: (configuration, options) => (wantsStrict(configuration, options.strict) ? 'strict' : 'standard'),
  optionsKey: (options) => String(options.strict),
  convert,
  handOut: (tool) => ({ type: tool.type, function: { ...tool.function } }),
};

/**
 * Declares tools for the OpenAI Chat Completions API (`tools` of `chat.completions.create`). Accepts a
 * toolbox (all its tools; use `await toolbox.toOpenAITools()` to omit unavailable ones) or an array of
 * tools. Each declaration is converted once per tool and then served from a cache.
 *
 * @example
 * ```ts
 * const tools = toOpenAITools(toolbox, { strict: true, onWarnings: (warnings) => console.warn(warnings) });
 * const completion = await openai.chat.completions.create({ model: 'gpt-4o', messages, tools });
 * ```
 */
export function toOpenAITools(tools: ToolSource, options: OpenAIToolsOptions = {}): OpenAITool[] {
  return exportTools(SPEC, tools, options ?? {});
}
