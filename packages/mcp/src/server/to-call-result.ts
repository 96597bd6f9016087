import { createToolError, type ToolError, type ToolResult } from '@armorer/core';
import { ERROR_META_KEY, type McpCallToolResult } from '../declarations/types';

/** The JSON text of a value, or undefined when it has none (BigInt, a cycle, a throwing toJSON). */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  const json = jsonOf(value);
  if (json !== undefined) return json;
  // Circular or BigInt-holding values: a readable string beats a dropped result. String() itself throws
  // for a null-prototype object, which must not turn the call into a protocol error.
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
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

function unsendable(toolName: string): McpCallToolResult {
  return errorResult(
    createToolError(
      'EXECUTION_FAILED',
      `Tool "${toolName}" ran, but its structured result cannot be sent as JSON (it holds a BigInt, a cycle or a throwing toJSON). Do not retry it unchanged.`,
      { retryable: false },
    ),
  );
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
      const json = jsonOf(value);
      // The transport serialises structuredContent as it is: a BigInt or a cycle there made the send
      // fail after the call, so the client never got an answer.
      if (json === undefined) return unsendable(result.toolName);
      return { content: [{ type: 'text', text: json }], structuredContent: value };
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
