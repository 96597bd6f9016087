import { MiddlewareOptionsError } from '../errors/middleware-options-error';

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Fails at creation, not at the first call, when the platform has no secure random source. */
export function assertSecureRandom(): void {
  if (typeof globalThis.crypto?.getRandomValues !== 'function') {
    throw new MiddlewareOptionsError({
      code: 'UNSUPPORTED_ENVIRONMENT',
      message: 'Untrusted-output fencing needs globalThis.crypto.getRandomValues to mint fence tokens.',
    });
  }
}

/** 128 random bits as 32 hex characters, from the platform's cryptographic random source. */
export function randomToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  let token = '';
  for (const byte of bytes) token += HEX[byte];
  return token;
}
