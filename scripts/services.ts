/**
 * Runs a command with throwaway Redis and PostgreSQL servers on loopback (`startTestServers` of
 * @armorer/test-servers): redis-server and a fresh PostgreSQL cluster (initdb in a temporary directory; as the
 * `postgres` user when run as root) on free ports, `ARMORER_REDIS_URL`, `ARMORER_POSTGRES_URL` and
 * `ARMORER_TEST_SERVERS` exported to the command, both servers stopped and their data deleted when it ends.
 * A URL already set in the environment is used as it is. A server that cannot start is reported and its URL
 * left unset: the store tests then fail, saying which server is missing (or skip, outside CI).
 *
 *   bun run scripts/services.ts -- bun test --conditions=@armorer/source ./packages/store-redis
 */
import { startTestServers } from '@armorer/test-servers';

const separator = process.argv.indexOf('--');
// `bun run file -- cmd` passes no "--" through; `bun file -- cmd` does.
const command = separator === -1 ? process.argv.slice(2) : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('usage: bun run scripts/services.ts -- <command> [args...]');
  process.exit(2);
}

const servers = await startTestServers();
let code = 1;
try {
  const proc = Bun.spawn(command, {
    env: { ...process.env, ...servers.env },
    stdin: 'ignore',
    stdout: 'inherit',
    stderr: 'inherit',
  });
  const forward = (signal: NodeJS.Signals) => () => proc.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  code = await proc.exited;
} finally {
  await servers.dispose();
}
process.exit(code);
