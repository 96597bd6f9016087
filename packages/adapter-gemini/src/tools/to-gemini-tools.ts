import {
  type ExportSpec,
  exportTools,
  isJsonObject,
  type JsonSchema,
  type ToolConversionInput,
  type ToolSource,
} from '@armorer/adapter-shared';
import { toFullJsonSchemaField, toJsonSchemaField } from '../schema/json-schema-field';
import { toOpenApiSchema } from '../schema/openapi-schema';
import type { GeminiFunctionDeclaration, GeminiSchemaField, GeminiToolsOptions } from '../types';

/** True when a tool takes arguments at all (Gemini wants no schema, not an empty one, when it takes none). */
function takesArguments(schema: JsonSchema): boolean {
  const properties = schema['properties'];
  if (isJsonObject(properties) && Object.keys(properties).length > 0) return true;
  const extra = schema['additionalProperties'];
  if (extra !== undefined && extra !== false) return true;
  return ['patternProperties', 'anyOf', 'oneOf', 'allOf', '$ref'].some((keyword) => keyword in schema);
}

function convert(
  { schema, declaredName, configuration, collector }: ToolConversionInput,
  variant: string,
): GeminiFunctionDeclaration {
  const base = { name: declaredName, description: configuration.description };
  if (!takesArguments(schema)) return base;
  if (variant === 'fullJsonSchema')
    return { ...base, parametersJsonSchema: toFullJsonSchemaField(schema, collector) };
  const openApi = collector.fork();
  const jsonField = collector.fork();
  const parameters = variant === 'parametersJsonSchema' ? undefined : toOpenApiSchema(schema, openApi);
  // A lossless `parameters` cannot be beaten, so the JSON Schema field is only tried when it might win.
  const tryJson =
    variant === 'parametersJsonSchema' ||
    (variant === 'auto' && (openApi.warnings.length > 0 || parameters === undefined));
  const json = tryJson ? toJsonSchemaField(schema, jsonField) : undefined;
  if (
    json === undefined ||
    (parameters !== undefined && openApi.warnings.length <= jsonField.warnings.length)
  ) {
    collector.adopt(openApi);
    return parameters === undefined ? base : { ...base, parameters };
  }
  collector.adopt(jsonField);
  return { ...base, parametersJsonSchema: json };
}

const FIELDS: ReadonlySet<GeminiSchemaField> = new Set(['auto', 'parameters', 'parametersJsonSchema']);

const SPEC: ExportSpec<GeminiFunctionDeclaration, GeminiToolsOptions> = {
  provider: 'gemini',
  exporter: 'toGeminiTools',
  variant: (_configuration, options) => {
    const field =
      options.schemaField !== undefined && FIELDS.has(options.schemaField) ? options.schemaField : 'auto';
    return options.jsonSchema === 'full' && field !== 'parameters' ? 'fullJsonSchema' : field;
  },
  optionsKey: (options) => `${String(options.schemaField)}:${options.jsonSchema === 'full' ? 'full' : ''}`,
  convert,
  handOut: (declaration) =>
    declaration.parameters === undefined
      ? declaration.parametersJsonSchema === undefined
        ? { name: declaration.name, description: declaration.description }
        : {
            name: declaration.name,
            description: declaration.description,
            parametersJsonSchema: { ...declaration.parametersJsonSchema },
          }
      : {
          name: declaration.name,
          description: declaration.description,
          parameters: { ...declaration.parameters },
        },
};

/**
 * Declares tools as Gemini function declarations (`config.tools: [{ functionDeclarations }]` of
 * `models.generateContent`): in `parameters` (the OpenAPI subset), in `parametersJsonSchema` (the JSON Schema
 * keywords Gemini documents, or with `jsonSchema: 'full'` the whole schema, nothing left out), or whichever
 * loses less (`schemaField: 'auto'`). Accepts a toolbox (all its tools; use `await toolbox.toGeminiTools()` to
 * omit unavailable ones) or an array of tools. Each declaration is converted once per tool and then
 * served from a cache.
 *
 * @example
 * ```ts
 * const response = await ai.models.generateContent({
 *   model: 'gemini-2.5-flash',
 *   contents,
 *   config: { tools: [{ functionDeclarations: toGeminiTools(toolbox) }] },
 * });
 * ```
 */
export function toGeminiTools(
  tools: ToolSource,
  options: GeminiToolsOptions = {},
): GeminiFunctionDeclaration[] {
  return exportTools(SPEC, tools, options ?? {});
}
