import { describe, expect, test } from 'bun:test';
import { onServer, serverUrl } from '@armorer/test-servers';
import Redis from 'ioredis';
import pg from 'pg';
import { type Cluster, startCluster } from './cluster';
import { type CallAnswer, type CallKind, driveCall, readTask } from './cluster-client';
import { type Backend, type Effect, openLedger } from './effects';

const CLIENTS = 20;
const CALLS_PER_CLIENT = 50;
/** The mix every client cycles through: plain calls, approvals, tasks, and approvals inside tasks. */
const KINDS: readonly CallKind[] = [
  'charge',
  'export',
  'approve-charge',
  'charge',
  'approve-export',
  'export',
  'charge',
];
/**
 * The second instance freezes after its 100th side effect: each later tool call on it stops right after
 * its effect, without answering. Once 5 are stuck so, the test kills it (SIGKILL): 5 calls or more took
 * effect and lost their answer, whatever the timing. After 600 answered calls it comes back.
 */
const FREEZE = { instance: 1, after: 100, count: 5 };
const RESTART_AT = 600;

/** What a call may end with when the instance running it died: an honest unknown outcome, never a re-run. */
const INTERRUPTED = new Set(['IDEMPOTENCY_UNKNOWN_OUTCOME', 'APPROVAL_INVALID']);

async function removeNamespace(backend: Backend, url: string, prefix: string): Promise<void> {
  if (backend === 'redis') {
    const client = new Redis(url);
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    client.disconnect();
    return;
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows } = await pool.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE tablename LIKE '${prefix}%'`,
  );
  for (const { tablename } of rows) await pool.query(`DROP TABLE IF EXISTS ${tablename} CASCADE`);
  await pool.end();
}

/** Drives every client's calls; kills the frozen instance, and restarts it after RESTART_AT answers. */
async function drive(cluster: Cluster) {
  const answers = new Map<string, CallAnswer>();
  const twice: string[] = [];
  const victim = cluster.instances[FREEZE.instance];
  if (victim === undefined) throw new Error('no instance to freeze');
  let count = 0;
  const killed = victim.said('frozen').then(() => victim.kill());
  let restarted: Promise<void> | undefined;
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let index = 0; index < CALLS_PER_CLIENT; index++) {
      const ref = `c${client}-${index}`;
      const kind = KINDS[(client + index) % KINDS.length] as CallKind;
      const answer = await driveCall(cluster.proxy.url, `client-${client}`, ref, kind);
      if (answers.has(ref)) twice.push(ref);
      answers.set(ref, answer);
      count++;
      if (count === RESTART_AT) restarted = killed.then(() => victim.restart());
    }
  });
  await Promise.all(clients);
  await killed;
  await restarted;
  return { answers, twice, victimName: victim.name };
}

function clusterTest(backend: Backend, url: string): void {
  test(`${CLIENTS} clients, ${CLIENTS * CALLS_PER_CLIENT} calls, 3 instances on ${backend}, one killed mid-run: every call answered once, no effect twice`, async () => {
    const tag = `${process.pid}${Date.now().toString(36)}`;
    const prefix = backend === 'redis' ? `armorer-cluster-${tag}:` : `cl${tag}_`;
    const began = performance.now();
    const cluster = await startCluster({
      backend,
      url,
      prefix,
      instances: 3,
      leaseMs: 1_000,
      freeze: FREEZE,
    });
    const ledger = await openLedger(backend, url, prefix);
    try {
      const started = performance.now();
      const { answers, twice, victimName } = await drive(cluster);
      const drove = performance.now();

      // Every call was answered, once.
      expect(twice).toEqual([]);
      expect(answers.size).toBe(CLIENTS * CALLS_PER_CLIENT);

      // No side effect ran twice; every success ran exactly once, as the tool it named.
      const effects = new Map<string, Effect[]>();
      for (const effect of await ledger.all())
        effects.set(effect.ref, [...(effects.get(effect.ref) ?? []), effect]);
      const ranTwice = [...effects].filter(([, runs]) => runs.length > 1).map(([ref]) => ref);
      expect(ranTwice).toEqual([]);
      const outcomes: Record<string, number> = {};
      let interrupted = 0;
      for (const answer of answers.values()) {
        const label = answer.code === undefined ? answer.outcome : `${answer.outcome}:${answer.code}`;
        outcomes[label] = (outcomes[label] ?? 0) + 1;
        const ran = effects.get(answer.ref) ?? [];
        if (answer.outcome === 'success') {
          expect(ran.map((effect) => effect.tool)).toEqual([answer.kind]);
        } else {
          // Only an interrupted call may end without success, and it says why.
          expect(INTERRUPTED.has(answer.code ?? '')).toBe(true);
          interrupted++;
        }
      }
      // The calls stuck on the killed instance took effect and lost their answer: each was answered
      // once, as an outcome nobody can vouch for, and none ran again.
      expect(interrupted).toBeGreaterThanOrEqual(FREEZE.count);

      // A terminal task never changes: asked again, every task answers what its client saw.
      for (const answer of answers.values()) {
        if (answer.taskId === undefined || answer.outcome !== 'success') continue;
        const now = await readTask(
          cluster.proxy.url,
          `client-${answer.ref.slice(1, answer.ref.indexOf('-'))}`,
          answer.taskId,
        );
        expect(now).toEqual({ status: 'completed', text: answer.text });
      }

      // The killed instance had served before it died, and served again once restarted.
      const byInstance: Record<string, number> = {};
      for (const runs of effects.values())
        for (const effect of runs) byInstance[effect.instance] = (byInstance[effect.instance] ?? 0) + 1;
      expect(byInstance['instance-2']).toBeGreaterThan(0);
      expect(byInstance[victimName]).toBeGreaterThan(0);
      const retries = [...answers.values()].reduce((sum, answer) => sum + answer.retries, 0);
      console.log(
        `cluster on ${backend}: ${answers.size} calls in ${Math.round(drove - started)} ms (start-up ${Math.round(started - began)} ms); outcomes ${JSON.stringify(outcomes)}; effects by instance ${JSON.stringify(byInstance)}; ${cluster.proxy.failed} requests cut by the kill, ${retries} retries`,
      );
    } finally {
      await cluster.stop();
      await ledger.close();
      await removeNamespace(backend, url, prefix);
    }
  }, 180_000);
}

describe('MCP served by several instances behind a load balancer', () => {
  onServer(serverUrl('redis'), 'the multi-instance MCP test on Redis', (url) => clusterTest('redis', url));
  onServer(serverUrl('postgres'), 'the multi-instance MCP test on PostgreSQL', (url) =>
    clusterTest('postgres', url),
  );
});
