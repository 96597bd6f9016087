import { isToolbox, type Toolbox } from '@armorer/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { listenHttp } from '../http/listen-http';
import type { McpHttpOptions, McpHttpServer } from '../http/types';
import { boundedLines } from './bounded-lines';
import type { CallHost } from './call-host';
import { InFlight } from './in-flight';
import { installToolHandlers } from './install-handlers';
import { ProgressRouter } from './progress-router';
import type { ArmorerMcpServer, CreateMcpOptions, McpCloseOptions, McpSession, McpTransport } from './types';

/** The longest stdio line (one JSON-RPC message) read, as the SDK's own limit since 1.30: 10 MiB. */
const MAX_STDIO_LINE_BYTES = 10 * 1024 * 1024;

function assertToolbox(toolbox: unknown): asserts toolbox is Toolbox {
  if (!isToolbox(toolbox))
    throw new TypeError('createMCP(toolbox) expects a toolbox created by createToolbox().');
}

/**
 * Serves a toolbox over the Model Context Protocol with the official SDK's server classes. Each
 * connected transport is one session with its own SDK `Server`; every session lists and calls the
 * toolbox served at that moment. `tools/call` runs the full armorer pipeline; failures are `isError`
 * results; progress from a tool's `progress()` reaches clients that sent a progress token; a client's
 * cancellation aborts the tool's `signal`; `setToolbox` notifies every session with `list_changed`.
 *
 * @example
 * ```ts
 * import { createMCP } from '@armorer/mcp';
 *
 * const mcp = createMCP(toolbox, { name: 'my-tools', version: '1.0.0' });
 * await mcp.serveStdio(); // or: await listenHttp(mcp, { port: 3333 })
 * ```
 */
export function createMCP(toolbox: Toolbox, options: CreateMcpOptions = {}): ArmorerMcpServer {
  assertToolbox(toolbox);
  let current = toolbox;
  let sequence = 0;
  let closed = false;
  const inFlight = new InFlight();
  const servers = new Set<Server>();
  const endpoints = new Set<McpHttpServer>();
  const progress = new ProgressRouter();
  const prefix = `mcp-${Math.random().toString(36).slice(2, 8)}-`;
  const host: CallHost = {
    options,
    progress,
    currentToolbox: () => current,
    admit: () => (closed ? undefined : inFlight.enter()),
    nextCallId: () => `${prefix}${++sequence}`,
  };
  const info = { name: options.name ?? 'armorer', version: options.version ?? '0.0.0' };

  async function connect(transport: McpTransport): Promise<McpSession> {
    if (closed) throw new Error('The MCP server is closed; it accepts no new sessions.');
    const server = new Server(info, {
      capabilities: { tools: { listChanged: true } },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    });
    installToolHandlers(server, host);
    let resolveClosed!: () => void;
    const whenClosed = new Promise<void>((resolve) => {
      resolveClosed = resolve;
    });
    server.onclose = () => {
      servers.delete(server);
      resolveClosed();
    };
    servers.add(server);
    await server.connect(transport as unknown as Transport);
    return {
      sessionId: transport.sessionId,
      closed: whenClosed,
      close: () => server.close(),
    };
  }

  return {
    get toolbox() {
      return current;
    },
    get sessions() {
      return servers.size;
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
      await Promise.all(
        [...servers].map((server) =>
          server.transport ? server.sendToolListChanged().catch(() => {}) : undefined,
        ),
      );
    },
    connect,
    async serveStdio() {
      // The SDK's stdio reader buffers a line until its newline, without bound before SDK 1.30.
      const input = boundedLines(MAX_STDIO_LINE_BYTES);
      process.stdin.pipe(input);
      const release = () => {
        process.stdin.unpipe(input);
        process.stdin.pause();
      };
      try {
        // `input` bounds every line, so the SDK's own limit (1.30+: close the session at 10 MiB) is lifted
        // and an overlong line is a parse error on every SDK version while the session keeps serving.
        const transport = new StdioServerTransport(input, process.stdout, {
          maxBufferSize: Number.POSITIVE_INFINITY,
        });
        const session = await connect(transport);
        void session.closed.then(release);
        return session;
      } catch (error) {
        release();
        throw error;
      }
    },
    async serveHttp(httpOptions?: McpHttpOptions) {
      if (closed) throw new Error('The MCP server is closed; it serves no new endpoints.');
      const endpoint = await listenHttp(
        { connect, drain: (timeoutMs) => inFlight.drain(timeoutMs), isClosed: () => closed },
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
      // Closing a session aborts the signals of its calls still running (after the drain timeout).
      await Promise.all([...servers].map((server) => server.close().catch(() => {})));
      await inFlight.drain(closeOptions.drainTimeoutMs ?? 5_000);
    },
  };
}
