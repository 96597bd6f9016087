/**
 * MCP shapes in armorer's own words. They mirror the Model Context Protocol's `Tool` (revision
 * 2025-11-25) structurally, so they need no import of `@modelcontextprotocol/sdk`: the typed surface of
 * `@armorer/mcp` holds without the optional peer installed. The SDK's own `ToolSchema` accepts them
 * (tested in `to-mcp-tools.test.ts`).
 */

/** Hints about a tool's behaviour, shown to MCP clients (`ToolAnnotations`). Hints, never guarantees. */
export interface McpToolAnnotations {
  readonly title?: string;
  /** The tool does not change its environment. */
  readonly readOnlyHint?: boolean;
  /** The tool may change its environment destructively (meaningful when not read-only). */
  readonly destructiveHint?: boolean;
  /** Repeating a call with the same arguments has no further effect. */
  readonly idempotentHint?: boolean;
  /** The tool talks to an open world (the web, third-party content). */
  readonly openWorldHint?: boolean;
}

/** A JSON Schema of an object, as MCP requires for `inputSchema` and `outputSchema`. */
export interface McpObjectSchema {
  readonly type: 'object';
  readonly properties?: Readonly<Record<string, object>>;
  readonly required?: string[];
  readonly [key: string]: unknown;
}

/** One tool declaration as `tools/list` returns it. */
export interface McpToolDeclaration {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: McpObjectSchema;
  readonly outputSchema?: McpObjectSchema;
  readonly annotations?: McpToolAnnotations;
  readonly _meta?: Readonly<Record<string, unknown>>;
}

/** One content block of a tool result (the text and structured forms armorer produces and reads). */
export type McpContentBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: string; readonly [key: string]: unknown };

/** The result of `tools/call`. */
export interface McpCallToolResult {
  readonly content: McpContentBlock[];
  readonly structuredContent?: Readonly<Record<string, unknown>>;
  readonly isError?: boolean;
  readonly _meta?: Readonly<Record<string, unknown>>;
}

/** The `_meta` key under which armorer puts the structured `ToolError` of an `isError` result. */
export const ERROR_META_KEY = 'armorer/error';
