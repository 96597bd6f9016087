import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dir, '..', '..', '..', '..', 'fixtures');

/** The 117 tool declarations of github/github-mcp-server (fixtures/github-mcp-server). */
export function githubTools(): Array<Record<string, unknown>> {
  return JSON.parse(readFileSync(join(root, 'github-mcp-server', 'toolsnaps.json'), 'utf8')) as Array<
    Record<string, unknown>
  >;
}

/** The official MCP JSON Schema, revision 2025-11-25 (fixtures/mcp-schema). */
export function mcpSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, 'mcp-schema', '2025-11-25.schema.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** A minimal MCP client over a fixed list of declarations, paginated; calls echo their arguments. */
export function listingClient(tools: readonly unknown[], pageSize = 25) {
  const calls: Array<{ name: string; arguments?: Record<string, unknown> }> = [];
  return {
    calls,
    tools: [...tools],
    async listTools(params?: { cursor?: string }) {
      const start = Number(params?.cursor ?? 0);
      const page = this.tools.slice(start, start + pageSize);
      const next = start + pageSize;
      return next < this.tools.length ? { tools: page, nextCursor: String(next) } : { tools: page };
    },
    async callTool(params: { name: string; arguments?: Record<string, unknown> }) {
      calls.push(params);
      return { content: [{ type: 'text', text: JSON.stringify(params.arguments ?? {}) }] };
    },
  };
}
