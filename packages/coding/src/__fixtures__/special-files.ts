import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';

/** Creates a FIFO with the system's `mkfifo` (Node has no API for it). */
export function makeFifo(path: string): void {
  const result = spawnSync('mkfifo', [path]);
  if (result.status !== 0) throw new Error(`mkfifo ${path} failed: ${String(result.stderr)}`);
}

/**
 * Creates a character device equal to /dev/null with `mknod`, which only root may do: returns false
 * (creating nothing) when the tests run as another user. Fails when root cannot.
 */
export function makeNullDevice(path: string): boolean {
  const result = spawnSync('mknod', [path, 'c', '1', '3']);
  if (result.status === 0) return true;
  if (process.getuid?.() !== 0) return false;
  throw new Error(`mknod ${path} failed: ${String(result.stderr)}`);
}

/** A device file a test can point a jail at: `root/name` is the device. */
export interface NullDevice {
  readonly root: string;
  readonly name: string;
  readonly path: string;
}

/**
 * A device file for a test: `directory/name` when this user may make one there (root), else `/dev/null`
 * itself (a jail rooted at `/dev`), so device handling is checked whoever runs the tests.
 */
export function nullDevice(directory: string, name: string): NullDevice {
  if (makeNullDevice(join(directory, name))) return { root: directory, name, path: join(directory, name) };
  return { root: '/dev', name: 'null', path: '/dev/null' };
}

/** Binds a UNIX socket at `path`; close the returned server when done. */
export async function makeSocket(path: string): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return server;
}
