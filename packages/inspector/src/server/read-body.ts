import type { RequestContext } from '@armorer/core';
import { BodyTooLargeError, isJsonContentType, readLimitedText } from '@armorer/http-guard';
import { HttpError } from './responses';

/** The largest request body the inspector reads. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The body of a POST as a JSON object: JSON content type, bounded size, an object at the top. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new HttpError(415, 'Send the body as application/json.');
  }
  let text: string;
  try {
    text = await readLimitedText(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new HttpError(413, error.message);
    throw new HttpError(400, 'The request body could not be read.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text === '' ? '{}' : text);
  } catch {
    throw new HttpError(400, 'The request body is not JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

/** A string field; `max` bounds its length. */
export function stringField(body: Record<string, unknown>, key: string, max = 10_000): string {
  const value = body[key];
  if (typeof value !== 'string') throw new HttpError(400, `"${key}" must be a string.`);
  if (value.length > max) throw new HttpError(400, `"${key}" is longer than ${max} characters.`);
  return value;
}

/** An optional string field: absent or null reads as undefined. */
export function optionalString(body: Record<string, unknown>, key: string, max = 10_000): string | undefined {
  return body[key] === undefined || body[key] === null ? undefined : stringField(body, key, max);
}

/** An optional boolean field. */
export function optionalBoolean(body: Record<string, unknown>, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new HttpError(400, `"${key}" must be true, false or absent.`);
  return value;
}

/** An optional JSON object field. */
export function optionalObject(
  body: Record<string, unknown>,
  key: string,
): Readonly<Record<string, unknown>> | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, `"${key}" must be a JSON object.`);
  }
  return value as Record<string, unknown>;
}

/** The request context the page sends with a call (a JSON object, or nothing). */
export function requestContextField(body: Record<string, unknown>): RequestContext | undefined {
  return optionalObject(body, 'requestContext') as RequestContext | undefined;
}

/** The arguments of a call: the page's JSON text as it is, or an object. */
export function argumentsField(body: Record<string, unknown>): string | Readonly<Record<string, unknown>> {
  const value = body.arguments;
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') return value;
  return optionalObject(body, 'arguments') ?? {};
}
