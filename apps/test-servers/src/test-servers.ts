import { type ServerHandle, startPostgresServer, startRedisServer } from './servers';

/** The servers a test run got: the variables that name them, which ones there are, and how to stop them. */
export interface TestServers {
  /** `ARMORER_REDIS_URL`, `ARMORER_POSTGRES_URL` (those that could be had) and `ARMORER_TEST_SERVERS`. */
  readonly env: Readonly<Record<string, string>>;
  /** `postgres`, `redis`: the servers the tests can reach, sorted. */
  readonly available: readonly string[];
  /** Stops the servers started here and deletes their data (a URL given from outside is left alone). */
  dispose(): Promise<void>;
}

const SERVERS = [
  { name: 'redis', variable: 'ARMORER_REDIS_URL', start: startRedisServer },
  { name: 'postgres', variable: 'ARMORER_POSTGRES_URL', start: startPostgresServer },
] as const;

/**
 * Starts throwaway Redis and PostgreSQL servers on loopback for a test run, in parallel. A URL already set in
 * `environment` is used as it is; a server that cannot start is reported through `log` and left out, and its
 * tests then fail under CI or skip outside it. `ARMORER_TEST_SERVERS` lists the servers there are
 * (`postgres,redis`, or `none`): a cache key for test results, since the same tests skip without a server.
 */
export async function startTestServers(
  environment: Readonly<Record<string, string | undefined>> = process.env,
  log: (line: string) => void = console.log,
): Promise<TestServers> {
  const started: ServerHandle[] = [];
  const env: Record<string, string> = {};
  const available: string[] = [];
  await Promise.all(
    SERVERS.map(async ({ name, variable, start }) => {
      const given = environment[variable];
      if (given) {
        env[variable] = given;
        available.push(name);
        log(`services: ${variable} is set, using it`);
        return;
      }
      const began = performance.now();
      try {
        const server = await start();
        started.push(server);
        env[variable] = server.url;
        available.push(name);
        log(`services: ${name} at ${server.url} (${Math.round(performance.now() - began)} ms)`);
      } catch (error) {
        log(`services: could not start ${name}: ${(error as Error).message}`);
      }
    }),
  );
  available.sort();
  env.ARMORER_TEST_SERVERS = available.join(',') || 'none';
  return {
    env,
    available,
    async dispose() {
      await Promise.all(started.map((server) => server.dispose()));
      if (started.length > 0) log(`services: stopped ${started.length} server(s)`);
    },
  };
}
