import { createCodingToolbox } from '@armorer/coding';
import { createToolbox } from '@armorer/core';
import { type ArmorerMcpServer, createMCP } from '@armorer/mcp';

/** Options of {@link createCodingMcpServer}. */
export interface CodingMcpOptions {
  /** The directory the tools may read; nothing outside it is reachable. */
  readonly root: string;
  readonly maxFileBytes?: number;
  /** Whether `grep` and `glob` list what git ignores when a call does not say (default false). */
  readonly includeIgnored?: boolean;
  readonly version?: string;
}

/**
 * The read-only coding toolbox (`read-file`, `grep`, `glob`) served over MCP. The toolbox is created
 * read-only, so a mutating tool could never run through it.
 *
 * @example
 * ```ts
 * const mcp = createCodingMcpServer({ root: process.cwd() });
 * await mcp.serveStdio();
 * ```
 */
export function createCodingMcpServer(options: CodingMcpOptions): ArmorerMcpServer {
  const tools = createCodingToolbox({
    root: options.root,
    ...(options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes }),
    ...(options.includeIgnored === undefined ? {} : { includeIgnored: options.includeIgnored }),
  });
  return createMCP(createToolbox(tools, { readOnly: true }), {
    name: 'armorer-coding',
    version: options.version ?? '0.1.0',
    instructions:
      'Read-only access to one directory tree: glob to find files, grep to search their contents, read-file to read a window of lines. Paths are relative to the root. grep and glob skip what git ignores (node_modules, build output, .git) unless you pass includeIgnored: true.',
  });
}
