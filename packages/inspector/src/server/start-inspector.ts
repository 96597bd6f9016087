import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { RequestContext, Toolbox } from '@armorer/core';
import { createRequestGuard, isLoopback, loopbackHosts, loopbackOrigins } from '@armorer/http-guard';
import { InspectorError } from '../errors/inspector-error';
import { InspectorSession } from '../session/session';
import { createHandler } from './handler';
import { nodeListener } from './node-adapter';
import { renderPage } from './page';
import { loadPageAsset } from './page-asset';

/** Options of {@link startInspector}. */
export interface InspectorOptions {
  /** The toolbox to show, run and govern. */
  readonly toolbox: Toolbox;
  /** The port; default 0 (a free port chosen by the system). */
  readonly port?: number;
  /** The address to listen on; default `127.0.0.1`. Only loopback addresses unless `allowRemote`. */
  readonly hostname?: string;
  /**
   * The session token every request must carry (URL-safe characters, at least 16). Default: 256 random
   * bits, new for every start.
   */
  readonly token?: string;
  /** Allow a `hostname` other machines can reach (the token is still required). Default false. */
  readonly allowRemote?: boolean;
  /** The request context the page starts with (editable there). Default: a local inspector principal. */
  readonly requestContext?: RequestContext;
}

/** A running inspector. */
export interface RunningInspector {
  /** The page's address, token included: `http://127.0.0.1:PORT/?token=TOKEN`. Open it; do not log it. */
  readonly url: string;
  readonly port: number;
  /** Stops the server, ends the pages' live streams and removes the inspector's toolbox listeners. */
  close(): Promise<void>;
}

const TOKEN = /^[A-Za-z0-9._~-]{16,512}$/;

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function invalid(message: string): InspectorError {
  return new InspectorError({ code: 'INVALID_OPTIONS', message });
}

function checkOptions(options: InspectorOptions): { hostname: string; port: number; token: string } {
  if (typeof options !== 'object' || options === null)
    throw invalid('startInspector() needs an options object.');
  const toolbox = options.toolbox as Partial<Toolbox> | undefined;
  if (typeof toolbox?.execute !== 'function' || typeof toolbox.tools !== 'function') {
    throw invalid('options.toolbox must be a toolbox made by createToolbox().');
  }
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw invalid('options.port must be 0 to 65535.');
  const hostname = options.hostname ?? '127.0.0.1';
  if (typeof hostname !== 'string' || hostname.trim() === '')
    throw invalid('options.hostname must be a host name.');
  if (!isLoopback(hostname) && options.allowRemote !== true) {
    throw new InspectorError({
      code: 'REMOTE_NOT_ALLOWED',
      message:
        `The inspector listens on loopback only; ${JSON.stringify(hostname)} can be reached from other machines. ` +
        'Pass allowRemote: true (--allow-remote) to allow it.',
    });
  }
  const token = options.token ?? randomToken();
  if (typeof token !== 'string' || !TOKEN.test(token)) {
    throw invalid('options.token must be 16 to 512 URL-safe characters (A-Z a-z 0-9 . _ ~ -).');
  }
  return { hostname, port, token };
}

/** Host names as they appear in a URL and a Host header (IPv6 addresses in brackets). */
function urlHost(hostname: string): string {
  return hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
}

/** The Host header values a server on `hostname:port` answers to. */
function allowedHosts(hostname: string, port: number): string[] {
  const hosts = new Set([...loopbackHosts(port), `${urlHost(hostname)}:${port}`]);
  if (hostname === '0.0.0.0' || hostname === '::' || hostname === '[::]') {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) hosts.add(`${urlHost(address.address)}:${port}`);
    }
  }
  return [...hosts];
}

/**
 * Serves the inspector page for a toolbox on loopback and resolves once it listens. Every request needs
 * the session token (the page's address carries it; the page sends it as a bearer token), and the Host
 * and Origin checks of `@armorer/http-guard` (shared with the MCP HTTP transport and the OpenAPI handler)
 * refuse DNS-rebinding and cross-site requests. Arguments and results are never logged.
 *
 * @example
 * ```ts
 * import { createTool, createToolbox } from '@armorer/core';
 * import { startInspector } from '@armorer/inspector';
 * import { z } from 'zod';
 *
 * const toolbox = createToolbox([
 *   createTool({
 *     name: 'add-numbers',
 *     description: 'Add two numbers',
 *     input: z.object({ a: z.number(), b: z.number() }),
 *     execute: ({ a, b }) => a + b,
 *   }),
 * ]);
 * const inspector = await startInspector({ toolbox });
 * console.log(`open ${inspector.url}`);
 * // ... later
 * await inspector.close();
 * ```
 */
export async function startInspector(options: InspectorOptions): Promise<RunningInspector> {
  const { hostname, port: requestedPort, token } = checkOptions(options);
  const page = renderPage(await loadPageAsset());
  const session = new InspectorSession(options.toolbox, options.requestContext);
  let handler: ((request: Request) => Promise<Response>) | undefined;
  const server = createServer(
    nodeListener((request) =>
      handler === undefined ? Promise.resolve(new Response(null, { status: 503 })) : handler(request),
    ),
  );
  server.on('clientError', (_error, socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(requestedPort, hostname, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    session.close();
    throw new InspectorError({
      code: 'LISTEN_FAILED',
      message: `The inspector could not listen on ${hostname}:${requestedPort}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
  const port = (server.address() as AddressInfo).port;
  const guard = createRequestGuard({
    allowedHosts: allowedHosts(hostname, port),
    allowedOrigins: loopbackOrigins(port),
    allowSameOrigin: true,
    token,
    realm: 'armorer-inspector',
  });
  handler = createHandler({ session, guard, page });
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(hostname)}:${port}/?token=${token}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        session.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
