import type { Backend } from './effects';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy';

/** One server process of the cluster. */
export interface ClusterInstance {
  /** The name its effects are recorded under; a restart gets a new one (`name#2`). */
  name: string;
  readonly url: string;
  readonly port: number;
  /** Whether the process is running. */
  readonly alive: boolean;
  /** SIGKILL: the process dies mid-run, without a word. */
  kill(): Promise<void>;
  /** Resolves when the process prints `line` (on stdout). */
  said(line: string): Promise<void>;
  /** Starts the process again on the same port (after a kill). */
  restart(): Promise<void>;
}

/** Options of {@link startCluster}. */
export interface ClusterOptions {
  readonly backend: Backend;
  /** The Redis or PostgreSQL URL the instances share. */
  readonly url: string;
  /** The namespace of the run (keys or tables). */
  readonly prefix: string;
  readonly instances: number;
  /** How long an instance holds a task without renewing it (ms). */
  readonly leaseMs?: number;
  /** How long the long-running tools work (ms). */
  readonly workMs?: number;
  /** Instances (by index) that freeze after this many effects (see server-process.ts); not on restart. */
  readonly freeze?: { readonly instance: number; readonly after: number; readonly count: number };
}

/** Instances behind a round-robin proxy: what the clients talk to. */
export interface Cluster {
  readonly proxy: RoundRobinProxy;
  readonly instances: readonly ClusterInstance[];
  stop(): Promise<void>;
}

const SERVER_MODULE = new URL('./server-process.ts', import.meta.url).pathname;

/** The lines a process prints, as they come, and the `ready <url>` it prints once it serves. */
function readLines(child: Bun.Subprocess<'ignore', 'pipe', 'inherit'>, name: string) {
  const seen: string[] = [];
  const waiting: { line: string; resolve: () => void }[] = [];
  let ready: (url: string) => void = () => undefined;
  let failed: (error: Error) => void = () => undefined;
  const url = new Promise<string>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  void (async () => {
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of child.stdout) {
      text += decoder.decode(chunk, { stream: true });
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n')) {
        const line = text.slice(0, end);
        text = text.slice(end + 1);
        seen.push(line);
        if (line.startsWith('ready ')) ready(line.slice(6));
        for (const waiter of waiting.splice(0)) {
          if (waiter.line === line) waiter.resolve();
          else waiting.push(waiter);
        }
      }
    }
    failed(new Error(`cluster instance ${name} exited (${await child.exited}) before serving`));
  })();
  const said = (line: string) =>
    seen.includes(line) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ line, resolve }));
  return { url, said };
}

/**
 * Starts `instances` server processes on loopback sharing one Redis or PostgreSQL (each its own stores
 * and clients, as separate machines would have), and a round-robin proxy in front of them. Every instance
 * accepts the proxy's Host, as instances behind a real load balancer accept its public name.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const proxy = await startRoundRobinProxy();
  const instances: ClusterInstance[] = [];
  const spawn = async (name: string, port: number, freeze?: ClusterOptions['freeze']) => {
    const child = Bun.spawn([process.execPath, '--conditions=@armorer/source', SERVER_MODULE], {
      env: {
        ...process.env,
        ARMORER_CLUSTER_BACKEND: options.backend,
        ARMORER_CLUSTER_URL: options.url,
        ARMORER_CLUSTER_PREFIX: options.prefix,
        ARMORER_CLUSTER_NAME: name,
        ARMORER_CLUSTER_PORT: String(port),
        ARMORER_CLUSTER_ALLOWED_HOSTS: proxy.host,
        ARMORER_CLUSTER_LEASE_MS: String(options.leaseMs ?? 1_000),
        ARMORER_CLUSTER_WORK_MS: String(options.workMs ?? 40),
        ...(freeze === undefined
          ? {}
          : {
              ARMORER_CLUSTER_FREEZE_AFTER: String(freeze.after),
              ARMORER_CLUSTER_FREEZE_COUNT: String(freeze.count),
            }),
      },
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'inherit',
    });
    const lines = readLines(child, name);
    return { child, url: await lines.url, said: lines.said };
  };
  const freeze = options.freeze;
  const started = await Promise.all(
    Array.from({ length: options.instances }, (_, index) =>
      spawn(`instance-${index + 1}`, 0, freeze?.instance === index ? freeze : undefined),
    ),
  );
  started.forEach((first, index) => {
    let current = first.child;
    let said = first.said;
    let restarts = 1;
    const port = Number(new URL(first.url).port);
    const instance: ClusterInstance = {
      name: `instance-${index + 1}`,
      url: first.url,
      port,
      get alive() {
        return current.exitCode === null && current.signalCode === null;
      },
      async kill() {
        current.kill('SIGKILL');
        await current.exited;
      },
      said: (line) => said(line),
      async restart() {
        restarts += 1;
        instance.name = `instance-${index + 1}#${restarts}`;
        const again = await spawn(instance.name, port);
        current = again.child;
        said = again.said;
      },
    };
    instances.push(instance);
  });
  proxy.setUpstreams(instances.map((instance) => instance.url));
  return {
    proxy,
    instances,
    async stop() {
      await proxy.close();
      await Promise.all(
        instances.map(async (instance) => {
          if (instance.alive) await instance.kill();
        }),
      );
    },
  };
}
