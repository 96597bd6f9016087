import {
  createToolError,
  getToolboxRevision,
  type RequestContext,
  type ToolCall,
  type ToolError,
  type ToolExecuteOptions,
  type ToolResult,
} from '@armorer/core';
import {
  BodyTooLargeError,
  createRequestGuard,
  isJsonContentType,
  readLimitedText,
} from '@armorer/http-guard';
import {
  type ExportableToolbox,
  normalizePrefix,
  type OpenAPIDocument,
  type OpenAPIInfo,
  type ToOpenAPIWarning,
  toOpenAPI,
} from '../export/to-openapi';
import { statusOf } from './status';

/** What the handler needs of a toolbox: its tools (for the document) and `execute`. */
export interface ServableToolbox extends ExportableToolbox {
  execute(call: ToolCall, options?: ToolExecuteOptions): Promise<ToolResult>;
}

/** Per-request call options: who the caller is, as your authentication established it. */
export interface RequestCallOptions {
  readonly ownerId?: string;
  readonly requestContext?: RequestContext;
  readonly timeout?: number;
}

/** Options of {@link createOpenAPIHandler}. */
export interface OpenAPIHandlerOptions {
  /** Must match the `pathPrefix` the document was generated with. Default: none. */
  readonly pathPrefix?: string;
  /** When set, `GET <pathPrefix>/openapi.json` serves the toolbox's document with this `info`. */
  readonly info?: OpenAPIInfo;
  /** Largest request body accepted, in bytes (413 beyond). Default: 1 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * Derives call options from the request (authenticate here: return `requestContext` with the
   * authority, or throw to refuse the request with 401). It runs for `openapi.json` too.
   */
  readonly callOptions?: (request: Request) => RequestCallOptions | Promise<RequestCallOptions>;
  /**
   * `Host` header values served, compared exactly (e.g. `tools.example.com`). Default: loopback names
   * (`localhost`, `127.x.x.x`, `[::1]`) on any port; a deployed handler must name its public hosts.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Browser origins allowed to call (e.g. `https://app.example.com`); a request whose `Origin` is neither
   * one of these nor the handler's own host is refused with 403. Default: none.
   */
  readonly allowedOrigins?: readonly string[];
  /** Told about tools left out of `openapi.json` (default `console.warn`). */
  readonly onWarning?: (warning: ToOpenAPIWarning) => void;
}

/** A fetch-style handler: `Bun.serve({ fetch: handler })`, Node through any fetch adapter, Hono, etc. */
export type OpenAPIHandler = (request: Request) => Promise<Response>;

const JSON_HEADERS = { 'content-type': 'application/json' } as const;

function json(body: unknown, status: number, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body === undefined ? null : body), {
    status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

function failure(error: ToolError, extra?: Record<string, string>): Response {
  const headers: Record<string, string> = { ...extra };
  const wait = error.details?.retryAfterMs;
  if (error.code === 'RATE_LIMITED' && typeof wait === 'number')
    headers['retry-after'] = String(Math.ceil(wait / 1000));
  return json(error, statusOf(error), headers);
}

function refuse(status: number, message: string, headers?: Readonly<Record<string, string>>): Response {
  const error = createToolError(status === 404 ? 'TOOL_NOT_FOUND' : 'INVALID_TOOL_CALL', message);
  return json(error, status, headers);
}

/**
 * Serves a toolbox over HTTP as the operations of {@link toOpenAPI}: `POST <pathPrefix>/<tool name>` with
 * the arguments as a JSON body runs the call through the toolbox's full pipeline (validation, policy,
 * middleware, events); the result answers `200` with its JSON, a failure answers with the `ToolError` and
 * the status of its category (400, 403, 404, 429, 500, 503, 504, ...). The request's signal cancels the
 * call when the client goes away. It never throws: every request gets a response.
 *
 * @example
 * ```ts
 * const handler = createOpenAPIHandler(toolbox, { pathPrefix: '/tools', info: { title: 'Tools', version: '1.0.0' } });
 * Bun.serve({ port: 3000, fetch: handler });
 * // POST /tools/add-numbers {"a":5,"b":3} -> 200 8
 * // GET  /tools/openapi.json             -> the OpenAPI 3.1 document
 * ```
 */
export function createOpenAPIHandler(
  toolbox: ServableToolbox,
  options: OpenAPIHandlerOptions = {},
): OpenAPIHandler {
  const prefix = normalizePrefix(options.pathPrefix);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  // The checks of the MCP HTTP transport (one implementation in @armorer/http-guard): Host against DNS
  // rebinding, Origin against cross-site pages.
  const guard = createRequestGuard({
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    allowedOrigins: options.allowedOrigins ?? [],
    allowSameOrigin: true,
  });
  const warn =
    options.onWarning ?? ((warning: ToOpenAPIWarning) => console.warn(`armorer/openapi: ${warning.message}`));
  const authorize = async (request: Request): Promise<RequestCallOptions | Response> => {
    if (options.callOptions === undefined) return {};
    try {
      return await options.callOptions(request);
    } catch {
      // Never the thrown message: it may hold what the caller sent, or a secret.
      return refuse(401, 'The request was not authorized.');
    }
  };
  let document: { revision: number; value: OpenAPIDocument } | undefined;
  const documentOf = (info: OpenAPIInfo): OpenAPIDocument => {
    let revision = -1;
    try {
      revision = getToolboxRevision(toolbox);
    } catch {
      // Not an armorer toolbox (a structural stand-in): rebuild every time.
    }
    if (document === undefined || revision === -1 || document.revision !== revision) {
      document = { revision, value: toOpenAPI(toolbox, { info, pathPrefix: prefix, onWarning: warn }) };
    }
    return document.value;
  };

  return async (request) => {
    try {
      const refusal = guard.checkRequest(request);
      if (refusal !== undefined) return refuse(refusal.status, refusal.message, refusal.headers);
      const pathname = new URL(request.url).pathname;
      if (prefix !== '' && !pathname.startsWith(`${prefix}/`))
        return refuse(404, `No tools under ${pathname}.`);
      const rest = pathname.slice(prefix.length + 1);
      if (
        rest === 'openapi.json' &&
        options.info !== undefined &&
        (request.method === 'GET' || request.method === 'HEAD')
      ) {
        const authorized = await authorize(request);
        if (authorized instanceof Response) return authorized;
        return json(documentOf(options.info), 200);
      }
      if (rest === '' || rest.includes('/'))
        return refuse(404, `No tool at ${pathname}; call POST ${prefix}/<tool name>.`);
      if (request.method !== 'POST') {
        return refuse(405, `Tools are called with POST, not ${request.method}.`, { allow: 'POST' });
      }
      let name: string;
      try {
        name = decodeURIComponent(rest);
      } catch {
        return refuse(404, `No tool at ${pathname}: the name is not valid percent-encoding.`);
      }
      // Browsers send cross-site requests without a preflight only with text, form or multipart bodies.
      if (!isJsonContentType(request.headers.get('content-type'))) {
        return refuse(415, 'Send the arguments as application/json.');
      }
      let body: string;
      try {
        body = await readLimitedText(request, maxBodyBytes);
      } catch (error) {
        if (error instanceof BodyTooLargeError)
          return refuse(413, `The request body is larger than ${maxBodyBytes} bytes.`);
        throw error;
      }
      const callOptions = await authorize(request);
      if (callOptions instanceof Response) return callOptions;
      const result = await toolbox.execute(
        { name, arguments: body.trim() === '' ? {} : body },
        { ...callOptions, signal: request.signal },
      );
      if (result.outcome === 'success') return json(result.result, 200);
      return failure(result.error ?? createToolError('EXECUTION_FAILED', `Tool "${name}" failed.`));
    } catch {
      // Whatever broke here (a toolbox that threw, a stream error) stays on the server.
      const internal: ToolError = {
        category: 'internal',
        code: 'EXECUTION_FAILED',
        message: 'The request could not be served.',
        retryable: false,
      };
      return json(internal, 500);
    }
  };
}
