import type * as NodeHttp from 'node:http';

/**
 * `node:http`, loaded when an endpoint starts listening rather than when the package is imported: a stdio
 * server or a client never needs it, and a static ESM import of it makes Node also load its fetch
 * implementation (undici, for the `WebSocket` getters the module exports), some 40 ms of CPU time at
 * start-up on the machine measured (issue 36). `process.getBuiltinModule` (Node 22.3+, Bun) returns the
 * module without that; elsewhere a dynamic import does.
 */
export async function nodeHttp(): Promise<typeof NodeHttp> {
  const runtime = process as { getBuiltinModule?: (id: 'node:http') => typeof NodeHttp | undefined };
  return runtime.getBuiltinModule?.('node:http') ?? (await import('node:http'));
}
