import { isLoopbackHost } from './hosts';

/** Reads a header by its lower-case name: a fetch `Headers`, or an adapter over another server's headers. */
export interface HeaderReader {
  get(name: string): string | null | undefined;
}

/** Why a request is refused before it reaches the application, and how to answer it. */
export interface Refusal {
  /** 403 for a Host or Origin that is not allowed, 401 for a missing or wrong bearer token. */
  readonly status: 401 | 403;
  readonly message: string;
  /**
   * Headers of the answer: `WWW-Authenticate` on a 401, none (`{}`) on a 403. Always present, so
   * `{ status, headers }` is a `ResponseInit` as it is.
   */
  readonly headers: Readonly<Record<string, string>>;
}

/** Options of {@link createRequestGuard}. */
export interface RequestGuardOptions {
  /**
   * `Host` header values accepted, compared exactly (case-insensitive): `api.example.com`,
   * `localhost:3000`. Default: any loopback name (`localhost`, `127.x.x.x`, `[::1]`) on any port.
   */
  readonly allowedHosts?: readonly string[];
  /** `Origin` values accepted from browsers, compared exactly (case-insensitive). Default: none. */
  readonly allowedOrigins?: readonly string[];
  /** Also accept an `Origin` naming the request's own (allowed) Host: a page of the same server. Default false. */
  readonly allowSameOrigin?: boolean;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  readonly token?: string | undefined;
  /** The realm of the `WWW-Authenticate` header of a 401. Default `armorer`. */
  readonly realm?: string;
}

/** Checks one request's headers; see {@link createRequestGuard}. */
export interface RequestGuard {
  /** Checks headers; `host` is used when there is no `Host` header (a fetch `Request` built in code). */
  check(headers: HeaderReader, host?: string): Refusal | undefined;
  /** Checks a fetch `Request`, taking the host from its URL when it has no `Host` header. */
  checkRequest(request: Pick<Request, 'headers' | 'url'>): Refusal | undefined;
}

const SHOWN = 200;

function shown(value: string): string {
  return JSON.stringify(value.length > SHOWN ? `${value.slice(0, SHOWN)}…` : value);
}

/** Compares a secret in time that depends only on the expected value's length, never on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let index = 0; index < expected.length; index++) {
    difference |= expected.charCodeAt(index) ^ (given.charCodeAt(index) | 0);
  }
  return difference === 0;
}

/**
 * Whether an `Authorization` header carries `Bearer <token>`, compared in constant time.
 *
 * @example
 * ```ts
 * bearerMatches(request.headers.get('authorization'), process.env.TOKEN ?? '');
 * ```
 */
export function bearerMatches(header: string | null | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] !== undefined && sameSecret(match[1], token);
}

function lowerSet(values: readonly string[] | undefined): ReadonlySet<string> | undefined {
  return values === undefined ? undefined : new Set(values.map((value) => value.toLowerCase()));
}

/**
 * The checks every armorer HTTP endpoint runs before anything else, in this order: the `Host` header must
 * be allowed (a DNS-rebinding page reaches a local server under its own host name), an `Origin` header,
 * when a browser sends one, must be allowed (a cross-site page), and the bearer token must match when one is
 * configured. Requests without `Origin` (servers, command-line clients) are not browsers and pass that check.
 *
 * @example
 * ```ts
 * import { createRequestGuard } from '@armorer/http-guard';
 *
 * const guard = createRequestGuard({ allowedOrigins: ['https://app.example.com'] });
 * const refusal = guard.checkRequest(new Request('http://localhost:3000/x', { headers: { origin: 'https://evil.test' } }));
 * refusal?.status; // 403
 * ```
 */
export function createRequestGuard(options: RequestGuardOptions = {}): RequestGuard {
  const hosts = lowerSet(options.allowedHosts);
  const origins = lowerSet(options.allowedOrigins) ?? new Set<string>();
  const sameOrigin = options.allowSameOrigin === true;
  const token = options.token;
  const challenge = Object.freeze({ 'www-authenticate': `Bearer realm="${options.realm ?? 'armorer'}"` });
  const none: Readonly<Record<string, string>> = Object.freeze({});

  const check = (headers: HeaderReader, fallbackHost?: string): Refusal | undefined => {
    const host = (headers.get('host') ?? fallbackHost)?.toLowerCase();
    if (
      host === undefined ||
      host === '' ||
      !(hosts === undefined ? isLoopbackHost(host) : hosts.has(host))
    ) {
      return {
        status: 403,
        message: `Host not allowed: ${host === undefined ? '(none)' : shown(host)}.`,
        headers: none,
      };
    }
    const origin = headers.get('origin');
    if (origin !== null && origin !== undefined) {
      const lower = origin.toLowerCase();
      const own = sameOrigin && (lower === `http://${host}` || lower === `https://${host}`);
      if (!own && !origins.has(lower))
        return { status: 403, message: `Origin not allowed: ${shown(origin)}.`, headers: none };
    }
    if (token !== undefined && !bearerMatches(headers.get('authorization'), token)) {
      return { status: 401, message: 'Missing or invalid bearer token.', headers: challenge };
    }
    return undefined;
  };

  return {
    check,
    checkRequest(request) {
      let fallback: string | undefined;
      if (!request.headers.has('host')) {
        try {
          fallback = new URL(request.url).host;
        } catch {
          fallback = undefined;
        }
      }
      return check(request.headers, fallback);
    },
  };
}
