/**
 * Thrown by {@link readLimitedText} when a body exceeds the limit.
 *
 * @example
 * ```ts
 * try {
 *   await readLimitedText(request, 1024);
 * } catch (error) {
 *   if (error instanceof BodyTooLargeError) return new Response(error.message, { status: 413 });
 * }
 * ```
 */
export class BodyTooLargeError extends Error {
  readonly limit: number;

  constructor(limit: number) {
    super(`Request body exceeds ${limit} bytes.`);
    this.name = 'BodyTooLargeError';
    this.limit = limit;
  }
}

/**
 * Whether a declared `Content-Length` already exceeds `limit` (so the body need not be read at all).
 *
 * @example
 * ```ts
 * declaredLengthExceeds(request.headers.get('content-length'), 1024);
 * ```
 */
export function declaredLengthExceeds(contentLength: string | null | undefined, limit: number): boolean {
  if (contentLength === null || contentLength === undefined) return false;
  const declared = Number(contentLength);
  return Number.isFinite(declared) && declared > limit;
}

/** What {@link readLimitedText} reads: a fetch `Request`, or anything with its headers and body stream. */
export interface BodySource {
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStream<Uint8Array> | null;
}

/**
 * Reads a request body as UTF-8 text, up to `limit` bytes: the declared `Content-Length` is checked first,
 * then the bytes actually received, and reading stops (the stream is cancelled) as soon as they pass the
 * limit, so a lying or absent length never makes the server buffer more. Rejects with
 * {@link BodyTooLargeError}.
 *
 * @example
 * ```ts
 * const text = await readLimitedText(request, 1024 * 1024);
 * ```
 */
export async function readLimitedText(request: BodySource, limit: number): Promise<string> {
  if (declaredLengthExceeds(request.headers.get('content-length'), limit)) {
    await request.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(limit);
  }
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
