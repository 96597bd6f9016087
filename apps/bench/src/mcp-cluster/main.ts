/**
 * Serving past one machine, on this one: calls per second of `tools/call` over Streamable HTTP (2026-07-28)
 * through a round-robin proxy, to one instance and to three (each its own process), for `createMCP` on
 * the Redis stores against the v2 SDK's own `McpServer` with a plain handler, in the same run. Every case
 * goes through the same proxy kind and the same `node:http` server kind; the load is 16 calls in flight
 * from this process. armorer also runs with an idempotency key per call (three Redis round trips each).
 * Rounds are interleaved and the best per case is kept. Target: armorer at least 0.75x the SDK's calls
 * per second with as many instances (about 1.3x the SDK's time per call). Needs ARMORER_REDIS_URL:
 * `bun run bench:mcp-cluster` starts a throwaway server (scripts/services.ts). Exit code 0 either way.
 *
 *   bun run scripts/services.ts -- bun --conditions=@armorer/source apps/bench/src/mcp-cluster/main.ts [--quick]
 */
import { cpus, loadavg } from 'node:os';
import { type RoundRobinProxy, startRoundRobinProxy } from '@armorer/mcp-cluster';
import { finishTargets, reportTarget } from '../targets';
import { callAdd, callsPerSecond, resentCalls } from './load';

const TARGET = 0.75;
const quick = process.argv.includes('--quick');
const rounds = quick ? 1 : 5;
const callsPerRound = quick ? 300 : 2_000;
const CONCURRENCY = 16;
const redisUrl = process.env.ARMORER_REDIS_URL;
if (redisUrl === undefined || redisUrl === '') {
  console.log(
    'mcp-cluster bench: ARMORER_REDIS_URL is not set (run it through scripts/services.ts); skipped',
  );
  finishTargets();
  process.exit(0);
}

const SERVER = new URL('./server.ts', import.meta.url).pathname;
const children: Bun.Subprocess[] = [];

async function start(mode: 'armorer' | 'sdk', allowedHost: string): Promise<string> {
  const child = Bun.spawn([process.execPath, '--conditions=@armorer/source', SERVER], {
    env: {
      ...process.env,
      ARMORER_BENCH_MODE: mode,
      ARMORER_BENCH_ALLOWED_HOST: allowedHost,
      ARMORER_BENCH_PREFIX: `bench-${process.pid}:`,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  children.push(child);
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of child.stdout) {
    text += decoder.decode(chunk, { stream: true });
    const url = /ready (\S+)/.exec(text)?.[1];
    if (url !== undefined) return url;
  }
  throw new Error(`the ${mode} bench server exited before serving`);
}

/** Three instances of `mode` behind one proxy, and the first of them alone behind another. */
async function topology(mode: 'armorer' | 'sdk') {
  const one = await startRoundRobinProxy();
  const three = await startRoundRobinProxy();
  // Instances accept both proxies' Host (as instances behind a balancer accept its public name).
  const urls = await Promise.all([0, 1, 2].map(() => start(mode, `${one.host},${three.host}`)));
  one.setUpstreams(urls.slice(0, 1));
  three.setUpstreams(urls);
  return { one, three };
}

interface Case {
  readonly label: string;
  readonly proxy: RoundRobinProxy;
  readonly keyed: boolean;
}

const sdk = await topology('sdk');
const armorer = await topology('armorer');
const cases: Case[] = [
  { label: 'sdk McpServer, 1 instance', proxy: sdk.one, keyed: false },
  { label: 'armorer createMCP, 1 instance', proxy: armorer.one, keyed: false },
  { label: 'armorer createMCP + idempotency key, 1 instance', proxy: armorer.one, keyed: true },
  { label: 'sdk McpServer, 3 instances', proxy: sdk.three, keyed: false },
  { label: 'armorer createMCP, 3 instances', proxy: armorer.three, keyed: false },
  { label: 'armorer createMCP + idempotency key, 3 instances', proxy: armorer.three, keyed: true },
];
try {
  for (const benchCase of cases) {
    await callAdd(benchCase.proxy.url, benchCase.keyed);
    await callsPerSecond(benchCase.proxy.url, benchCase.keyed, callsPerRound / 4, CONCURRENCY); // warm-up
  }
  const best = new Map<Case, number>();
  for (let round = 0; round < rounds; round++) {
    for (const benchCase of round % 2 === 0 ? cases : [...cases].reverse()) {
      const rate = await callsPerSecond(benchCase.proxy.url, benchCase.keyed, callsPerRound, CONCURRENCY);
      best.set(benchCase, Math.max(best.get(benchCase) ?? 0, rate));
    }
  }
  console.log(`armorer MCP cluster bench (${quick ? 'quick' : 'full'}), bun ${Bun.version}`);
  console.log(
    `tools/call over HTTP through a round-robin proxy, ${CONCURRENCY} in flight; best of ${rounds} rounds x ${callsPerRound} calls; ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}\n`,
  );
  for (const benchCase of cases) {
    console.log(
      `  ${benchCase.label.padEnd(52)} ${Math.round(best.get(benchCase) ?? 0)
        .toLocaleString('en-US')
        .padStart(7)} calls/s`,
    );
  }
  console.log('');
  const rate = (index: number) => best.get(cases[index] as Case) ?? 0;
  reportTarget(
    'armorer / sdk, 1 instance',
    rate(1) / rate(0),
    { atLeast: TARGET, note: 'calls per second' },
    '  ',
  );
  reportTarget(
    'armorer / sdk, 3 instances',
    rate(4) / rate(3),
    { atLeast: TARGET, note: 'calls per second' },
    '  ',
  );
  console.log(
    `  info  3 instances / 1 on this machine: sdk ${(rate(3) / rate(0)).toFixed(2)}x, armorer ${(rate(4) / rate(1)).toFixed(2)}x, armorer keyed ${(rate(5) / rate(2)).toFixed(2)}x`,
  );
  console.log(
    `  info  an idempotency key per call (Redis): ${(rate(2) / rate(1)).toFixed(2)}x the calls per second without`,
  );
  console.log(
    `  info  calls sent again after a 502 of the proxy (a reset keep-alive connection): ${resentCalls()}`,
  );
} finally {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all([sdk.one, sdk.three, armorer.one, armorer.three].map((proxy) => proxy.close()));
}
finishTargets();
