import { test } from 'bun:test';
import type { ServerUrl } from './servers';

/**
 * Registers tests that need the shared server: `register(url)` when it is there; without it, one failing
 * test saying how to start it (under CI) or that message as a warning (elsewhere).
 */
export function onServer(server: ServerUrl, what: string, register: (url: string) => void): void {
  if (server.url !== undefined) {
    register(server.url);
  } else if (server.mustFail) {
    test(`${what}: the server is missing`, () => {
      throw new Error(server.missing);
    });
  } else {
    console.warn(`skipping ${what}: ${server.missing}`);
  }
}
