import { type AnyTool, createToolbox } from '@armorer/core';
import { Observers } from '../observe/observers';
import { MCP_OBSERVE } from '../observe/types';
import { fingerprintMcpTool } from './fingerprint';
import { createImportedTool, type ListedTool } from './imported-tool';
import { McpDefinitionError } from './mcp-definition-error';
import type { FromMcpToolsOptions, McpClientLike, McpDefinitionChange, McpImportedTools } from './types';

const MAX_PAGES = 1000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readListed(value: unknown, index: number): ListedTool {
  if (!isRecord(value) || typeof value['name'] !== 'string' || !isRecord(value['inputSchema'])) {
    throw new McpDefinitionError({
      code: 'INVALID_DEFINITION',
      message: `tools/list entry ${index} is not a tool definition (it needs a string "name" and an object "inputSchema").`,
    });
  }
  return value as unknown as ListedTool;
}

/** The fingerprint of a listed tool; a definition too deep to hash is not a tool definition. */
function fingerprintOf(tool: ListedTool): string {
  try {
    return fingerprintMcpTool(tool);
  } catch (error) {
    throw new McpDefinitionError({
      code: 'INVALID_DEFINITION',
      message: `MCP tool "${tool.name}" cannot be fingerprinted: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/**
 * Every tool the server lists, following pagination (bounded against a server that never ends it). A
 * name listed twice is refused: the model would see one definition while the pin covers the other. The
 * list is always asked of the server: the v2 client would otherwise answer from its response cache for as
 * long as the server's cache hint says, and pinning must judge the definitions served now.
 */
const FRESH = { cacheMode: 'refresh' } as const;

async function listAll(client: McpClientLike, timeout: number | undefined): Promise<ListedTool[]> {
  const listed: ListedTool[] = [];
  const names = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(
      cursor === undefined ? undefined : { cursor },
      timeout === undefined ? FRESH : { ...FRESH, timeout },
    );
    for (const tool of result.tools) {
      const read = readListed(tool, listed.length);
      if (names.has(read.name)) {
        throw new McpDefinitionError({
          code: 'INVALID_DEFINITION',
          message: `tools/list names "${read.name}" more than once.`,
        });
      }
      names.add(read.name);
      listed.push(read);
    }
    cursor = result.nextCursor;
    if (cursor === undefined) return listed;
  }
  throw new McpDefinitionError({
    code: 'INVALID_DEFINITION',
    message: `tools/list did not end after ${MAX_PAGES} pages.`,
  });
}

/**
 * Imports an MCP server's tools as armorer tools whose calls go through the client (validation, policy,
 * events and middleware apply locally; the server runs the tool). Each definition is pinned by its
 * fingerprint: pass earlier `fingerprints` as `pins` and a changed definition is refused at import
 * (`McpDefinitionError`, code `DEFINITION_CHANGED`); `refresh()` detects changes after import and
 * blocks the changed tools. Tool poisoning (a server rewriting a trusted tool's description or schema)
 * is thereby caught before a model reads the new definition.
 *
 * @example
 * ```ts
 * import { Client } from '@modelcontextprotocol/sdk/client/index.js';
 * import { fromMcpTools } from '@armorer/mcp';
 *
 * const imported = await fromMcpTools(client, { prefix: 'github.', pins: savedFingerprints });
 * const result = await imported.toolbox.execute({ name: 'github.get_me', arguments: {} });
 * save(imported.fingerprints);
 * ```
 */
export async function fromMcpTools(
  client: McpClientLike,
  options: FromMcpToolsOptions = {},
): Promise<McpImportedTools> {
  const listed = (await listAll(client, options.timeout)).filter(
    (tool) => options.filter?.(tool.name) ?? true,
  );
  const trusted = new Map<string, string>();
  const latest = new Map<string, string>();
  const changes: McpDefinitionChange[] = [];
  const unpinned: McpDefinitionChange[] = [];
  for (const tool of listed) {
    const fingerprint = fingerprintOf(tool);
    // Own keys only: a tool named "constructor" must not read Object.prototype's member as its pin.
    const pin =
      options.pins !== undefined && Object.hasOwn(options.pins, tool.name)
        ? options.pins[tool.name]
        : undefined;
    if (pin !== undefined && pin !== fingerprint) {
      changes.push({ name: tool.name, kind: 'changed', trusted: pin, current: fingerprint });
    } else if (pin === undefined && options.requirePins === true) {
      unpinned.push({ name: tool.name, kind: 'added', current: fingerprint });
    }
    trusted.set(tool.name, fingerprint);
    latest.set(tool.name, fingerprint);
  }
  if (changes.length > 0) {
    throw new McpDefinitionError({
      code: 'DEFINITION_CHANGED',
      message: `The MCP server changed ${changes.length} pinned tool definition(s) since they were trusted: ${changes.map((change) => change.name).join(', ')}. Review them before trusting the new fingerprints.`,
      changes,
    });
  }
  if (unpinned.length > 0) {
    throw new McpDefinitionError({
      code: 'DEFINITION_UNPINNED',
      message: `The MCP server lists tool(s) with no pin: ${unpinned.map((change) => change.name).join(', ')}.`,
      changes: unpinned,
    });
  }
  const blocked = new Map<string, McpDefinitionChange>();
  const observers = new Observers();
  const prefix = options.prefix ?? '';
  const tools: AnyTool[] = listed.map((tool) => {
    try {
      return createImportedTool(
        client,
        tool,
        trusted.get(tool.name) ?? '',
        `${prefix}${tool.name}`,
        blocked,
        options.timeout,
        observers,
      );
    } catch (error) {
      throw new McpDefinitionError({
        code: 'INVALID_DEFINITION',
        message: `MCP tool "${tool.name}" cannot become an armorer tool: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
  const toolbox = createToolbox(tools);

  return {
    tools,
    toolbox,
    get fingerprints() {
      return Object.fromEntries(trusted);
    },
    get blocked() {
      return [...blocked.values()];
    },
    async refresh() {
      const now = new Map(
        (await listAll(client, options.timeout)).map((tool) => [tool.name, fingerprintOf(tool)]),
      );
      const found: McpDefinitionChange[] = [];
      for (const [name, fingerprint] of trusted) {
        const current = now.get(name);
        latest.delete(name);
        if (current === undefined) found.push({ name, kind: 'removed', trusted: fingerprint });
        else {
          latest.set(name, current);
          if (current !== fingerprint) found.push({ name, kind: 'changed', trusted: fingerprint, current });
        }
      }
      for (const [name, current] of now) {
        if (!trusted.has(name) && (options.filter?.(name) ?? true))
          found.push({ name, kind: 'added', current });
      }
      for (const change of found) {
        if (change.kind !== 'added') blocked.set(change.name, change);
        options.onDefinitionChange?.(change);
      }
      return found;
    },
    [MCP_OBSERVE]: (observer) => observers.add(observer),
    trust(names) {
      for (const name of names ?? [...blocked.keys()]) {
        const current = latest.get(name);
        if (current !== undefined && blocked.has(name)) trusted.set(name, current);
        blocked.delete(name);
      }
    },
  };
}
