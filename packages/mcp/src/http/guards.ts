import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** Whether a bind address only accepts connections from this machine. */
export function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The Host header values a loopback server answers to on `port` (DNS rebinding protection). */
export function loopbackHosts(port: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((name) => `${name}:${port}`);
}

/** The Origin values a loopback server accepts from browsers on `port`. */
export function loopbackOrigins(port: number): string[] {
  return loopbackHosts(port).flatMap((host) => [`http://${host}`, `https://${host}`]);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time check of an `Authorization: Bearer <token>` header. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (match?.[1] === undefined) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}

/** Why a request is refused before it reaches the MCP transport, if it is. */
export interface Refusal {
  readonly status: number;
  readonly message: string;
  readonly headers?: Record<string, string>;
}

export interface GuardOptions {
  readonly allowedHosts: ReadonlySet<string>;
  readonly allowedOrigins: ReadonlySet<string>;
  readonly token: string | undefined;
}

/** Host, Origin and bearer-token checks, in that order. */
export function checkRequest(request: IncomingMessage, options: GuardOptions): Refusal | undefined {
  const host = request.headers.host?.toLowerCase();
  if (host === undefined || !options.allowedHosts.has(host)) {
    return { status: 403, message: `Host not allowed: ${host ?? '(none)'}` };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !options.allowedOrigins.has(origin.toLowerCase())) {
    return { status: 403, message: `Origin not allowed: ${origin}` };
  }
  if (options.token !== undefined && !bearerMatches(request.headers.authorization, options.token)) {
    return {
      status: 401,
      message: 'Missing or invalid bearer token.',
      headers: { 'www-authenticate': 'Bearer realm="mcp"' },
    };
  }
  return undefined;
}

/** Thrown by {@link readBody} when a body exceeds the limit. */
export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`Request body exceeds ${limit} bytes.`);
    this.name = 'BodyTooLargeError';
  }
}

/** Reads a request body up to `limit` bytes; stops reading (and rejects) past it. */
export function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLargeError(limit));
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
