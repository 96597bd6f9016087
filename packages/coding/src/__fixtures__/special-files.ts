import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';

/** Creates a FIFO with the system's `mkfifo` (Node has no API for it). */
export function makeFifo(path: string): void {
  const result = spawnSync('mkfifo', [path]);
  if (result.status !== 0) throw new Error(`mkfifo ${path} failed: ${String(result.stderr)}`);
}

/** Creates a character device equal to /dev/null with `mknod` (needs root, which the test machines are). */
export function makeNullDevice(path: string): void {
  const result = spawnSync('mknod', [path, 'c', '1', '3']);
  if (result.status !== 0) throw new Error(`mknod ${path} failed: ${String(result.stderr)}`);
}

/** Binds a UNIX socket at `path`; close the returned server when done. */
export async function makeSocket(path: string): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return server;
}
