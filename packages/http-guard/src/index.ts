/**
 * @armorer/http-guard: the request checks shared by armorer's HTTP servers (the MCP Streamable HTTP
 * transport, the OpenAPI handler, the inspector): Host and Origin against DNS rebinding and cross-site
 * calls, bearer tokens, JSON content types and body size limits. Works on fetch `Request`s and any header
 * reader; no runtime-specific APIs.
 *
 * @example
 * ```ts
 * import { createRequestGuard, isJsonContentType, readLimitedText } from '@armorer/http-guard';
 *
 * const guard = createRequestGuard({ allowedOrigins: ['https://app.example.com'] });
 * async function handle(request: Request): Promise<Response> {
 *   const refusal = guard.checkRequest(request);
 *   if (refusal) return new Response(refusal.message, { status: refusal.status, headers: refusal.headers });
 *   if (!isJsonContentType(request.headers.get('content-type'))) return new Response(null, { status: 415 });
 *   return Response.json(JSON.parse(await readLimitedText(request, 1024 * 1024)));
 * }
 * ```
 *
 * @module
 */
export type { BodySource } from './body';
export { BodyTooLargeError, declaredLengthExceeds, readLimitedText } from './body';
export { isJsonContentType } from './content-type';
export { isLoopback, isLoopbackHost, loopbackHosts, loopbackOrigins } from './hosts';
export type { HeaderReader, Refusal, RequestGuard, RequestGuardOptions } from './request-guard';
export { bearerMatches, createRequestGuard } from './request-guard';
