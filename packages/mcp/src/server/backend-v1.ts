import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ConnectedSession, HttpSessionTransport, McpBackend, ServerIdentity } from './backend';
import type { CallHost } from './call-host';
import { isInputRequired } from './call-tool';
import { type CallChannel, declaresFormElicitation } from './channel';
import { serveCall, serveList } from './serve-request';
import type { SessionState } from './session-state';
import type { McpTransport } from './types';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;
type ServerModule = typeof import('@modelcontextprotocol/sdk/server/index.js');
type StdioModule = typeof import('@modelcontextprotocol/sdk/server/stdio.js');
type HttpModule = typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js');

/** The v1 package's modules `createMCP` uses, loaded on first use. */
export interface V1Modules {
  readonly server: ServerModule;
  readonly stdio: StdioModule;
  readonly http: HttpModule;
}

// Request schemas of our own (v1 `setRequestHandler` takes a Zod schema whose `method` is a literal), so
// installing the handlers needs no import of the SDK's schemas: the Claude Agent SDK path stays synchronous.
// Built when handlers are first installed, not at import: a server on the v2 SDK never uses them (issue 36).
function buildRequestSchemas() {
  return {
    list: z.object({
      method: z.literal('tools/list'),
      params: z
        .looseObject({ cursor: z.string().optional(), _meta: z.looseObject({}).optional() })
        .optional(),
    }),
    call: z.object({
      method: z.literal('tools/call'),
      params: z.looseObject({
        name: z.string(),
        arguments: z.record(z.string(), z.unknown()).optional(),
        _meta: z.looseObject({}).optional(),
      }),
    }),
  };
}
let requestSchemas: ReturnType<typeof buildRequestSchemas> | undefined;
type CallToolRequest = z.infer<ReturnType<typeof buildRequestSchemas>['call']>;

/** A 2025 request seen through the v1 SDK's handler `extra`. */
class V1Channel implements CallChannel {
  readonly era = 'legacy' as const;
  readonly requestState = undefined;
  readonly inputResponses = undefined;
  readonly protocolVersion = undefined;

  constructor(
    readonly server: Server,
    readonly extra: Extra,
  ) {}

  get signal(): AbortSignal {
    return this.extra.signal;
  }
  get sessionId(): string | undefined {
    return this.extra.sessionId;
  }
  get requestId(): string | number {
    return this.extra.requestId;
  }
  get authInfo(): unknown {
    return this.extra.authInfo;
  }
  get meta(): Readonly<Record<string, unknown>> | undefined {
    return this.extra._meta;
  }
  supportsFormElicitation(): boolean {
    return declaresFormElicitation(this.server.getClientCapabilities());
  }
  acceptsTasks(): boolean {
    return false;
  }
  elicit(params: { message: string; requestedSchema: object }, timeout: number | undefined) {
    return this.server.elicitInput({ mode: 'form', ...params } as Parameters<Server['elicitInput']>[0], {
      relatedRequestId: this.extra.requestId,
      signal: this.extra.signal,
      // The call's deadline bounds the wait for the human too; without one the SDK's default applies.
      ...(timeout === undefined ? {} : { timeout }),
    });
  }
  notify(notification: { method: 'notifications/progress'; params: Record<string, unknown> }): Promise<void> {
    return this.extra.sendNotification(notification as ServerNotification);
  }
}

/**
 * Installs armorer's `tools/list` and `tools/call` handlers on a v1 SDK `Server` (low-level, or the
 * `server` of an `McpServer` that registers no tools of its own).
 */
export function installV1Handlers(server: Server, host: CallHost, session: SessionState): void {
  requestSchemas ??= buildRequestSchemas();
  const requests = requestSchemas;
  server.registerCapabilities({ tools: { listChanged: true } });
  server.setRequestHandler(
    requests.list as never,
    (async (_request: unknown, extra: Extra) =>
      serveList(host, session, {
        requestId: extra.requestId,
        sessionId: extra.sessionId,
        protocolVersion: undefined,
        meta: extra._meta,
      })) as never,
  );
  server.setRequestHandler(
    requests.call as never,
    (async (request: CallToolRequest, extra: Extra) => {
      const outcome = await serveCall(host, session, request.params, new V1Channel(server, extra));
      // The 2025 era never pauses with input_required (it asks through elicitation instead).
      return isInputRequired(outcome) ? { isError: true, content: [] } : outcome;
    }) as never,
  );
}

/** Serves the 2025 revisions with the v1 package `@modelcontextprotocol/sdk`. */
export function createV1Backend(sdk: V1Modules, host: CallHost, identity: ServerIdentity): McpBackend {
  const servers = new Set<Server>();

  function newServer(session: SessionState): { server: Server; closed: Promise<void> } {
    const server = new sdk.server.Server(
      { name: identity.name, version: identity.version },
      {
        capabilities: { tools: { listChanged: true } },
        ...(identity.instructions === undefined ? {} : { instructions: identity.instructions }),
      },
    );
    installV1Handlers(server, host, session);
    const closed = new Promise<void>((resolve) => {
      server.onclose = () => {
        servers.delete(server);
        resolve();
      };
    });
    servers.add(server);
    return { server, closed };
  }

  async function connect(transport: McpTransport, session: SessionState): Promise<ConnectedSession> {
    const { server, closed } = newServer(session);
    await server.connect(transport as unknown as Transport);
    session.sessionId = transport.sessionId;
    return { sessionId: transport.sessionId, closed, close: () => server.close() };
  }

  return {
    name: 'v1',
    connect,
    stdioTransport(input, output) {
      // The input bounds every line, so the SDK's own limit (1.30+: close the session at 10 MiB) is lifted
      // and an overlong line is a parse error on every SDK version while the session keeps serving.
      return new sdk.stdio.StdioServerTransport(input, output, {
        maxBufferSize: Number.POSITIVE_INFINITY,
      } as never) as unknown as McpTransport;
    },
    async httpSession(session, hooks) {
      const transport = new sdk.http.StreamableHTTPServerTransport({
        sessionIdGenerator: () => globalThis.crypto.randomUUID(),
        onsessioninitialized: (id) => {
          session.sessionId = id;
          hooks.onInitialized(id);
        },
      });
      hooks.watch(transport as never);
      // Set before the server connects: the SDK chains the handler it finds.
      transport.onclose = () => hooks.onClosed();
      await connect(transport as unknown as McpTransport, session);
      const wrapped: HttpSessionTransport = {
        get sessionId() {
          return transport.sessionId;
        },
        close: () => transport.close(),
        handle: (request, response, parsedBody) => transport.handleRequest(request, response, parsedBody),
      };
      return wrapped;
    },
    async toolsChanged() {
      await Promise.all(
        [...servers].map((server) =>
          server.transport ? server.sendToolListChanged().catch(() => {}) : undefined,
        ),
      );
    },
    get sessions() {
      return servers.size;
    },
    async closeAll() {
      await Promise.all([...servers].map((server) => server.close().catch(() => {})));
    },
  };
}
