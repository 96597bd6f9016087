import type { McpBackend, ServerIdentity } from './backend';
import { createV1Backend } from './backend-v1';
import { createV2Backend } from './backend-v2';
import type { CallHost } from './call-host';

/** Which official SDK package serves a `createMCP` server. */
export type McpSdk = 'v1' | 'v2';

const V2_PACKAGE = '@modelcontextprotocol/server';
const V1_PACKAGE = '@modelcontextprotocol/sdk';

async function loadV2(): Promise<Parameters<typeof createV2Backend>[0]> {
  const [server, stdio] = await Promise.all([
    import('@modelcontextprotocol/server'),
    import('@modelcontextprotocol/server/stdio'),
  ]);
  return { server, stdio };
}

async function loadV1(): Promise<Parameters<typeof createV1Backend>[0]> {
  const [server, stdio, http] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);
  return { server, stdio, http };
}

function missing(names: string, cause: unknown): Error {
  return new Error(
    `@armorer/mcp serves MCP with the official SDK: install ${names} (npm install ${names.split(' or ')[0]}).`,
    { cause },
  );
}

/**
 * Loads the SDK a server runs on: the one named, or by default the v2 packages when
 * `@modelcontextprotocol/server` can be imported (both protocol eras), else the v1 package (the 2025 era).
 */
export async function loadBackend(
  choice: McpSdk | undefined,
  host: CallHost,
  identity: ServerIdentity,
  sessionLimit: number,
): Promise<McpBackend> {
  if (choice !== 'v1') {
    try {
      return createV2Backend(await loadV2(), host, identity, sessionLimit);
    } catch (error) {
      if (choice === 'v2') throw missing(`${V2_PACKAGE} (2.x)`, error);
    }
  }
  try {
    return createV1Backend(await loadV1(), host, identity);
  } catch (error) {
    throw missing(
      choice === 'v1' ? `${V1_PACKAGE} (1.x)` : `${V2_PACKAGE} (2.x) or ${V1_PACKAGE} (1.x)`,
      error,
    );
  }
}
