import type { ReplayProvider } from '../protocol';
import { issueGrant, listGrants, revokeGrant } from '../session/grants';
import { REPLAY_PROVIDERS } from '../session/replay';
import type { InspectorSession } from '../session/session';
import { MAX_SEARCH_LENGTH } from '../session/tools-view';
import {
  argumentsField,
  optionalBoolean,
  optionalObject,
  optionalString,
  readJsonObject,
  requestContextField,
  stringField,
} from './read-body';
import { HttpError, json } from './responses';

type Route = (session: InspectorSession, request: Request) => Promise<Response>;

let calls = 0;

/** A call id for a run whose page sent none (ids from the page are kept, so its events can follow them). */
function callIdOf(body: Record<string, unknown>): string {
  return optionalString(body, 'callId', 200) ?? `inspector-${Date.now().toString(36)}-${++calls}`;
}

const post =
  (route: (session: InspectorSession, body: Record<string, unknown>) => Promise<unknown> | unknown): Route =>
  async (session, request) => {
    if (request.method !== 'POST') throw new HttpError(405, 'Use POST.');
    return json(await route(session, await readJsonObject(request)));
  };

const get =
  (route: (session: InspectorSession) => Promise<unknown> | unknown): Route =>
  async (session, request) => {
    if (request.method !== 'GET') throw new HttpError(405, 'Use GET.');
    return json(await route(session));
  };

/** The inspector's API, by path. Every route runs after the request guard. */
export const ROUTES: Readonly<Record<string, Route>> = {
  '/api/state': get((session) => session.state()),
  '/api/tools': post((session, body) =>
    session.tools(optionalString(body, 'query', MAX_SEARCH_LENGTH) ?? ''),
  ),
  '/api/tool': post(async (session, body) => {
    const detail = await session.tool(stringField(body, 'name', 1_000));
    if (detail === undefined) throw new HttpError(404, 'No tool by that name.');
    return detail;
  }),
  '/api/preview': post((session, body) =>
    session.preview({
      name: stringField(body, 'name', 1_000),
      arguments: argumentsField(body),
      requestContext: requestContextField(body),
    }),
  ),
  '/api/run': post((session, body) =>
    session.run({
      name: stringField(body, 'name', 1_000),
      arguments: argumentsField(body),
      requestContext: requestContextField(body),
      callId: callIdOf(body),
    }),
  ),
  '/api/cancel': post((session, body) => ({ cancelled: session.cancel(stringField(body, 'callId', 200)) })),
  '/api/replay': post((session, body) => {
    const provider = stringField(body, 'provider', 50) as ReplayProvider;
    if (!REPLAY_PROVIDERS.includes(provider)) {
      throw new HttpError(400, `"provider" must be one of ${REPLAY_PROVIDERS.join(', ')}.`);
    }
    return session.replay(
      provider,
      stringField(body, 'text', 512 * 1024),
      requestContextField(body),
      optionalBoolean(body, 'strict'),
    );
  }),
  '/api/approvals/approve': post((session, body) =>
    session.approve(stringField(body, 'id', 200), optionalObject(body, 'arguments')),
  ),
  '/api/approvals/deny': post((session, body) => session.deny(stringField(body, 'id', 200))),
  '/api/grants': get((session) => listGrants(session.toolbox)),
  '/api/grants/issue': post((session, body) => issueGrant(session.toolbox, body)),
  '/api/grants/revoke': post((session, body) => revokeGrant(session.toolbox, body.id)),
};
