import { type AnyTool, ArmorerError, createTool, type ToolMetadata } from '@armorer/core';
import { z } from 'zod';
import type { Observers } from '../observe/observers';
import { schemaCostExceeds } from './schema-cost';
import { sendCall } from './send-call';
import type { McpClientLike, McpClientRequestOptions, McpDefinitionChange } from './types';

/** A validated tool declaration read from `tools/list`. */
export interface ListedTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: Record<string, unknown>;
  readonly outputSchema?: Record<string, unknown>;
  readonly annotations?: Record<string, unknown>;
}

/** Thrown inside an imported tool when the server answered with an `isError` result. */
export class McpToolCallError extends ArmorerError<'MCP_TOOL_ERROR'> {
  constructor(message: string) {
    super({ code: 'MCP_TOOL_ERROR', message });
    this.name = 'McpToolCallError';
  }
}

/** Most same-instance subschema evaluations a listed input schema may ask for (see schema-cost.ts). */
const MAX_SCHEMA_COST = 1000;

function inputSchemaOf(json: Record<string, unknown>): z.ZodObject {
  // A `$ref` cycle (or an exponential fan-out) that never descends into the value would make Zod's
  // parse loop forever, synchronously: such a schema is left for the server to validate.
  if (schemaCostExceeds(json, MAX_SCHEMA_COST)) return z.looseObject({});
  try {
    const schema = z.fromJSONSchema(json as Parameters<typeof z.fromJSONSchema>[0]);
    if (schema instanceof z.ZodObject) return schema;
  } catch {
    // Fall through: a schema Zod cannot convert is left for the server to validate.
  }
  return z.looseObject({});
}

function metadataOf(listed: ListedTool, fingerprint: string): ToolMetadata {
  const hints = listed.annotations ?? {};
  const metadata: Record<string, unknown> = { mcpTool: listed.name, fingerprint };
  if (typeof listed.title === 'string') metadata['title'] = listed.title;
  else if (typeof hints['title'] === 'string') metadata['title'] = hints['title'];
  if (hints['readOnlyHint'] === true) {
    metadata['readOnly'] = true;
    metadata['mutates'] = false;
  } else if (hints['readOnlyHint'] === false || hints['destructiveHint'] === true) {
    metadata['mutates'] = true;
    if (hints['destructiveHint'] !== false) metadata['dangerous'] = true;
  }
  if (typeof hints['idempotentHint'] === 'boolean') metadata['idempotent'] = hints['idempotentHint'];
  if (typeof hints['openWorldHint'] === 'boolean') metadata['openWorld'] = hints['openWorldHint'];
  if (listed.outputSchema !== undefined) metadata['outputSchema'] = listed.outputSchema;
  return metadata;
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block) =>
      typeof block === 'object' && block !== null && typeof block.text === 'string' ? block.text : '',
    )
    .join('');
}

/** What a successful `CallToolResult` becomes: structured content, else the text, else the blocks. */
function successValue(result: Record<string, unknown>): unknown {
  if (result['structuredContent'] !== undefined) return result['structuredContent'];
  const content = result['content'];
  if (Array.isArray(content) && content.every((block) => block?.type === 'text')) return textOf(content);
  return content;
}

/**
 * An armorer tool whose calls go through the MCP client. The tool's policy refuses calls while the
 * server's definition is blocked (changed or removed since it was trusted).
 */
export function createImportedTool(
  client: McpClientLike,
  listed: ListedTool,
  fingerprint: string,
  name: string,
  blocked: ReadonlyMap<string, McpDefinitionChange>,
  timeout: number | undefined,
  observers: Observers,
): AnyTool {
  return createTool({
    name,
    description: listed.description ?? listed.title ?? '',
    input: inputSchemaOf(listed.inputSchema),
    tags: ['mcp'],
    metadata: metadataOf(listed, fingerprint),
    // Output of a remote server is third-party text.
    risk: { untrustedOutput: true },
    policy: {
      beforeExecute() {
        const change = blocked.get(listed.name);
        if (change === undefined) return undefined;
        return {
          status: 'deny',
          reason:
            change.kind === 'removed'
              ? `The MCP server no longer lists "${listed.name}".`
              : `The MCP server changed the definition of "${listed.name}" after it was trusted (${change.trusted} -> ${change.current}); calls are blocked until it is reviewed and trusted again.`,
        };
      },
    },
    async execute(params, context) {
      const options: McpClientRequestOptions = {
        signal: context.signal,
        ...(timeout === undefined ? {} : { timeout }),
        onprogress: (update) => {
          // A percentage is 0 to 100: a server's Infinity, negative or overshooting ratio is not one.
          const ratio = update.total !== undefined && update.total > 0 ? update.progress / update.total : NaN;
          const percent = Number.isFinite(ratio) ? Math.min(100, Math.max(0, ratio * 100)) : undefined;
          context.progress({
            ...(percent === undefined ? {} : { percent }),
            ...(update.message === undefined ? {} : { message: update.message }),
          });
        },
      };
      const result = (await sendCall(client, listed.name, params, options, observers)) as Record<
        string,
        unknown
      >;
      if (result['isError'] === true) {
        throw new McpToolCallError(textOf(result['content']) || `MCP tool "${listed.name}" failed.`);
      }
      return successValue(result);
    },
  }) as unknown as AnyTool;
}
