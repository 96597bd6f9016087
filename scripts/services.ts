/**
 * Runs a command with throwaway Redis and PostgreSQL servers on loopback: starts redis-server and a fresh
 * PostgreSQL cluster (initdb in a temporary directory; as the `postgres` user when run as root) on free
 * ports, exports `ARMORER_REDIS_URL` and `ARMORER_POSTGRES_URL` to the command, and stops both servers
 * and deletes their data when it ends. A URL already set in the environment is used as it is (no server
 * started for it). A server that cannot start is reported and its URL left unset: the store tests then
 * fail, saying which server is missing (or skip, outside CI).
 *
 *   bun run scripts/services.ts -- bun run test:unit
 */
import { type ServerHandle, startPostgresServer, startRedisServer } from '@armorer/test-servers';

const separator = process.argv.indexOf('--');
// `bun run file -- cmd` passes no "--" through; `bun file -- cmd` does.
const command = separator === -1 ? process.argv.slice(2) : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('usage: bun run scripts/services.ts -- <command> [args...]');
  process.exit(2);
}

const started: ServerHandle[] = [];
const env: Record<string, string | undefined> = { ...process.env };

async function provide(variable: string, what: string, start: () => Promise<ServerHandle>): Promise<void> {
  if (process.env[variable]) {
    console.log(`services: ${variable} is set, using it`);
    return;
  }
  const began = performance.now();
  try {
    const server = await start();
    started.push(server);
    env[variable] = server.url;
    console.log(`services: ${what} at ${server.url} (${Math.round(performance.now() - began)} ms)`);
  } catch (error) {
    console.error(`services: could not start ${what}: ${(error as Error).message}`);
  }
}

await Promise.all([
  provide('ARMORER_REDIS_URL', 'redis-server', () => startRedisServer()),
  provide('ARMORER_POSTGRES_URL', 'PostgreSQL', () => startPostgresServer()),
]);

let code = 1;
try {
  const proc = Bun.spawn(command, { env, stdin: 'ignore', stdout: 'inherit', stderr: 'inherit' });
  const forward = (signal: NodeJS.Signals) => () => proc.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  code = await proc.exited;
} finally {
  await Promise.all(started.map((server) => server.dispose()));
  if (started.length > 0) console.log(`services: stopped ${started.length} server(s)`);
}
process.exit(code);
