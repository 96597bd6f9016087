import { createCodingToolbox } from '@armorer/coding';
import { createToolbox } from '@armorer/core';
import { type ArmorerMcpServer, createMCP } from '@armorer/mcp';

/** Options of {@link createCodingMcpServer}. */
export interface CodingMcpOptions {
  /** The directory the tools may read; nothing outside it is reachable. */
  readonly root: string;
  readonly maxFileBytes?: number;
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
  });
  return createMCP(createToolbox(tools, { readOnly: true }), {
    name: 'armorer-coding',
    version: options.version ?? '0.1.0',
    instructions:
      'Read-only access to one directory tree: glob to find files, grep to search their contents, read-file to read a window of lines. Paths are relative to the root.',
  });
}
