import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, declaredLengthExceeds, type HeaderReader } from '@armorer/http-guard';

// The Host/Origin/token checks and the loopback helpers are the shared ones of @armorer/http-guard (the
// OpenAPI handler and the inspector run the same code); this file only adapts node:http to them.
export {
  BodyTooLargeError,
  createRequestGuard,
  isLoopback,
  loopbackHosts,
  loopbackOrigins,
  type RequestGuard,
} from '@armorer/http-guard';

/** The headers of a node:http request as the guard reads them (the first value of a repeated header). */
export function nodeHeaders(request: IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    },
  };
}

/** Reads a request body up to `limit` bytes; stops reading (and rejects) past it. */
export function readBody(request: IncomingMessage, limit: number): Promise<string> {
  if (declaredLengthExceeds(request.headers['content-length'], limit)) {
    return Promise.reject(new BodyTooLargeError(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners('data');
        request.resume();
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
