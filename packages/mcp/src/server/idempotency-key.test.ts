import { afterEach, describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { createToolResultCache } from '@armorer/idempotency';
import { authenticateByBearer, principalContext } from '../__fixtures__/approval';
import { firstText, rpc, taskClient } from '../__fixtures__/task-client';
import { createMCP } from './create-mcp';
import type { ArmorerMcpServer, CreateMcpOptions } from './types';

let servers: ArmorerMcpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close({ drainTimeoutMs: 100 })));
  servers = [];
});

function counting(runs: string[]) {
  const charge = createTool({
    name: 'charge',
    description: 'Charges a card',
    execute: () => {
      runs.push('charge');
      return `charge #${runs.length}`;
    },
  });
  const report = createTool({
    name: 'report',
    description: 'A long report',
    metadata: { longRunning: true },
    execute: () => {
      runs.push('report');
      return 'report ready';
    },
  });
  return createToolbox([charge, report]);
}

async function serve(runs: string[], options: CreateMcpOptions) {
  const mcp = createMCP(counting(runs), { callOptions: (info) => principalContext(info), ...options });
  servers.push(mcp);
  return (await mcp.serveHttp({ authenticate: authenticateByBearer })).url;
}

/** A 2026 tools/call carrying an idempotency key in `_meta` (beside the envelope). */
function keyed(url: string, name: string, key: string, principal = 'alice', tasks = false) {
  const _meta = { 'armorer/idempotencyKey': key };
  return rpc(url, 'tools/call', { name, arguments: {}, _meta }, { principal, tasks });
}

describe('a tools/call with _meta armorer/idempotencyKey', () => {
  test('retried with the same key, it runs once and is answered with the recorded result', async () => {
    const runs: string[] = [];
    const url = await serve(runs, { cache: createToolResultCache({ store: new Map() }) });
    const first = await keyed(url, 'charge', 'order-1');
    const again = await keyed(url, 'charge', 'order-1');
    expect(firstText(first.result)).toBe('charge #1');
    expect(firstText(again.result)).toBe('charge #1');
    expect(firstText((await keyed(url, 'charge', 'order-2')).result)).toBe('charge #2');
    expect(runs).toEqual(['charge', 'charge']);
  });

  test('the key is the caller’s own: another principal with the same key runs its own call', async () => {
    const runs: string[] = [];
    const url = await serve(runs, { cache: createToolResultCache({ store: new Map() }) });
    await keyed(url, 'charge', 'shared-key', 'alice');
    await keyed(url, 'charge', 'shared-key', 'bob');
    expect(runs).toEqual(['charge', 'charge']);
  });

  test('without a cache the server keeps no records, and the key changes nothing', async () => {
    const runs: string[] = [];
    const url = await serve(runs, {});
    await keyed(url, 'charge', 'order-1');
    await keyed(url, 'charge', 'order-1');
    expect(runs).toEqual(['charge', 'charge']);
  });

  test('a long-running call retried with its key answers the task it already started', async () => {
    const runs: string[] = [];
    const url = await serve(runs, { tasks: { pollIntervalMs: 10 } });
    const first = await keyed(url, 'report', 'report-7', 'alice', true);
    const again = await keyed(url, 'report', 'report-7', 'alice', true);
    expect(first.result?.['resultType']).toBe('task');
    expect(again.result?.['taskId']).toBe(first.result?.['taskId']);
    const other = await keyed(url, 'report', 'report-7', 'bob', true);
    expect(other.result?.['taskId']).not.toBe(first.result?.['taskId']);
    const aliceTask = await taskClient(url).settled(String(first.result?.['taskId']));
    const bobTask = await taskClient(url, { principal: 'bob' }).settled(String(other.result?.['taskId']));
    expect([firstText(aliceTask['result']), firstText(bobTask['result'])]).toEqual([
      'report ready',
      'report ready',
    ]);
    expect(runs).toEqual(['report', 'report']);
  });
});
