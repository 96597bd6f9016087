import { isToolbox, type Toolbox } from '@armorer/core';
import { listenHttp } from '../http/listen-http';
import type { McpHttpOptions, McpHttpServer } from '../http/types';
import { Observers } from '../observe/observers';
import { MCP_OBSERVE, type McpObserver } from '../observe/types';
import { taskSettingsOf } from '../tasks/task-options';
import { TaskRunner } from '../tasks/task-runner';
import type { McpBackend } from './backend';
import { boundedLines } from './bounded-lines';
import type { CallHost } from './call-host';
import { IdempotentCalls } from './idempotent-calls';
import { InFlight } from './in-flight';
import { loadBackend } from './load-backend';
import { ProgressRouter } from './progress-router';
import { SessionState, sessionLimitOf } from './session-state';
import type { ArmorerMcpServer, CreateMcpOptions, McpCloseOptions, McpSession, McpTransport } from './types';

/** The longest stdio line (one JSON-RPC message) read, as the SDK's own limit since 1.30: 10 MiB. */
const MAX_STDIO_LINE_BYTES = 10 * 1024 * 1024;

function assertToolbox(toolbox: unknown): asserts toolbox is Toolbox {
  if (!isToolbox(toolbox))
    throw new TypeError('createMCP(toolbox) expects a toolbox created by createToolbox().');
}

function checkListCache(options: CreateMcpOptions): void {
  const ttl = options.listCache?.ttlMs;
  if (ttl !== undefined && !(Number.isSafeInteger(ttl) && ttl >= 0)) {
    throw new TypeError(`listCache.ttlMs must be a non-negative integer (got ${String(ttl)}).`);
  }
  const scope = options.listCache?.scope;
  if (scope !== undefined && scope !== 'public' && scope !== 'private') {
    throw new TypeError(`listCache.scope must be "public" or "private" (got ${String(scope)}).`);
  }
}

/**
 * Serves a toolbox over the Model Context Protocol with the official SDK. With the v2 packages
 * (`@modelcontextprotocol/server`) one server answers the 2026-07-28 revision (stateless requests,
 * `server/discover`, `input_required`) and the 2025 revisions (initialize, sessions, elicitation), over
 * stdio, any SDK transport and Streamable HTTP; with the v1 package (`@modelcontextprotocol/sdk`) it
 * answers the 2025 revisions. `tools/call` runs the full armorer pipeline; failures are `isError`
 * results; a paused call asks the human (2026: `input_required` carrying the signed approval; 2025:
 * elicitation) and resumes exactly once through `toolbox.resumeApproval`; progress reaches clients that
 * sent a progress token; a client's cancellation aborts the tool's `signal`; `setToolbox` notifies every
 * client that listens for `list_changed`.
 *
 * @example
 * ```ts
 * import { createTool, createToolbox } from '@armorer/core';
 * import { createMCP } from '@armorer/mcp';
 * import { z } from 'zod';
 *
 * const add = createTool({
 *   name: 'add-numbers',
 *   description: 'Add two numbers',
 *   input: { a: z.number(), b: z.number() },
 *   execute: ({ a, b }) => a + b,
 * });
 * const mcp = createMCP(createToolbox([add]), { name: 'my-tools', version: '1.0.0' });
 * await mcp.serveStdio(); // or: const { url } = await mcp.serveHttp({ port: 3333 });
 * ```
 */
export function createMCP(toolbox: Toolbox, options: CreateMcpOptions = {}): ArmorerMcpServer {
  assertToolbox(toolbox);
  const sessionLimit = sessionLimitOf(options.maxConcurrentCallsPerSession);
  checkListCache(options);
  let current = toolbox;
  let sequence = 0;
  let closed = false;
  const inFlight = new InFlight();
  const endpoints = new Set<McpHttpServer>();
  const observers = new Observers();
  const prefix = `mcp-${Math.random().toString(36).slice(2, 8)}-`;
  const taskSettings = taskSettingsOf(options);
  const cache = options.cache ?? taskSettings?.cache;
  const leaseMs = taskSettings?.leaseMs ?? 30_000;
  const idempotent =
    cache === undefined ? undefined : new IdempotentCalls(cache, leaseMs, taskSettings?.ttlMs ?? 15 * 60_000);
  let tasks: TaskRunner | undefined;
  const host: CallHost = {
    options,
    progress: new ProgressRouter(),
    observers,
    get tasks() {
      return tasks;
    },
    idempotent,
    currentToolbox: () => current,
    admit: () => (closed ? undefined : inFlight.enter()),
    nextCallId: () => `${prefix}${++sequence}`,
  };
  tasks =
    taskSettings === undefined || idempotent === undefined
      ? undefined
      : new TaskRunner(taskSettings, host, idempotent);
  const identity = {
    name: options.name ?? 'armorer',
    version: options.version ?? '0.0.0',
    instructions: options.instructions,
  };
  let backend: Promise<McpBackend> | undefined;
  let loaded: McpBackend | undefined;
  const sdk = () => {
    backend ??= loadBackend(options.sdk, host, identity, sessionLimit).then((ready) => {
      loaded = ready;
      return ready;
    });
    return backend;
  };

  async function serve(transport: McpTransport, kind: 'pipe' | undefined): Promise<McpSession> {
    if (closed) throw new Error('The MCP server is closed; it accepts no new sessions.');
    const session = await (await sdk()).connect(transport, new SessionState(kind, sessionLimit));
    return { sessionId: session.sessionId, closed: session.closed, close: () => session.close() };
  }

  return {
    get toolbox() {
      return current;
    },
    get sessions() {
      return loaded?.sessions ?? 0;
    },
    get inFlight() {
      return inFlight.count;
    },
    get closed() {
      return closed;
    },
    async setToolbox(next: Toolbox) {
      assertToolbox(next);
      current = next;
      await loaded?.toolsChanged();
    },
    connect: (transport) => serve(transport, undefined),
    async serveStdio() {
      const ready = await sdk();
      // The SDK's stdio reader buffers a line until its newline (without bound before SDK 1.30): every
      // line is bounded here, and an overlong one is a parse error while the session keeps serving.
      const input = boundedLines(MAX_STDIO_LINE_BYTES);
      process.stdin.pipe(input);
      const release = () => {
        process.stdin.unpipe(input);
        process.stdin.pause();
      };
      try {
        const session = await serve(ready.stdioTransport(input, process.stdout), 'pipe');
        void session.closed.then(release);
        return session;
      } catch (error) {
        release();
        throw error;
      }
    },
    async serveHttp(httpOptions?: McpHttpOptions) {
      if (closed) throw new Error('The MCP server is closed; it serves no new endpoints.');
      const ready = await sdk();
      const endpoint = await listenHttp(
        {
          backend: ready,
          sessionLimit,
          drain: (timeoutMs) => inFlight.drain(timeoutMs),
          isClosed: () => closed,
        },
        httpOptions,
      );
      endpoints.add(endpoint);
      return endpoint;
    },
    async close(closeOptions: McpCloseOptions = {}) {
      if (closed) return;
      closed = true;
      await Promise.all([...endpoints].map((endpoint) => endpoint.close(closeOptions)));
      await inFlight.drain(closeOptions.drainTimeoutMs ?? 5_000);
      // Running tasks finish within the drain; the rest are handed back (their leases end now).
      await tasks?.close(closeOptions.drainTimeoutMs ?? 5_000);
      // Closing a session aborts the signals of its calls still running (after the drain timeout).
      await loaded?.closeAll();
      await inFlight.drain(closeOptions.drainTimeoutMs ?? 5_000);
    },
    [MCP_OBSERVE]: (observer: McpObserver) => observers.add(observer),
  };
}
