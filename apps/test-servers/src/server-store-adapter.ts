import type { DurableScenarioSettings, DurableStoreAdapter } from '@armorer/test/durable';
import type { ServerHandle, ServerUrl } from './servers';

/** Options of {@link serverStoreAdapter}. */
export interface ServerStoreAdapterOptions<TOptions> {
  /** `Redis`, `PostgreSQL`: names the tests. */
  readonly name: string;
  /** Absolute path of the store's worker module (it calls `runDurableWorker`). */
  readonly workerModule: string;
  /** The shared server of the run (`serverUrl(kind)`). */
  readonly server: ServerUrl;
  /** Starts a server of the outage test's own, or undefined when its binary is missing. */
  readonly startServer: (() => Promise<ServerHandle>) | undefined;
  /** What to install when the binary is missing (`apt-get install redis-server`). */
  readonly install: string;
  /**
   * Worker options on the server at `url`, in a namespace of the scenario's own (`label`: a key or table
   * prefix), with the scenario's reservation lease.
   */
  storeOptions(url: string, label: string, settings: DurableScenarioSettings): TOptions;
}

/**
 * The adapter of a server store for `defineDurableStoreProcessTests`: the scenarios run on the shared
 * server, each in a namespace of its own; the outage runs on a server of its own, stopped and started
 * again, which the store's client must survive (reconnecting within 10 s). Where the shared server or
 * the binary is missing, the tests fail under CI and are skipped with a warning elsewhere.
 */
export function serverStoreAdapter<TOptions>(
  options: ServerStoreAdapterOptions<TOptions>,
): DurableStoreAdapter<TOptions> {
  const { server, startServer } = options;
  return {
    name: options.name,
    workerModule: options.workerModule,
    // The workers run the sources, like these tests.
    execArgv: ['--conditions=@armorer/source'],
    workers: Number(process.env.ARMORER_DURABLE_WORKERS ?? 8),
    rounds: Number(process.env.ARMORER_DURABLE_ROUNDS ?? 200),
    store: (scenario, settings) => ({
      storeOptions: options.storeOptions(server.url ?? '', scenario, settings),
    }),
    // Its own server on its own port: stopping it never disturbs the shared one.
    async outage() {
      if (startServer === undefined) throw new Error(`${options.name}: no server binary`);
      const own = await startServer();
      return {
        storeOptions: options.storeOptions(own.url, 'fault', {}),
        begin: () => own.stop(),
        end: () => own.start(),
        dispose: () => own.dispose(),
        // The client reconnects in the background: the first resume after the start may still find it away.
        recoverMs: 10_000,
        reason: 'unavailable',
      };
    },
    unavailable: server.url === undefined ? server.missing : undefined,
    outageUnavailable:
      startServer === undefined
        ? `the server is not installed (${options.install}): the outage test starts its own.`
        : undefined,
    failWhenUnavailable: server.mustFail,
  };
}
