import type { IncomingMessage } from 'node:http';
import type { McpCloseOptions } from '../server/types';

/**
 * Who sent a request, as an `authenticate` hook establishes it: the shape of the SDK's `AuthInfo`, which
 * `callOptions` reads as `info.authInfo` (to bind approvals to a tenant and principal, for instance).
 */
export interface McpAuthInfo {
  /** The access token (never logged by armorer). */
  readonly token: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  /** Seconds since the epoch. */
  readonly expiresAt?: number;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** Options of `mcp.serveHttp()`: Streamable HTTP, safe by default. */
export interface McpHttpOptions {
  /** Bind address (default `127.0.0.1`). A non-loopback address requires `allowedHosts`. */
  readonly host?: string;
  /** Port (default 0: any free port; read it back from `url`/`port`). */
  readonly port?: number;
  /** The MCP endpoint path (default `/mcp`). */
  readonly path?: string;
  /** Host header values accepted, as `name:port` (default: the loopback names with the bound port). */
  readonly allowedHosts?: readonly string[];
  /** Origin header values accepted from browsers (default: the loopback origins with the bound port). */
  readonly allowedOrigins?: readonly string[];
  /** When set, every request needs `Authorization: Bearer <token>`. */
  readonly token?: string | undefined;
  /**
   * Identifies the sender of every request (after the Host, Origin and token checks): what it returns is
   * the `authInfo` of each call (`callOptions` maps it to a request context); `undefined`, or a throw,
   * answers 401 without running anything. Use it to verify your own access tokens.
   */
  readonly authenticate?: (
    request: IncomingMessage,
  ) => McpAuthInfo | undefined | Promise<McpAuthInfo | undefined>;
  /** Largest request body accepted, in bytes (default 1 MiB); larger ones get 413. */
  readonly maxBodyBytes?: number;
  /** Most sessions open at once (default 1,000); past it, new sessions get 503. */
  readonly maxSessions?: number;
  /** Sessions idle (no new request and none awaiting its answer) for this long are closed (default 15 minutes). */
  readonly sessionIdleTimeoutMs?: number;
}

/** A running Streamable HTTP endpoint. */
export interface McpHttpServer {
  /** The endpoint URL, e.g. `http://127.0.0.1:43123/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Open HTTP sessions. */
  readonly sessions: number;
  /** Stops accepting, drains in-flight calls, closes every session and connection. */
  close(options?: McpCloseOptions): Promise<void>;
}
