/** A throwaway Verdaccio on loopback: its own storage and users, npm's registry as uplink for third parties. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Registry {
  url: string;
  token: string;
  pid: number;
  stop: () => Promise<void>;
}

function freePort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

const config = (dir: string) => `storage: ${join(dir, 'storage')}
auth:
  htpasswd:
    file: ${join(dir, 'htpasswd')}
    max_users: 10
uplinks:
  npmjs:
    url: https://registry.npmjs.org/
    timeout: 120s
    max_fails: 5
packages:
  '@armorer/*':
    access: $all
    publish: $authenticated
  'armorer':
    access: $all
    publish: $authenticated
  '**':
    access: $all
    publish: $authenticated
    proxy: npmjs
server:
  keepAliveTimeout: 60
log: { type: stdout, format: pretty, level: warn }
`;

/** Starts Verdaccio under the Node on `path`, waits for it to answer, and registers a publishing user. */
export async function startRegistry(dir: string, verdaccio: string, path: string): Promise<Registry> {
  mkdirSync(dir, { recursive: true });
  const configFile = join(dir, 'config.yaml');
  writeFileSync(configFile, config(dir));
  const port = freePort();
  const url = `http://127.0.0.1:${port}/`;
  const log = Bun.file(join(dir, 'verdaccio.log'));
  const proc = Bun.spawn(['node', verdaccio, '--config', configFile, '--listen', `127.0.0.1:${port}`], {
    cwd: dir,
    env: { ...process.env, PATH: path },
    stdin: 'ignore',
    stdout: log,
    stderr: log,
  });
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM');
    const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(10_000).then(() => false)]);
    if (!exited) {
      proc.kill('SIGKILL');
      await proc.exited;
    }
  };
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (proc.exitCode !== null)
        throw new Error(`verdaccio exited with ${proc.exitCode}:\n${await log.text()}`);
      const ok = await fetch(`${url}-/ping`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`verdaccio did not answer on ${url}:\n${await log.text()}`);
      await Bun.sleep(250);
    }
    const response = await fetch(`${url}-/user/org.couchdb.user:rehearsal`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'rehearsal', password: crypto.randomUUID() }),
    });
    const { token } = (await response.json()) as { token?: string };
    if (!response.ok || !token) throw new Error(`could not register a user on ${url}: ${response.status}`);
    return { url, token, pid: proc.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
