import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpSessionTransport, McpBackend } from '../server/backend';
import { SessionState } from '../server/session-state';
import type { McpCloseOptions } from '../server/types';
import {
  BodyTooLargeError,
  createRequestGuard,
  isLoopback,
  loopbackHosts,
  loopbackOrigins,
  nodeHeaders,
  type RequestGuard,
  readBody,
} from './guards';
import { nodeHttp } from './node-http';
import { RequestIds } from './request-ids';
import type { McpHttpOptions, McpHttpServer } from './types';

/** What the HTTP endpoint needs from the MCP server it fronts. */
export interface HttpHost {
  readonly backend: McpBackend;
  /** `maxConcurrentCallsPerSession` of the server. */
  readonly sessionLimit: number;
  drain(timeoutMs: number): Promise<boolean>;
  isClosed(): boolean;
}

/** A JSON-RPC `initialize` request (the opening of a 2025 session). */
function isInitializeRequest(body: unknown): boolean {
  const message = body as { jsonrpc?: unknown; method?: unknown; id?: unknown } | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.jsonrpc === '2.0' &&
    message.method === 'initialize' &&
    (typeof message.id === 'string' || typeof message.id === 'number')
  );
}

function sendError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers = {},
): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
}

/**
 * Serves MCP over Streamable HTTP on `node:http` (Bun and Node): loopback bind, Host/Origin checks
 * against DNS rebinding, an optional bearer token and a body size limit on every request. A 2026-07-28
 * request (no session, its revision in `_meta`) goes to the SDK's stateless `createMcpHandler`, which
 * checks the `Mcp-Method`/`Mcp-Name` headers against the body; a 2025 client gets one SDK transport per
 * session. The shutdown drains in-flight calls before closing sessions.
 */
export async function listenHttp(host: HttpHost, options: McpHttpOptions = {}): Promise<McpHttpServer> {
  const bind = options.host ?? '127.0.0.1';
  if (!isLoopback(bind) && options.allowedHosts === undefined) {
    throw new Error(
      `Binding MCP over HTTP to ${bind} (not loopback) requires allowedHosts (and a token is advised).`,
    );
  }
  const path = options.path ?? '/mcp';
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;
  const maxSessions = options.maxSessions ?? 1000;
  const transports = new Map<string, HttpSessionTransport>();
  const lastSeen = new Map<string, number>();
  const requestIds = new WeakMap<HttpSessionTransport, RequestIds>();
  const modern = host.backend.modernHttp?.();
  const idleMs = options.sessionIdleTimeoutMs ?? 15 * 60_000;
  let closing = false;
  let guard: RequestGuard | undefined;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (closing || host.isClosed()) return sendError(response, 503, -32000, 'Server is shutting down.');
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return sendError(response, 404, -32000, `Not found: use ${path}.`);
    const refusal = guard?.check(nodeHeaders(request));
    if (refusal !== undefined)
      return sendError(response, refusal.status, -32000, refusal.message, refusal.headers);
    if (options.authenticate !== undefined) {
      let auth: unknown;
      try {
        auth = await options.authenticate(request);
      } catch {
        auth = undefined;
      }
      if (auth === undefined) {
        return sendError(response, 401, -32000, 'Unauthorized.', {
          'www-authenticate': 'Bearer realm="mcp"',
        });
      }
      // Where the SDK's transports (and its own auth middleware) carry it.
      (request as IncomingMessage & { auth?: unknown }).auth = auth;
    }
    const sessionHeader = request.headers['mcp-session-id'];
    const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader;
    const existing = sessionId === undefined ? undefined : transports.get(sessionId);
    if (sessionId !== undefined && existing === undefined) {
      return sendError(response, 404, -32001, 'Session not found; initialize a new session.');
    }
    if (sessionId !== undefined) lastSeen.set(sessionId, Date.now());
    if (request.method === 'GET' || request.method === 'DELETE') {
      if (existing === undefined) return sendError(response, 400, -32000, 'Missing mcp-session-id header.');
      return existing.handle(request, response);
    }
    if (request.method !== 'POST') {
      return sendError(response, 405, -32000, 'Method not allowed.', { allow: 'GET, POST, DELETE' });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readBody(request, maxBody));
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return sendError(response, 413, -32600, error.message, { connection: 'close' });
      }
      return sendError(response, 400, -32700, 'Parse error: the body is not valid JSON.');
    }
    if (existing !== undefined) {
      const ids = requestIds.get(existing);
      const reused = ids?.admit(parsed);
      if (reused !== undefined) {
        const message = `Request id ${JSON.stringify(reused)} is already in use by a request of this session.`;
        const body = JSON.stringify({ jsonrpc: '2.0', id: reused, error: { code: -32600, message } });
        return void response.writeHead(409, { 'content-type': 'application/json' }).end(body);
      }
      await existing.handle(request, response, parsed);
      // A refused POST (406 Accept, 415 Content-Type, ...) never reached the server: no answer will
      // release its ids, and a session left busy would never be reaped.
      if (response.statusCode >= 400) ids?.release(parsed);
      return;
    }
    if (!isInitializeRequest(parsed)) {
      if (modern !== undefined && (await modern.isModern(request, parsed))) {
        return modern.handle(request, response, parsed);
      }
      return sendError(response, 400, -32000, 'No session: send an initialize request first.');
    }
    if (transports.size >= maxSessions) return sendError(response, 503, -32000, 'Too many sessions.');
    const ids = new RequestIds();
    let created: HttpSessionTransport | undefined;
    const transport = await host.backend.httpSession(new SessionState('tcp', host.sessionLimit), {
      onInitialized: (id) => {
        if (created === undefined) return;
        transports.set(id, created);
        lastSeen.set(id, Date.now());
      },
      onClosed: () => {
        const id = created?.sessionId;
        if (id === undefined) return;
        transports.delete(id);
        lastSeen.delete(id);
      },
      watch: (sdkTransport) => ids.watch(sdkTransport),
    });
    created = transport;
    requestIds.set(transport, ids);
    try {
      await transport.handle(request, response, parsed);
    } finally {
      // The transport refused the initialize (406 Accept, 415 Content-Type, ...): no session id was
      // issued, so nothing could ever reach or reap this session; close it rather than leak it.
      if (transport.sessionId === undefined) await transport.close().catch(() => {});
    }
  }

  const { createServer } = await nodeHttp();
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      sendError(
        response,
        500,
        -32603,
        `Internal error: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bind, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostName = bind.includes(':') && !bind.startsWith('[') ? `[${bind}]` : bind;
  guard = createRequestGuard({
    allowedHosts: options.allowedHosts ?? [...loopbackHosts(port), `${hostName}:${port}`],
    allowedOrigins: options.allowedOrigins ?? loopbackOrigins(port),
    token: options.token,
    realm: 'mcp',
  });
  // Abandoned sessions (a client that never sends DELETE) must not fill maxSessions forever.
  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const [id, seen] of lastSeen) {
        const transport = transports.get(id);
        // A session waiting for its own calls is not idle: closing it would leave them unanswered. Its
        // idle time counts from the sweep that finds it without requests in flight.
        if (transport !== undefined && requestIds.get(transport)?.busy === true) lastSeen.set(id, now);
        else if (seen < now - idleMs) transport?.close().catch(() => {});
      }
    },
    Math.max(10, Math.min(idleMs, 60_000)),
  );
  sweeper.unref();
  let closed: Promise<void> | undefined;
  return {
    url: `http://${hostName}:${port}${path}`,
    port,
    get sessions() {
      return transports.size;
    },
    close(closeOptions: McpCloseOptions = {}) {
      closed ??= (async () => {
        closing = true;
        clearInterval(sweeper);
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        const timeout = closeOptions.drainTimeoutMs ?? 5_000;
        await host.drain(timeout);
        await Promise.all([...transports.values()].map((transport) => transport.close().catch(() => {})));
        await modern?.close().catch(() => {});
        await host.drain(timeout);
        server.closeAllConnections();
        await stopped;
      })();
      return closed;
    },
  };
}
