import { createToolError, isToolError, type ToolErrorCode, ToolFailureError } from '@armorer/core';

/** What a call returns for a body that is neither JSON nor text. */
export interface BinaryResult {
  readonly contentType: string;
  readonly byteLength: number;
  /** The bytes, base64-encoded. */
  readonly base64: string;
}

const TEXT_TYPES = /^(text\/|application\/(.+\+)?(xml|yaml|x-yaml|javascript|sdp|x-ndjson))/i;
const JSON_TYPES = /^application\/(.+\+)?json\b/i;
const EXCERPT = 500;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

/** `details.reason` of the failure of a response larger than `maxResponseBytes`. */
export const RESPONSE_TOO_LARGE = 'RESPONSE_TOO_LARGE';

function tooLarge(response: Response, maxBytes: number, operation: string): ToolFailureError {
  return new ToolFailureError(
    createToolError(
      'EXECUTION_FAILED',
      `${operation} answered with a body larger than ${maxBytes} bytes (maxResponseBytes); it was not read.`,
      { details: { status: response.status, reason: RESPONSE_TOO_LARGE }, retryable: false },
    ),
  );
}

/**
 * The bytes of a response body, read as a stream and abandoned once they pass `maxBytes`, so a huge or
 * endless body costs at most the limit (plus one chunk) in memory. A declared `Content-Length` past the
 * limit is refused before reading.
 */
async function readBytes(response: Response, maxBytes: number, operation: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(response, maxBytes, operation);
  }
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(response, maxBytes, operation);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a response body by its content type (JSON parsed, text as a string, anything else as base64), up to
 * `maxBytes`: past it the call fails with `EXECUTION_FAILED` and `details.reason: 'RESPONSE_TOO_LARGE'`.
 */
export async function readBody(response: Response, maxBytes: number, operation: string): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  if (response.status === 204 || response.status === 205 || response.status === 304) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  const bytes = await readBytes(response, maxBytes, operation);
  if (JSON_TYPES.test(contentType)) {
    const text = new TextDecoder().decode(bytes);
    if (text === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (contentType === '' || TEXT_TYPES.test(contentType)) return new TextDecoder().decode(bytes);
  const binary: BinaryResult = { contentType, byteLength: bytes.byteLength, base64: toBase64(bytes) };
  return binary;
}

function excerpt(body: unknown): string {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
}

/** `Retry-After` in milliseconds (seconds or an HTTP date), when present and sensible. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The failure of a non-2xx response as a `ToolFailureError`: a `ToolError` body (an armorer server) keeps
 * its code; otherwise 429 is RATE_LIMITED (with `Retry-After`) and anything else EXECUTION_FAILED,
 * retryable for 408 and 5xx. The status and the body are in `details`.
 */
export function httpFailure(response: Response, body: unknown, operation: string): ToolFailureError {
  const status = response.status;
  if (isToolError(body)) {
    // An armorer server (createOpenAPIHandler) answered with a ToolError: keep its code and message.
    const remote = body;
    return new ToolFailureError(
      createToolError(remote.code, remote.message, {
        details: { ...remote.details, status, responseBody: body },
        retryable: typeof remote.retryable === 'boolean' ? remote.retryable : status >= 500,
      }),
    );
  }
  const code: ToolErrorCode = status === 429 ? 'RATE_LIMITED' : 'EXECUTION_FAILED';
  const wait =
    status === 429 || status === 503 ? retryAfterMs(response.headers.get('retry-after')) : undefined;
  const shown = excerpt(body);
  const message = `${operation} answered HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}${shown ? `: ${shown}` : '.'}`;
  const details = { status, responseBody: body, ...(wait === undefined ? {} : { retryAfterMs: wait }) };
  return new ToolFailureError(
    createToolError(code, message, { details, retryable: status === 408 || status === 429 || status >= 500 }),
  );
}
