import type { ToolError, ToolResult } from '@armorer/core';
import { ERROR_META_KEY, type McpCallToolResult } from '../declarations/types';

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Circular or BigInt-holding values: a readable string beats a dropped result.
    return String(value);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The JSON-safe part of a ToolError for `_meta` (the thrown `cause` never leaves the server). */
export function errorMeta(error: ToolError): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    category: error.category,
    code: error.code,
    message: error.message,
    retryable: error.retryable,
  };
  if (error.details !== undefined) meta['details'] = error.details;
  return meta;
}

/** An `isError` result carrying a message the model can act on and the structured error in `_meta`. */
export function errorResult(error: ToolError, extraMeta?: Record<string, unknown>): McpCallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: error.message }],
    _meta: { [ERROR_META_KEY]: errorMeta(error), ...extraMeta },
  };
}

/**
 * Maps an armorer {@link ToolResult} onto an MCP `CallToolResult`. Success becomes text content (and
 * `structuredContent` when the tool declares an output schema and returned an object); every failure
 * becomes an `isError` result, never a protocol error, so the model sees the message and can retry.
 */
export function toCallToolResult(result: ToolResult, structured: boolean): McpCallToolResult {
  if (result.outcome === 'success') {
    const value = result.result;
    if (structured && isPlainObject(value)) {
      return { content: [{ type: 'text', text: stringify(value) }], structuredContent: value };
    }
    return { content: [{ type: 'text', text: stringify(value) }] };
  }
  const error = result.error;
  if (error === undefined) {
    return { isError: true, content: [{ type: 'text', text: `Tool "${result.toolName}" did not succeed.` }] };
  }
  const meta: Record<string, unknown> = {};
  if (result.pendingApproval !== undefined) meta['armorer/pendingApproval'] = result.pendingApproval;
  return errorResult(error, meta);
}
