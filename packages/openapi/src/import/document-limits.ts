import { OpenAPIError } from '../errors/openapi-error';

/** Most operations one import turns into tools, by default. */
export const DEFAULT_MAX_OPERATIONS = 2000;
/** Largest document accepted, by default, measured as JSON text (the OpenAI description is about 2.5 MB). */
export const DEFAULT_MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
/** Largest response body a call reads, by default. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** The limits of one import, checked. */
export interface ImportLimits {
  readonly maxOperations: number;
  readonly maxDocumentBytes: number;
  readonly maxResponseBytes: number;
}

function limit(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw new OpenAPIError({
    code: 'INVALID_OPTIONS',
    message: `fromOpenAPI() option ${name} must be a positive integer, got ${String(value)}.`,
  });
}

/** Reads `maxOperations`, `maxDocumentBytes` and `maxResponseBytes` from the options, with their defaults. */
export function readLimits(options: {
  readonly maxOperations?: number;
  readonly maxDocumentBytes?: number;
  readonly maxResponseBytes?: number;
}): ImportLimits {
  return {
    maxOperations: limit('maxOperations', options.maxOperations, DEFAULT_MAX_OPERATIONS),
    maxDocumentBytes: limit('maxDocumentBytes', options.maxDocumentBytes, DEFAULT_MAX_DOCUMENT_BYTES),
    maxResponseBytes: limit('maxResponseBytes', options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES),
  };
}

/**
 * Refuses a document whose JSON text would exceed `maxBytes` characters, before any other work. The count
 * walks the value as it would be written out (shared and cyclic references, such as YAML aliases, count
 * each time they appear) and stops at the limit, so the check itself costs at most the limit.
 */
export function checkDocumentSize(document: object, maxBytes: number): void {
  let size = 0;
  const pending: object[] = [document];
  while (pending.length > 0 && size <= maxBytes) {
    const value = pending.pop() as object;
    const array = Array.isArray(value);
    const keys = array ? undefined : Object.keys(value);
    const length = array ? (value as unknown[]).length : (keys as string[]).length;
    size += 2 + length;
    for (let index = 0; index < length && size <= maxBytes; index++) {
      let item: unknown;
      if (keys === undefined) item = (value as unknown[])[index];
      else {
        const key = keys[index] as string;
        size += key.length + 3;
        item = (value as Record<string, unknown>)[key];
      }
      // Primitives are counted in place; only objects and arrays wait on the stack.
      if (typeof item === 'string') size += item.length + 2;
      else if (typeof item === 'object' && item !== null) pending.push(item);
      else size += 5;
    }
  }
  if (size > maxBytes) {
    throw new OpenAPIError({
      code: 'DOCUMENT_TOO_LARGE',
      message: `The document is larger than ${maxBytes} bytes of JSON (maxDocumentBytes); raise the limit to import it.`,
    });
  }
}

/** Refuses the operation past `maxOperations` (counted after include and exclude). */
export function checkOperationCount(count: number, maxOperations: number): void {
  if (count <= maxOperations) return;
  throw new OpenAPIError({
    code: 'DOCUMENT_TOO_LARGE',
    message: `The document has more than ${maxOperations} operations to import (maxOperations); narrow it with include or exclude, or raise the limit.`,
  });
}
