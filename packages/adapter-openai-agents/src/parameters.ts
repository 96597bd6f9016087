import { type ToolConfiguration, toolInputJsonSchema } from '@armorer/core';
import type { OpenAIAgentParameters } from './types';

/**
 * A tool's input JSON Schema in the shape the SDK's non-strict function tools declare: an object schema
 * with `properties`, `required` and a boolean `additionalProperties`. armorer validates the arguments
 * itself, so the declaration only guides the model.
 */
export function agentParameters(configuration: ToolConfiguration): OpenAIAgentParameters {
  const { $schema: _schema, ...schema } = toolInputJsonSchema(configuration.schema);
  const properties = schema.properties;
  const required = schema.required;
  return {
    ...schema,
    type: 'object',
    properties:
      typeof properties === 'object' && properties !== null
        ? (properties as Record<string, Record<string, unknown>>)
        : {},
    required: Array.isArray(required) ? required.filter((key) => typeof key === 'string') : [],
    additionalProperties: schema.additionalProperties !== false,
  };
}
