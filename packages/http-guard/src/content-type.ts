/** `application/json` or a `+json` type (`application/problem+json`), parameters allowed. */
const JSON_MEDIA_TYPE = /^application\/(?:[a-z0-9!#$&^_.-]+\+)?json$/;

/**
 * Whether a `Content-Type` header value is JSON: `application/json` or `application/<x>+json`, with or
 * without parameters (`; charset=utf-8`). A missing header is not JSON: browsers send cross-site "simple"
 * requests (no CORS preflight) only with `text/plain`, form or multipart bodies, so requiring JSON keeps a
 * web page from calling an endpoint with a no-cors `fetch`.
 *
 * @example
 * ```ts
 * isJsonContentType('application/json; charset=utf-8'); // true
 * isJsonContentType('text/plain'); // false
 * isJsonContentType(null); // false
 * ```
 */
export function isJsonContentType(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  const cut = value.indexOf(';');
  const type = (cut === -1 ? value : value.slice(0, cut)).trim().toLowerCase();
  return JSON_MEDIA_TYPE.test(type);
}
