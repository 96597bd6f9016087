import { isObject, type JsonObject, setKey } from '../schema/json';
import type { BodyBinding, OperationPlan, ParameterBinding } from './operation-plan';
import { type BaseUrl, requestUrl } from './request-url';

/** The parts of a request a call builds; `fetch(url, init)` sends it. */
export interface PreparedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | FormData | URLSearchParams | undefined;
}

/** Text form of a scalar (objects and arrays inside lists become JSON). */
function scalar(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value === null) return 'null';
  return JSON.stringify(value) ?? '';
}

function entries(value: JsonObject): [string, string][] {
  return Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .map((key) => [key, scalar(value[key])]);
}

/** `simple` style (path and header parameters): `a,b,c`, `k,v,k,v` or `k=v,k=v` when exploded. */
function simple(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(scalar).join(',');
  if (isObject(value)) {
    return entries(value)
      .map(([key, item]) => (explode ? `${key}=${item}` : `${key},${item}`))
      .join(',');
  }
  return scalar(value);
}

function pathValue(binding: ParameterBinding, value: unknown): string {
  const encode = (text: string) => encodeURIComponent(text);
  if (binding.json) return encode(JSON.stringify(value));
  if (binding.style === 'label') {
    const parts = Array.isArray(value) ? value.map(scalar) : [simple(value, binding.explode)];
    return `.${parts.map(encode).join(binding.explode ? '.' : ',')}`;
  }
  if (binding.style === 'matrix') {
    if (Array.isArray(value) && binding.explode) {
      return value.map((item) => `;${encode(binding.name)}=${encode(scalar(item))}`).join('');
    }
    return `;${encode(binding.name)}=${encode(simple(value, binding.explode))}`;
  }
  if (Array.isArray(value)) return value.map((item) => encode(scalar(item))).join(',');
  if (isObject(value)) {
    return entries(value)
      .map(([key, item]) =>
        binding.explode ? `${encode(key)}=${encode(item)}` : `${encode(key)},${encode(item)}`,
      )
      .join(',');
  }
  return encode(scalar(value));
}

function appendQuery(query: URLSearchParams, binding: ParameterBinding, value: unknown): void {
  const { name, style, explode } = binding;
  if (binding.json) {
    query.append(name, JSON.stringify(value));
  } else if (style === 'deepObject' && isObject(value)) {
    appendDeep(query, name, value);
  } else if (Array.isArray(value)) {
    const items = value.map(scalar);
    if (style === 'spaceDelimited') query.append(name, items.join(' '));
    else if (style === 'pipeDelimited') query.append(name, items.join('|'));
    else if (explode) for (const item of items) query.append(name, item);
    else query.append(name, items.join(','));
  } else if (isObject(value)) {
    const pairs = entries(value);
    if (explode) for (const [key, item] of pairs) query.append(key, item);
    else query.append(name, pairs.flat().join(','));
  } else {
    query.append(name, scalar(value));
  }
}

function appendDeep(query: URLSearchParams, prefix: string, value: JsonObject): void {
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    if (isObject(item)) appendDeep(query, `${prefix}[${key}]`, item);
    else if (Array.isArray(item))
      for (const entry of item) query.append(`${prefix}[${key}][]`, scalar(entry));
    else query.append(`${prefix}[${key}]`, scalar(item));
  }
}

function encodeBody(binding: BodyBinding, value: unknown, headers: Headers): PreparedRequest['body'] {
  if (binding.encoding === 'json') {
    headers.set('content-type', binding.mediaType);
    return JSON.stringify(value);
  }
  if (binding.encoding === 'form') {
    const form = new URLSearchParams();
    if (isObject(value)) {
      for (const key of Object.keys(value)) {
        const item = value[key];
        if (Array.isArray(item)) for (const entry of item) form.append(key, scalar(entry));
        else if (item !== undefined) form.append(key, scalar(item));
      }
    }
    headers.set('content-type', 'application/x-www-form-urlencoded');
    return form;
  }
  if (binding.encoding === 'multipart') {
    // The runtime sets the multipart content type with its boundary.
    const form = new FormData();
    if (isObject(value)) {
      for (const key of Object.keys(value)) {
        const item = value[key];
        for (const entry of Array.isArray(item) ? item : [item]) {
          if (entry === undefined) continue;
          if (binding.files.includes(key)) form.append(key, new Blob([scalar(entry)]), key);
          else form.append(key, scalar(entry));
        }
      }
    }
    return form;
  }
  headers.set('content-type', binding.mediaType);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Builds the request of one call from validated input: path parameters substituted and encoded, query
 * parameters serialized by their style, header parameters set, the body encoded by its media type. Throws a
 * `ToolFailureError` (INVALID_ARGUMENTS) when the values would move the URL off the operation's path. The
 * `configured` headers (the operator's, credentials included) are set after the parameters and win.
 */
export function prepareRequest(
  plan: OperationPlan,
  input: JsonObject,
  baseUrl: BaseUrl,
  configured: Readonly<Record<string, string>> | undefined,
): PreparedRequest {
  const headers = new Headers();
  const query = new URLSearchParams(plan.fixedQuery);
  let path = plan.template;
  const consumed = new Set<string>();
  for (const binding of plan.parameters) {
    consumed.add(binding.property);
    const value = input[binding.property];
    if (value === undefined) continue;
    if (binding.in === 'path') {
      path = path.split(`{${binding.name}}`).join(pathValue(binding, value));
    } else if (binding.in === 'query') {
      appendQuery(query, binding, value);
    } else {
      headers.set(binding.name, binding.json ? JSON.stringify(value) : simple(value, binding.explode));
    }
  }
  // The operator's headers (credentials) are set last: no parameter value can replace them.
  if (configured !== undefined)
    for (const name of Object.keys(configured)) headers.set(name, configured[name] as string);
  if (plan.accept !== undefined && !headers.has('accept')) headers.set('accept', plan.accept);
  let body: PreparedRequest['body'];
  const binding = plan.body;
  if (binding !== undefined) {
    let value: unknown;
    if (binding.property !== undefined) {
      value = input[binding.property];
    } else {
      const rest: JsonObject = {};
      for (const key of Object.keys(input)) {
        if (!consumed.has(key) && input[key] !== undefined) setKey(rest, key, input[key]);
      }
      value = Object.keys(rest).length === 0 && !binding.required ? undefined : rest;
    }
    if (value !== undefined) body = encodeBody(binding, value, headers);
  }
  const search = query.toString();
  const url = requestUrl(baseUrl, path, search, `${plan.method} ${plan.path}`);
  return { url, method: plan.method, headers, body };
}
