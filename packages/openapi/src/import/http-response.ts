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

/** Reads a response body by its content type: JSON parsed, text as a string, anything else as base64. */
export async function readBody(response: Response): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  if (response.status === 204 || response.status === 205 || response.status === 304) return null;
  if (JSON_TYPES.test(contentType)) {
    const text = await response.text();
    if (text === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (contentType === '' || TEXT_TYPES.test(contentType)) return response.text();
  const bytes = new Uint8Array(await response.arrayBuffer());
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
