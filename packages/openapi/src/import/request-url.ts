import { createToolError, ToolFailureError } from '@armorer/core';
import { OpenAPIError } from '../errors/openapi-error';

/** The `baseUrl` of an import, parsed once: every request must stay on its origin and under its path. */
export interface BaseUrl {
  /** The URL without a trailing slash, e.g. `https://api.example.com/v1`. */
  readonly href: string;
  readonly origin: string;
  /** The base path without a trailing slash (`''` for the root). */
  readonly path: string;
}

/** `.`, `..` and their percent-encoded forms, which URL parsers collapse (WHATWG URL, RFC 3986). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
/** Characters a path key may not hold: they end the path, or parsers drop or reinterpret them. */
const UNSAFE_KEY = /[?#\\\p{Cc}]/u;

function refuseBase(baseUrl: unknown, why: string): never {
  throw new OpenAPIError({
    code: 'INVALID_OPTIONS',
    message: `fromOpenAPI() needs an absolute http(s) baseUrl ${why}, got ${JSON.stringify(baseUrl) ?? String(baseUrl)}.`,
  });
}

/** Parses and checks `options.baseUrl`: absolute http(s), no query, no fragment. */
export function readBaseUrl(baseUrl: unknown): BaseUrl {
  if (typeof baseUrl !== 'string') refuseBase(baseUrl, '(a string)');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    refuseBase(baseUrl, '(a valid URL)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuseBase(baseUrl, '(http or https)');
  // `?` or `#` would make every path land in the query or the fragment, not under the base path.
  if (baseUrl.includes('?') || baseUrl.includes('#')) refuseBase(baseUrl, 'without a query or a fragment');
  const href = url.href.replace(/\/+$/, '');
  return { href, origin: url.origin, path: url.pathname.replace(/\/+$/, '') };
}

/** True when `pathname` is the base path or below it. */
function underBase(base: BaseUrl, url: URL): boolean {
  if (url.origin !== base.origin) return false;
  return base.path === '' || url.pathname === base.path || url.pathname.startsWith(`${base.path}/`);
}

function hasDotSegment(path: string): boolean {
  for (const segment of path.split('/')) if (DOT_SEGMENT.test(segment)) return true;
  return false;
}

/**
 * A path key split at its first `?`: some documents give one path several operations with keys like
 * `/responses?beta=true`; the query part is sent with every request of the operation.
 */
export function splitPathKey(key: string): { readonly path: string; readonly query: string } {
  const cut = key.indexOf('?');
  return cut === -1 ? { path: key, query: '' } : { path: key.slice(0, cut), query: key.slice(cut + 1) };
}

/**
 * Why a document's path key cannot be imported under `base`, or undefined when it can: it must start with
 * `/`, hold no `#`, backslash or control character (a `?` starts a fixed query), no dot segment, and (with every `{placeholder}`
 * filled) resolve to a URL on the base origin under the base path.
 */
export function pathKeyProblem(base: BaseUrl, key: string): string | undefined {
  const { path, query } = splitPathKey(key);
  if (!path.startsWith('/')) return `The path ${JSON.stringify(key)} does not start with "/".`;
  if (UNSAFE_KEY.test(path) || /[#\p{Cc}]/u.test(query))
    return `The path ${JSON.stringify(key)} holds "#", a backslash or a control character.`;
  const filled = path.replace(/\{[^{}]*\}/g, 'x');
  if (hasDotSegment(filled)) return `The path ${JSON.stringify(path)} holds a "." or ".." segment.`;
  let url: URL;
  try {
    url = new URL(`${base.href}${filled}`);
  } catch {
    return `The path ${JSON.stringify(key)} does not form a valid URL under the baseUrl.`;
  }
  return underBase(base, url) ? undefined : `The path ${JSON.stringify(key)} leaves the baseUrl.`;
}

function refuse(message: string): ToolFailureError {
  return new ToolFailureError(createToolError('INVALID_ARGUMENTS', message, { retryable: false }));
}

/**
 * The URL of one request: the base, the path with its parameter values substituted, and the query. A value
 * that makes a `.` or `..` segment is refused (URL parsers collapse them, climbing out of the operation's
 * path), and the parsed URL is checked to be on the base origin under the base path before anything is sent.
 */
export function requestUrl(base: BaseUrl, path: string, search: string, operation: string): string {
  if (hasDotSegment(path)) {
    throw refuse(`${operation}: path parameter values may not form "." or ".." path segments.`);
  }
  const url = new URL(`${base.href}${path}`);
  if (!underBase(base, url)) throw refuse(`${operation}: the request URL would leave the baseUrl.`);
  if (search !== '') url.search = search;
  return url.href;
}
