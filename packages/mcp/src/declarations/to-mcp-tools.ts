import {
  type AnyTool,
  isToolbox,
  type Toolbox,
  toolInputJsonSchema,
  toolOutputJsonSchema,
} from '@armorer/core';
import type { McpObjectSchema, McpToolAnnotations, McpToolDeclaration } from './types';

/** Options of {@link toMcpTools}. */
export interface ToMcpToolsOptions {
  /** Keep the `$schema` keyword of the generated JSON Schemas (default false: MCP assumes 2020-12). */
  readonly keepSchemaDialect?: boolean;
}

const declarations = new WeakMap<object, McpToolDeclaration>();

/**
 * The MCP annotations of a tool, from its metadata and risk flags: `readOnly` -> `readOnlyHint`,
 * `dangerous`/`mutates` -> `destructiveHint`, `idempotent` -> `idempotentHint`, `risk.untrustedOutput`
 * (or `metadata.openWorld`) -> `openWorldHint`, `metadata.title` -> `title`.
 *
 * @example
 * ```ts
 * toolAnnotations(createTool({ name: 'rm', description: 'Delete', metadata: { dangerous: true }, execute }));
 * // { readOnlyHint: false, destructiveHint: true }
 * ```
 */
export function toolAnnotations(tool: AnyTool): McpToolAnnotations | undefined {
  const { metadata, risk } = tool.configuration;
  const annotations: { -readonly [K in keyof McpToolAnnotations]: McpToolAnnotations[K] } = {};
  if (typeof metadata?.['title'] === 'string') annotations.title = metadata['title'];
  if (metadata?.readOnly === true) annotations.readOnlyHint = true;
  else if (metadata?.dangerous === true || metadata?.mutates === true) {
    annotations.readOnlyHint = false;
    annotations.destructiveHint = true;
  } else if (metadata?.mutates === false) {
    annotations.readOnlyHint = true;
  }
  if (typeof metadata?.['idempotent'] === 'boolean') annotations.idempotentHint = metadata['idempotent'];
  if (risk?.untrustedOutput === true || metadata?.['openWorld'] === true) annotations.openWorldHint = true;
  else if (metadata?.['openWorld'] === false) annotations.openWorldHint = false;
  return Object.keys(annotations).length === 0 ? undefined : annotations;
}

function objectSchema(json: Record<string, unknown>, keepDialect: boolean): McpObjectSchema {
  const { $schema, ...rest } = json;
  const schema = keepDialect && $schema !== undefined ? { $schema, ...rest } : rest;
  return { ...schema, type: 'object' } as McpObjectSchema;
}

/**
 * The output schema a tool declares (its `output` option, or `metadata.outputSchema` as a Zod, Standard
 * or JSON Schema), as core's `toolOutputJsonSchema` gives it, when it describes an object. Anything else
 * is ignored (MCP output schemas must describe objects).
 */
export function toolOutputSchema(tool: AnyTool): Record<string, unknown> | undefined {
  const declared = toolOutputJsonSchema(tool.configuration);
  return declared?.['type'] === 'object' ? declared : undefined;
}

/**
 * The MCP declaration of one tool (cached per tool configuration).
 *
 * @example
 * ```ts
 * const declaration = toMcpTool(addNumbers); // { name, description, inputSchema, annotations? }
 * ```
 */
export function toMcpTool(tool: AnyTool, options: ToMcpToolsOptions = {}): McpToolDeclaration {
  const keepDialect = options.keepSchemaDialect === true;
  const cached = keepDialect ? undefined : declarations.get(tool.configuration);
  if (cached !== undefined) return cached;
  const { configuration } = tool;
  const declaration: { -readonly [K in keyof McpToolDeclaration]: McpToolDeclaration[K] } = {
    name: configuration.name,
    description: configuration.description,
    inputSchema: objectSchema(toolInputJsonSchema(configuration.schema), keepDialect),
  };
  const output = toolOutputSchema(tool);
  if (output !== undefined) declaration.outputSchema = objectSchema(output, keepDialect);
  const annotations = toolAnnotations(tool);
  if (annotations !== undefined) {
    declaration.annotations = annotations;
    if (annotations.title !== undefined) declaration.title = annotations.title;
  }
  if (!keepDialect) declarations.set(configuration, declaration);
  return declaration;
}

/**
 * MCP tool declarations (what `tools/list` returns) of a toolbox's tools or of a list of tools:
 * name, description, `inputSchema` (JSON Schema from the Zod input), `outputSchema` (from
 * `metadata.outputSchema`) and annotations mapped from metadata.
 *
 * @example
 * ```ts
 * import { toMcpTools } from '@armorer/mcp';
 *
 * const declarations = toMcpTools(toolbox);
 * declarations[0]; // { name: 'add-numbers', description: '...', inputSchema: { type: 'object', ... } }
 * ```
 */
export function toMcpTools(
  source: Toolbox | readonly AnyTool[],
  options: ToMcpToolsOptions = {},
): McpToolDeclaration[] {
  const tools: readonly AnyTool[] = isToolbox(source)
    ? (source as Toolbox).tools()
    : (source as readonly AnyTool[]);
  return tools.map((tool) => toMcpTool(tool, options));
}
