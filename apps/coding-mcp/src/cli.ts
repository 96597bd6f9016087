#!/usr/bin/env node
/**
 * armorer-coding-mcp: the read-only coding toolbox as a stdio MCP server (the command is `main.ts`).
 *
 * An MCP client starts this process for every session, and the session waits until it answers, so start-up
 * is part of every use (issue 36: the first `tools/list` answered within 150 ms of the spawn). This entry
 * turns on Node's on-disk compile cache before anything else is loaded: every module loaded afterwards (the
 * MCP SDK, Zod, armorer) is compiled once and read back from the cache on later starts. The cache lives in
 * `$NODE_COMPILE_CACHE`, else Node's default under the temporary directory; `NODE_DISABLE_COMPILE_CACHE=1`
 * turns it off. Where the runtime has no such cache (Bun keeps its own), nothing changes.
 */
type CompileCache = { enableCompileCache?: () => unknown };

try {
  const runtime = process as { getBuiltinModule?: (id: 'node:module') => CompileCache | undefined };
  runtime.getBuiltinModule?.('node:module')?.enableCompileCache?.();
} catch {
  // A cache that cannot be set up (a read-only temporary directory) only costs start-up time.
}
const { run } = await import('./main');
await run();

export {};
