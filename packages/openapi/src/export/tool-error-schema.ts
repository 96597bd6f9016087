import { TOOL_ERROR_CODES, type ToolErrorCategory } from '@armorer/core';
import type { JsonObject } from '../schema/json';

const CATEGORIES: readonly ToolErrorCategory[] = [
  'not_found',
  'validation',
  'policy',
  'unavailable',
  'execution',
  'timeout',
  'cancelled',
  'rate_limited',
  'internal',
];

/** The component name of the ToolError schema in generated documents. */
export const TOOL_ERROR_SCHEMA = 'ToolError';

/** JSON Schema of armorer's `ToolError`: the body of every failed call the handler answers. */
export function toolErrorSchema(): JsonObject {
  return {
    type: 'object',
    description:
      'A failed tool call: a stable category and code, and a message written for a model to act on.',
    properties: {
      category: { type: 'string', enum: [...CATEGORIES] },
      code: { type: 'string', enum: [...TOOL_ERROR_CODES] },
      message: { type: 'string' },
      retryable: { type: 'boolean', description: 'Whether repeating the same call may succeed.' },
      details: {
        type: 'object',
        properties: {
          suggestions: { type: 'array', items: { type: 'string' } },
          issues: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                path: { type: 'array', items: { type: ['string', 'integer'] } },
                code: { type: 'string' },
                message: { type: 'string' },
                expected: { type: 'string' },
              },
              required: ['path', 'code', 'message'],
            },
          },
          reason: { type: 'string' },
          timeoutMs: { type: 'number' },
          thrownType: { type: 'string' },
          retryAfterMs: { type: 'number' },
          status: { type: 'integer' },
          responseBody: {},
        },
      },
    },
    required: ['category', 'code', 'message', 'retryable'],
  };
}
