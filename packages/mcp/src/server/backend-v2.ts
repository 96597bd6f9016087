import type { Server, ServerContext } from '@modelcontextprotocol/server';
import { sendWebResponse, toWebRequest } from '../http/web-bridge';
import { registerTaskHandlers } from '../tasks/task-handlers';
import { declaresTasks, TASKS_EXTENSION } from '../tasks/task-wire';
import type {
  ConnectedSession,
  HttpSessionTransport,
  McpBackend,
  ModernHttpEntry,
  ServerIdentity,
} from './backend';
import type { CallHost } from './call-host';
import { isInputRequired, isTaskStarted } from './call-tool';
import { type CallChannel, declaresFormElicitation } from './channel';
import { serveCall, serveList } from './serve-request';
import { SessionState } from './session-state';
import type { McpTransport } from './types';
import { WatchedTransport } from './watched-transport';

type ServerModule = typeof import('@modelcontextprotocol/server');
type StdioModule = typeof import('@modelcontextprotocol/server/stdio');

/** The v2 packages' modules `createMCP` uses, loaded on first use. */
export interface V2Modules {
  readonly server: ServerModule;
  readonly stdio: StdioModule;
}

const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

/** A request seen through the v2 SDK's handler context, in either era. */
class V2Channel implements CallChannel {
  constructor(
    readonly era: 'legacy' | 'modern',
    readonly server: Server,
    readonly context: ServerContext,
  ) {}

  get signal(): AbortSignal {
    return this.context.mcpReq.signal;
  }
  get sessionId(): string | undefined {
    return this.context.sessionId;
  }
  get requestId(): string | number {
    return this.context.mcpReq.id;
  }
  get authInfo(): unknown {
    return this.context.http?.authInfo;
  }
  get meta(): Readonly<Record<string, unknown>> | undefined {
    return this.context.mcpReq._meta;
  }
  get protocolVersion(): string | undefined {
    if (this.era === 'legacy') return this.server.getNegotiatedProtocolVersion();
    const version = (this.context.mcpReq.envelope as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION];
    return typeof version === 'string' ? version : undefined;
  }
  get requestState(): string | undefined {
    if (this.era === 'legacy') return undefined;
    const state = this.context.mcpReq.requestState();
    return typeof state === 'string' ? state : undefined;
  }
  get inputResponses(): Readonly<Record<string, unknown>> | undefined {
    return this.era === 'legacy' ? undefined : this.context.mcpReq.inputResponses;
  }
  supportsFormElicitation(): boolean {
    if (this.era === 'legacy') return declaresFormElicitation(this.server.getClientCapabilities());
    const envelope = this.context.mcpReq.envelope as Record<string, unknown> | undefined;
    return declaresFormElicitation(envelope?.[CLIENT_CAPABILITIES]);
  }
  acceptsTasks(): boolean {
    return this.era === 'modern' && declaresTasks(this.context.mcpReq.envelope);
  }
  elicit(params: { message: string; requestedSchema: object }, timeout: number | undefined) {
    return this.context.mcpReq.elicitInput({ mode: 'form', ...params } as never, {
      signal: this.context.mcpReq.signal,
      ...(timeout === undefined ? {} : { timeout }),
    });
  }
  notify(notification: { method: 'notifications/progress'; params: Record<string, unknown> }): Promise<void> {
    return this.context.mcpReq.notify(notification as never);
  }
}

/**
 * Serves the 2026-07-28 revision and the 2025 revisions with the v2 packages: `serveStdio` for any
 * connection (the opening exchange decides its era), `createMcpHandler` for 2026 HTTP requests, and a
 * session transport per 2025 HTTP session. Every server instance runs the same armorer handlers.
 */
export function createV2Backend(
  sdk: V2Modules,
  host: CallHost,
  identity: ServerIdentity,
  sessionLimit: number,
): McpBackend {
  const live = new Set<Server>();
  const entries = new Set<ModernHttpEntry>();
  const handles = new Set<{ close(): Promise<void> }>();
  const httpSessions = new Set<Server>();
  const listCache = host.options.listCache;
  const cacheHint = { ttlMs: listCache?.ttlMs ?? 60_000, cacheScope: listCache?.scope ?? 'private' } as const;

  function newServer(era: 'legacy' | 'modern', session: SessionState, track: boolean): Server {
    const server = new sdk.server.Server(
      { name: identity.name, version: identity.version },
      {
        capabilities: {
          tools: { listChanged: true },
          // The tasks extension is a 2026 one: 2025 sessions never see it (their revisions had tasks of their own).
          ...(era === 'modern' && host.tasks !== undefined ? { extensions: { [TASKS_EXTENSION]: {} } } : {}),
        },
        ...(identity.instructions === undefined ? {} : { instructions: identity.instructions }),
        cacheHints: { 'tools/list': cacheHint },
        // armorer asks 2025 clients itself (elicitation with the call's deadline), never through the shim.
        inputRequired: { legacyShim: false },
      },
    );
    server.setRequestHandler('tools/list', (async (_request: unknown, context: ServerContext) =>
      serveList(host, session, {
        requestId: context.mcpReq.id,
        sessionId: context.sessionId,
        protocolVersion: era === 'modern' ? new V2Channel(era, server, context).protocolVersion : undefined,
        meta: context.mcpReq._meta,
      })) as never);
    server.setRequestHandler('tools/call', (async (
      request: { params: { name: string; arguments?: Record<string, unknown> } },
      context: ServerContext,
    ) => {
      const outcome = await serveCall(host, session, request.params, new V2Channel(era, server, context));
      if (isTaskStarted(outcome)) return outcome.createTask;
      if (!isInputRequired(outcome)) return outcome;
      const { key, message, requestedSchema, requestState } = outcome.inputRequired;
      return sdk.server.inputRequired({
        inputRequests: {
          [key]: sdk.server.inputRequired.elicit({ mode: 'form', message, requestedSchema } as never),
        },
        requestState,
      });
    }) as never);
    if (era === 'modern' && host.tasks !== undefined) {
      registerTaskHandlers(
        server,
        sdk.server,
        host.tasks,
        host,
        (context) => new V2Channel(era, server, context).protocolVersion,
      );
    }
    if (track) {
      live.add(server);
      const previous = server.onclose;
      server.onclose = () => {
        previous?.();
        live.delete(server);
      };
    }
    return server;
  }

  return {
    name: 'v2',
    async connect(transport, session): Promise<ConnectedSession> {
      const watched = new WatchedTransport(transport);
      const handle = sdk.stdio.serveStdio(({ era }) => newServer(era, session, true), {
        transport: watched as never,
        legacy: 'serve',
      });
      handles.add(handle);
      void watched.closed.then(() => handles.delete(handle));
      return {
        get sessionId() {
          return transport.sessionId;
        },
        closed: watched.closed,
        close: () => handle.close(),
      };
    },
    stdioTransport(input, output) {
      return new sdk.stdio.StdioServerTransport(input, output, {
        maxBufferSize: Number.POSITIVE_INFINITY,
      }) as unknown as McpTransport;
    },
    async httpSession(session, hooks) {
      const transport = new sdk.server.WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => globalThis.crypto.randomUUID(),
        onsessioninitialized: (id) => {
          session.sessionId = id;
          hooks.onInitialized(id);
        },
      });
      hooks.watch(transport as never);
      transport.onclose = () => hooks.onClosed();
      const server = newServer('legacy', session, true);
      httpSessions.add(server);
      const onServerClose = server.onclose;
      server.onclose = () => {
        onServerClose?.();
        httpSessions.delete(server);
      };
      await server.connect(transport);
      const wrapped: HttpSessionTransport = {
        get sessionId() {
          return transport.sessionId;
        },
        close: () => transport.close(),
        async handle(request, response, parsedBody) {
          const answer = await transport.handleRequest(toWebRequest(request, response), {
            ...(parsedBody === undefined ? {} : { parsedBody }),
            ...authInfoOf(request),
          });
          await sendWebResponse(answer, response);
        },
      };
      return wrapped;
    },
    modernHttp() {
      const handler = sdk.server.createMcpHandler(
        ({ era }) => newServer(era, new SessionState('tcp', sessionLimit), false),
        { legacy: 'reject' },
      );
      const entry: ModernHttpEntry = {
        async isModern(request, parsedBody) {
          const probe = new Request(`http://${request.headers.host ?? 'localhost'}${request.url ?? '/'}`, {
            method: 'POST',
            headers: webHeaders(request),
          });
          return !(await sdk.server.isLegacyRequest(probe, { parsedBody }));
        },
        async handle(request, response, parsedBody) {
          const answer = await handler.fetch(toWebRequest(request, response), {
            parsedBody,
            ...authInfoOf(request),
          });
          await sendWebResponse(answer, response);
        },
        toolsChanged: () => handler.notify.toolsChanged(),
        close: async () => {
          entries.delete(entry);
          await handler.close();
        },
      };
      entries.add(entry);
      return entry;
    },
    async toolsChanged() {
      for (const entry of entries) entry.toolsChanged();
      await Promise.all(
        [...live].map((server) =>
          server.transport ? server.sendToolListChanged().catch(() => {}) : undefined,
        ),
      );
    },
    get sessions() {
      return handles.size + httpSessions.size;
    },
    async closeAll() {
      await Promise.all([...handles].map((handle) => handle.close().catch(() => {})));
      await Promise.all([...live].map((server) => server.close().catch(() => {})));
    },
  };
}

function webHeaders(request: { rawHeaders: string[] }): Headers {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2)
    headers.append(raw[index] as string, raw[index + 1] as string);
  return headers;
}

/** The access token information an auth layer put on `request.auth` (as the SDK's own middleware does). */
function authInfoOf(request: object): { authInfo?: never } {
  const auth = (request as { auth?: unknown }).auth;
  return auth === undefined ? {} : { authInfo: auth as never };
}
