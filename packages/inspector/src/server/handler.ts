import type { HeaderReader, RequestGuard } from '@armorer/http-guard';
import { previewValue } from '../render/preview-value';
import { ApprovalQueueError } from '../session/approval-queue';
import type { InspectorSession } from '../session/session';
import type { RenderedPage } from './page';
import { COMMON_HEADERS, failure, HttpError } from './responses';
import { ROUTES } from './routes';

/** What the handler needs: the session, the shared request guard (with the token) and the page. */
export interface HandlerContext {
  readonly session: InspectorSession;
  readonly guard: RequestGuard;
  readonly page: RenderedPage;
}

/**
 * The headers the guard reads. Only the page itself (`GET /`) may carry the token in its address
 * (`?token=`), since that is the link a person opens; every other request sends it as a bearer token.
 */
function guardedHeaders(request: Request, url: URL): HeaderReader {
  const page = request.method === 'GET' && url.pathname === '/';
  const fromQuery = page ? url.searchParams.get('token') : null;
  return {
    get(name) {
      const value = request.headers.get(name);
      if (name === 'authorization' && value === null && fromQuery !== null) return `Bearer ${fromQuery}`;
      return value;
    },
  };
}

function hostOf(request: Request, url: URL): string | undefined {
  return request.headers.has('host') ? undefined : url.host;
}

function sendPage(page: RenderedPage): Response {
  return new Response(page.html, {
    headers: {
      ...COMMON_HEADERS,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': page.csp,
    },
  });
}

function sendStream(session: InspectorSession): Response {
  return new Response(session.stream(), {
    headers: {
      ...COMMON_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'x-accel-buffering': 'no',
    },
  });
}

/**
 * The inspector as a fetch-style handler. Every request first passes the shared request guard of
 * `@armorer/http-guard` (Host against DNS rebinding, Origin against cross-site pages, the session
 * token), so a refused request gets a 403 or 401 and no data, whatever it asked for.
 */
export function createHandler(context: HandlerContext): (request: Request) => Promise<Response> {
  const { session, guard, page } = context;
  return async (request) => {
    const url = new URL(request.url);
    const refusal = guard.check(guardedHeaders(request, url), hostOf(request, url));
    if (refusal !== undefined) return failure(refusal.status, refusal.message, refusal.headers);
    try {
      if (url.pathname === '/') {
        if (request.method !== 'GET') throw new HttpError(405, 'Use GET.');
        return sendPage(page);
      }
      if (url.pathname === '/api/stream') {
        if (request.method !== 'GET') throw new HttpError(405, 'Use GET.');
        return sendStream(session);
      }
      const route = Object.hasOwn(ROUTES, url.pathname) ? ROUTES[url.pathname] : undefined;
      if (route === undefined) throw new HttpError(404, 'Not found.');
      return await route(session, request);
    } catch (error) {
      if (error instanceof HttpError || error instanceof ApprovalQueueError) {
        return failure(error.status, error.message);
      }
      // Shown to the (authenticated) page only; nothing is logged.
      const message = error instanceof Error ? previewValue(error.message, { maxString: 500 }) : 'failed';
      return failure(500, `The inspector could not answer: ${String(message)}`);
    }
  };
}
