import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import type { SessionState } from './session-state';
import type { McpTransport } from './types';

/** One connection a backend serves. */
export interface ConnectedSession {
  readonly sessionId: string | undefined;
  /** Resolves when the connection has closed. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** What the HTTP endpoint hooks into a new 2025 session before its server connects. */
export interface HttpSessionHooks {
  /** The session got its id (its initialize was answered). */
  onInitialized(id: string): void;
  /** The session's transport closed. */
  onClosed(): void;
  /** Sees the session transport before the server connects (to wrap its `send`). */
  watch(transport: { send(message: never, options?: never): Promise<void> }): void;
}

/** A 2025 Streamable HTTP session: one SDK transport, connected to a server of its own. */
export interface HttpSessionTransport {
  readonly sessionId: string | undefined;
  close(): Promise<void>;
  /** Serves one HTTP request of the session (`parsedBody`: the JSON of a POST, already read). */
  handle(request: IncomingMessage, response: ServerResponse, parsedBody?: unknown): Promise<void>;
}

/** The 2026 HTTP entry of one endpoint: stateless requests, each served by a fresh server instance. */
export interface ModernHttpEntry {
  /** Whether the SDK classifies a POST without a session as a 2026 request (else it is a 2025 one). */
  isModern(request: IncomingMessage, parsedBody: unknown): Promise<boolean>;
  handle(request: IncomingMessage, response: ServerResponse, parsedBody: unknown): Promise<void>;
  /** Publishes `notifications/tools/list_changed` to the open `subscriptions/listen` streams. */
  toolsChanged(): void;
  close(): Promise<void>;
}

/**
 * The official SDK package serving a `createMCP` server: `v2` (`@modelcontextprotocol/server`: the
 * 2026-07-28 revision and the 2025 revisions) or `v1` (`@modelcontextprotocol/sdk`: the 2025 revisions).
 * Both run the same armorer call code (`callTool`, `listTools`).
 */
export interface McpBackend {
  readonly name: 'v1' | 'v2';
  /** Serves one connection over any SDK transport (stdio, in-memory, a socket). */
  connect(transport: McpTransport, session: SessionState): Promise<ConnectedSession>;
  /** A stdio transport over the given streams. */
  stdioTransport(input: Readable, output: Writable): McpTransport;
  /** A new 2025 Streamable HTTP session, its server connected. */
  httpSession(session: SessionState, hooks: HttpSessionHooks): Promise<HttpSessionTransport>;
  /** The 2026 HTTP entry (v2 only). */
  modernHttp?(): ModernHttpEntry;
  /** Sends `notifications/tools/list_changed` to every connection (2026 connections: to their subscriptions). */
  toolsChanged(): Promise<void>;
  /** Connections open now (stdio, in-process and 2025 HTTP sessions). */
  readonly sessions: number;
  /** Closes every connection. */
  closeAll(): Promise<void>;
}

/** The server identity and the options every backend builds its servers from. */
export interface ServerIdentity {
  readonly name: string;
  readonly version: string;
  readonly instructions: string | undefined;
}
