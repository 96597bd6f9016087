/**
 * One instance of the cluster, run as its own process (`bun --conditions=@armorer/source
 * server-process.ts`): the cluster's toolbox on the shared stores (Redis or PostgreSQL, from the
 * environment), served over Streamable HTTP with tasks on. Prints `ready <url>` once it serves; SIGTERM
 * closes it, SIGKILL is a crash.
 */
import { createMCP, type McpAuthInfo } from '@armorer/mcp';
import { createPostgresStores } from '@armorer/store-postgres';
import { createRedisStores } from '@armorer/store-redis';
import Redis from 'ioredis';
import pg from 'pg';
import { type Backend, openLedger } from './effects';
import { clusterToolbox } from './toolbox';

const env = process.env;
const backend = env.ARMORER_CLUSTER_BACKEND as Backend;
const url = env.ARMORER_CLUSTER_URL ?? '';
const prefix = env.ARMORER_CLUSTER_PREFIX ?? '';
const name = env.ARMORER_CLUSTER_NAME ?? `instance-${process.pid}`;
const allowedHosts = (env.ARMORER_CLUSTER_ALLOWED_HOSTS ?? '').split(',').filter((host) => host !== '');
const leaseMs = Number(env.ARMORER_CLUSTER_LEASE_MS ?? 1000);
const workMs = Number(env.ARMORER_CLUSTER_WORK_MS ?? 40);

const redis = backend === 'redis' ? new Redis(url) : undefined;
redis?.on('error', () => undefined);
const pool = backend === 'postgres' ? new pg.Pool({ connectionString: url, max: 10 }) : undefined;
pool?.on('error', () => undefined);
const options = { prefix, reservationLeaseMs: 2_000 };
const stores =
  redis !== undefined
    ? createRedisStores({ client: redis, ...options })
    : createPostgresStores({ client: pool as pg.Pool, ...options });
await stores.ready();
const ledger = await openLedger(backend, url, prefix);

// A frozen instance: from its FREEZE_AFTER-th effect on, every tool stops right after recording its
// effect, never answering; once FREEZE_COUNT calls are stuck so, it says `frozen` (the test then kills
// it, each of those calls having taken effect without an answer).
const freezeAfter = Number(env.ARMORER_CLUSTER_FREEZE_AFTER ?? 0);
const freezeCount = Number(env.ARMORER_CLUSTER_FREEZE_COUNT ?? 5);
let effects = 0;
let stuck = 0;
const afterEffect = async () => {
  effects++;
  if (freezeAfter === 0 || effects < freezeAfter) return;
  stuck++;
  if (stuck === freezeCount) process.stdout.write('frozen\n');
  await new Promise(() => undefined);
};

const mcp = createMCP(clusterToolbox(ledger, name, stores, workMs, afterEffect), {
  ...stores,
  name: 'armorer-cluster',
  callOptions: ({ authInfo }) => ({
    requestContext: { authority: { tenantId: 'acme', principalId: (authInfo as McpAuthInfo).clientId } },
  }),
  tasks: { pollIntervalMs: 50, leaseMs },
});
const endpoint = await mcp.serveHttp({
  port: Number(env.ARMORER_CLUSTER_PORT ?? 0),
  ...(allowedHosts.length === 0 ? {} : { allowedHosts }),
  authenticate: (request) => {
    const token = /^Bearer ([\w-]+)$/.exec(request.headers.authorization ?? '')?.[1];
    return token === undefined ? undefined : { token, clientId: token, scopes: [] };
  },
});
process.stdout.write(`ready ${endpoint.url}\n`);

process.on('SIGTERM', () => {
  void (async () => {
    await mcp.close({ drainTimeoutMs: 1_000 });
    stores.close();
    await ledger.close();
    redis?.disconnect();
    await pool?.end();
    process.exit(0);
  })();
});
