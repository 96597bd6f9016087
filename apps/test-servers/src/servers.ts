/**
 * Starts and stops throwaway redis-server and PostgreSQL instances on loopback, for the server stores'
 * tests, their outage tests (which stop and restart a server of their own) and `scripts/services.ts`. Bun
 * only.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A server process this module started. */
export interface ServerHandle {
  readonly url: string;
  readonly port: number;
  /** Stops the process (and keeps its data directory, so `start` brings the same data back). */
  stop(): Promise<void>;
  /** Starts the process again on the same port and data directory. */
  start(): Promise<void>;
  /** Stops the process and deletes its data directory. */
  dispose(): Promise<void>;
}

/** A free TCP port on loopback (bound, then released). */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Where a program is, or undefined. */
function which(program: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path !== '' ? path : undefined;
}

/** The PostgreSQL server binaries (`initdb`, `postgres`): on PATH, or Debian's newest version folder. */
export function postgresBinDir(): string | undefined {
  const onPath = which('initdb');
  if (onPath !== undefined) return join(onPath, '..');
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/** The redis-server binary (or valkey-server), or undefined. */
export function redisServerBinary(): string | undefined {
  return which('redis-server') ?? which('valkey-server');
}

async function waitForPort(port: number, proc: Bun.Subprocess, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${what} exited with ${proc.exitCode} while starting`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await Bun.sleep(50);
  }
  throw new Error(`${what} did not listen on 127.0.0.1:${port} within 30 s`);
}

async function stopProcess(proc: Bun.Subprocess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (proc === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill(signal);
  const killed = await Promise.race([proc.exited.then(() => true), Bun.sleep(15_000).then(() => false)]);
  if (!killed) {
    proc.kill('SIGKILL');
    await proc.exited;
  }
}

/**
 * Starts redis-server on loopback with an append-only file (fsync every second; a stop by SIGTERM flushes
 * it), so a record survives a stop and start, as a production setup with AOF keeps it. With
 * `persistence: false`, nothing is written to disk: a stop and start loses every key, as a cache-only
 * Redis does.
 */
export async function startRedisServer(
  options: { port?: number; persistence?: boolean } = {},
): Promise<ServerHandle> {
  const binary = redisServerBinary();
  if (binary === undefined) {
    throw new Error(
      'redis-server is not installed (Debian: apt-get install redis-server), or set ARMORER_REDIS_URL',
    );
  }
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'armorer-redis-'));
  let proc: Bun.Subprocess | undefined;
  const start = async () => {
    proc = Bun.spawn(
      [
        binary,
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        options.persistence === false ? 'no' : 'yes',
        '--appendfsync',
        'everysec',
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdout: 'ignore', stderr: 'pipe', stdin: 'ignore' },
    );
    await waitForPort(port, proc, 'redis-server');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop: () => stopProcess(proc, 'SIGTERM'),
    async dispose() {
      await stopProcess(proc, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * SIGINT is PostgreSQL's fast shutdown (sessions are disconnected at once). It goes to the postmaster by
 * its pid file: `runuser`, our direct child when we are root, does not pass SIGINT on.
 */
async function stopPostgres(proc: Bun.Subprocess | undefined, data: string): Promise<void> {
  if (proc === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  const pidFile = join(data, 'postmaster.pid');
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : Number.NaN;
  if (Number.isSafeInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // Already gone.
    }
  }
  await stopProcess(proc, 'SIGINT');
}

/**
 * The environment PostgreSQL's binaries run in: the caller's, in the C locale, since initdb refuses a
 * `LANG` or `LC_*` that names a locale the system does not have (`LANG=de_DE.UTF-8` on a machine with only
 * C.UTF-8), and the test clusters need no locale.
 */
function postgresEnvironment(): Record<string, string | undefined> {
  return { ...process.env, LANG: 'C', LC_ALL: 'C' };
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (PostgreSQL refuses to run as root). */
function postgresCommand(binary: string, args: readonly string[]): string[] {
  const root = process.getuid?.() === 0;
  return root ? ['runuser', '-u', 'postgres', '--', binary, ...args] : [binary, ...args];
}

/**
 * Creates a PostgreSQL cluster in a temporary directory (`initdb`, trust authentication on loopback only)
 * and starts it. fsync is off: these are throwaway test clusters.
 */
export async function startPostgresServer(options: { port?: number } = {}): Promise<ServerHandle> {
  const bin = postgresBinDir();
  if (bin === undefined) {
    throw new Error(
      'PostgreSQL is not installed (Debian: apt-get install postgresql), or set ARMORER_POSTGRES_URL',
    );
  }
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'armorer-postgres-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0) throw new Error('running as root needs a "postgres" user to run PostgreSQL');
    chownSync(dir, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
  }
  const [program, ...args] = postgresCommand(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '--locale=C',
    '--encoding=UTF8',
  ]);
  // From the cluster's own folder: the `postgres` user may not enter the caller's working directory.
  const init = spawnSync(program as string, args, { encoding: 'utf8', cwd: dir, env: postgresEnvironment() });
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  let proc: Bun.Subprocess | undefined;
  const start = async () => {
    proc = Bun.spawn(
      postgresCommand(join(bin, 'postgres'), [
        '-D',
        data,
        '-p',
        String(port),
        '-h',
        '127.0.0.1',
        '-k',
        dir,
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=200',
      ]),
      { stdout: 'ignore', stderr: 'pipe', stdin: 'ignore', cwd: dir, env: postgresEnvironment() },
    );
    await waitForPort(port, proc, 'postgres');
    // The port opens before the server accepts sessions; wait until a query would succeed.
    await Bun.sleep(200);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: () => stopPostgres(proc, data),
    async dispose() {
      await stopPostgres(proc, data);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a store test needs to know about its server. */
export interface ServerUrl {
  /** The URL, or undefined when the server is missing. */
  readonly url: string | undefined;
  /** Why it is missing and how to start it (empty when present). */
  readonly missing: string;
  /** True when the tests must fail rather than skip (under CI). */
  readonly mustFail: boolean;
}

/**
 * The URL of a shared test server from the environment. Missing under CI, the tests fail with `missing`;
 * missing locally (CI unset), they are skipped with that message printed.
 */
export function serverUrl(kind: 'redis' | 'postgres'): ServerUrl {
  const variable = kind === 'redis' ? 'ARMORER_REDIS_URL' : 'ARMORER_POSTGRES_URL';
  const url = process.env[variable] || undefined;
  const what = kind === 'redis' ? 'redis-server (Redis 7 or Valkey)' : 'PostgreSQL 15+';
  const install = kind === 'redis' ? 'apt-get install redis-server' : 'apt-get install postgresql';
  const run = `bun run scripts/services.ts -- bun test --conditions=@armorer/source packages/store-${kind}`;
  const missing =
    url === undefined
      ? `${variable} is not set: the ${what} tests need a server. Run them through \`bun run test\` or ` +
        `\`${run}\` (it starts one; install it with \`${install}\`), or point ${variable} at a server.`
      : '';
  return { url, missing, mustFail: Boolean(process.env.CI) };
}
