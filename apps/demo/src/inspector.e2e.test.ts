/**
 * The inspector on the demo's toolbox, driven in headless Chromium by roles and accessible names, the way
 * a keyboard or screen-reader user reaches it: search, run from the generated form, watch progress,
 * pause a call for approval and approve it (it runs once), edit then approve, deny one, replay a provider
 * call, and the refusals (no token, a foreign Origin or Host). One browser for the file. Screenshots go to
 * `.tmp/inspector-e2e/` at the repository root (ignored by git); their paths are printed.
 *
 * Chromium: Debian's `/usr/bin/chromium` (or `ARMORER_CHROMIUM`). Without one the suite is skipped with a
 * message outside CI and fails under CI, like the consumer check's browser run.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createTool } from '@armorer/core';
import { type RunningInspector, startInspector } from '@armorer/inspector';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { z } from 'zod';
import createInspectorToolbox from './toolbox';

const executablePath = process.env.ARMORER_CHROMIUM ?? '/usr/bin/chromium';
const hasChromium = existsSync(executablePath);
if (!hasChromium && process.env.CI) {
  throw new Error(`no Chromium at ${executablePath}: CI installs it (apt-get install chromium)`);
}
if (!hasChromium) {
  console.warn(
    `SKIPPED the inspector browser tests: no Chromium at ${executablePath} (set ARMORER_CHROMIUM)`,
  );
}

const ARTIFACTS = join(import.meta.dir, '..', '..', '..', '.tmp', 'inspector-e2e');
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const WAIT_MS = 30_000;

/** Retries an assertion until it holds (the page updates asynchronously), or fails with its last error. */
async function eventually(check: () => Promise<void>): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > WAIT_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: WAIT_MS });
const text = async (locator: Locator) => (await locator.textContent()) ?? '';
const contains = (locator: Locator, expected: string | RegExp) =>
  eventually(async () => {
    const actual = await text(locator);
    if (typeof expected === 'string') expect(actual).toContain(expected);
    else expect(actual).toMatch(expected);
  });

/** A tool the test holds in the middle of its work, so its progress can be watched. */
function heldTool() {
  let release = () => {};
  let held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tool = createTool({
    name: 'count-slowly',
    description: 'Count up to a number, reporting progress (held by the test half way).',
    input: z.object({ to: z.number().int().min(1).max(10) }),
    metadata: { readOnly: true },
    async execute({ to }, { progress }) {
      progress({ percent: 50, message: 'half way' });
      await held;
      progress({ percent: 100, message: 'done' });
      return { counted: to };
    },
  });
  return {
    tool,
    release() {
      release();
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
}

/** A tool with a nested schema: objects, an array of objects, an enum and optional fields. */
const planTrip = createTool({
  name: 'plan-trip',
  description: 'Plan a trip for some travellers.',
  input: z.object({
    destination: z.string().min(1),
    travellers: z.array(z.object({ name: z.string().min(1), age: z.number().int().optional() })).min(1),
    cabin: z.enum(['economy', 'business']),
    extras: z.object({ insurance: z.boolean(), notes: z.string().optional() }).optional(),
  }),
  metadata: { readOnly: true },
  execute: (plan) => ({ booked: true, ...plan }),
});

const suite = hasChromium ? describe : describe.skip;

suite('the inspector in Chromium, on the demo toolbox', () => {
  const held = heldTool();
  let inspector: RunningInspector;
  let browser: Browser;
  let page: Page;
  const shots: string[] = [];
  /** Script errors and console errors of the page (the refused requests the tests make on purpose aside). */
  const pageErrors: string[] = [];

  const shoot = async (name: string) => {
    const path = join(ARTIFACTS, `${name}.png`);
    await page.screenshot({ path, fullPage: true });
    shots.push(path);
  };
  const region = (name: string): Locator => page.getByRole('region', { name, exact: true });
  const result = () => region('Result');
  const selectTool = async (name: string) => {
    await page.getByRole('button', { name, exact: true }).click();
    await visible(region('Tool').getByRole('heading', { level: 2, name, exact: true }));
  };
  const run = async () => page.getByRole('button', { name: 'Run', exact: true }).click();
  const listTodos = async (): Promise<string> => {
    await selectTool('list-todos');
    await run();
    await visible(result().getByText('success', { exact: true }));
    return (await result().getByLabel('Tool result').textContent()) ?? '';
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const toolbox = createInspectorToolbox();
    toolbox.register(held.tool, planTrip);
    inspector = await startInspector({
      toolbox,
      requestContext: {
        authority: { principalId: 'ada', tenantId: 'acme', ownerId: 'chat-1', capabilities: ['todos:write'] },
        audience: 'tenant',
        agentId: 'planner',
        runId: 'run-1',
        sessionId: 'session-1',
      },
    });
    browser = await chromium.launch({ executablePath, headless: true, args: LAUNCH_ARGS });
    page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        pageErrors.push(message.text());
      }
    });
  }, 120_000);

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await inspector?.close();
    if (shots.length > 0)
      console.log(`inspector screenshots:\n${shots.map((shot) => `  ${shot}`).join('\n')}`);
  });

  test('loads on loopback (weight and time to interactive printed) and searches with the real ranking', async () => {
    const html = await (await fetch(inspector.url)).text();
    await page.goto(inspector.url);
    await page.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: WAIT_MS });
    const ready = await page.evaluate(
      () => performance.getEntriesByName('inspector-ready')[0]?.startTime ?? -1,
    );
    console.log(
      `inspector page: ${html.length} bytes, ${gzipSync(html).length} bytes gzip; interactive after ${Math.round(ready)} ms on loopback`,
    );
    await visible(page.getByRole('button', { name: 'convert-units', exact: true }));
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('convert temperature');
    const tools = page.getByRole('navigation', { name: 'Tools' });
    await eventually(async () => expect(await text(tools.getByRole('button').first())).toBe('convert-units'));
    await visible(tools.getByText(/matched .*temperature/).first());
    await shoot('01-search');
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('');
    await visible(tools.getByRole('button', { name: 'add-todo', exact: true }));
  }, 120_000);

  test('runs a tool from the generated form: result, events in order, executions', async () => {
    await selectTool('convert-units');
    await page.getByLabel('value', { exact: true }).fill('10');
    await page.getByLabel('from', { exact: true }).selectOption('km');
    await page.getByLabel('to', { exact: true }).selectOption('mi');
    await eventually(async () =>
      expect(await page.getByLabel('Arguments (JSON)').inputValue()).toMatch(/"from": "km"/),
    );
    await run();
    await visible(result().getByText('success', { exact: true }));
    await contains(result(), '6.214');
    const events = region('Events').getByRole('listitem');
    await contains(events.last(), 'complete');
    const types = await events.locator('code').allTextContents();
    expect(types.indexOf('execute-start')).toBeLessThan(types.indexOf('execute-success'));
    expect(types.indexOf('execute-success')).toBeLessThan(types.indexOf('settled'));
    await contains(region('Executions'), 'convert-units');
    const openai = page.getByRole('region', { name: 'OpenAI strict declaration' });
    await contains(openai, '"strict": true');
    await shoot('02-run-from-form');
  }, 120_000);

  test('nested objects, arrays, enums and optional fields in the form', async () => {
    await selectTool('plan-trip');
    await page.getByLabel('destination', { exact: true }).fill('Lisbon');
    await page.getByRole('button', { name: 'Add travellers item' }).click();
    const traveller = page.getByRole('group', { name: 'travellers 1' });
    await traveller.getByLabel('name', { exact: true }).fill('Ada');
    await page.getByLabel('cabin', { exact: true }).selectOption('business');
    await page.getByLabel('insurance', { exact: true }).check();
    await eventually(async () =>
      expect(await page.getByLabel('Arguments (JSON)').inputValue()).toMatch(/"insurance": true/),
    );
    await run();
    await visible(result().getByText('success', { exact: true }));
    await contains(result(), '"name": "Ada"');
    expect(await text(result())).not.toContain('"age"');
  }, 120_000);

  test('watches the progress of a running call', async () => {
    await selectTool('count-slowly');
    await page.getByLabel('to', { exact: true }).fill('3');
    await run();
    const bar = page.getByRole('progressbar');
    await visible(bar);
    await eventually(async () =>
      expect(await bar.evaluate((element) => (element as HTMLProgressElement).value)).toBe(50),
    );
    await contains(result(), 'running');
    await shoot('03-progress');
    held.release();
    await visible(result().getByText('success', { exact: true }));
    await eventually(async () =>
      expect(await bar.evaluate((element) => (element as HTMLProgressElement).value)).toBe(100),
    );
  }, 120_000);

  test('shows stream chunks as they arrive', async () => {
    await selectTool('stream-words');
    await page.getByLabel('text', { exact: true }).fill('one two three');
    await page.getByLabel('delayMs', { exact: true }).fill('5');
    await run();
    await visible(result().getByText('success', { exact: true }));
    const stream = region('Stream');
    await contains(stream, 'three');
    expect((await text(stream)).match(/"(one|two|three)"/g)).toEqual(['"one"', '"two"', '"three"']);
  }, 120_000);

  test('pauses a call for approval, approves it, and it runs exactly once', async () => {
    await selectTool('add-todo');
    await page.getByLabel('title', { exact: true }).fill('Buy milk');
    await run();
    await visible(result().getByText('action_required', { exact: true }));
    const approvals = region('Approvals');
    const item = approvals.getByRole('listitem', { name: 'add-todo approval' }).first();
    await contains(item, 'Buy milk');
    await shoot('04-approval-pending');
    await item.getByRole('button', { name: 'Approve', exact: true }).click();
    await visible(result().getByText('success', { exact: true }));
    await eventually(async () =>
      expect(await item.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0),
    );
    const todos = await listTodos();
    expect(todos.match(/Buy milk/g)?.length).toBe(1);
    await shoot('05-approved');
  }, 120_000);

  test('edits the arguments, then approves', async () => {
    await selectTool('add-todo');
    await page.getByLabel('title', { exact: true }).fill('Buy mlik');
    await run();
    await visible(result().getByText('action_required', { exact: true }));
    const item = region('Approvals').getByRole('listitem').filter({ hasText: 'Buy mlik' });
    await item.getByRole('button', { name: 'Edit arguments' }).click();
    await item.getByLabel('Edited arguments for add-todo').fill('{ "title": "Buy oat milk" }');
    await item.getByRole('button', { name: 'Approve', exact: true }).click();
    await contains(result(), 'Ran with arguments edited by the approver');
    expect(await listTodos()).toContain('Buy oat milk');
  }, 120_000);

  test('denies one: it never runs', async () => {
    await selectTool('add-todo');
    await page.getByLabel('title', { exact: true }).fill('Wire the savings abroad');
    await run();
    await visible(result().getByText('action_required', { exact: true }));
    const item = region('Approvals').getByRole('listitem').filter({ hasText: 'Wire the savings abroad' });
    await item.getByRole('button', { name: 'Deny', exact: true }).click();
    await contains(item, 'denied');
    await shoot('06-denied');
    expect(await listTodos()).not.toContain('Wire the savings abroad');
  }, 120_000);

  test('issues a grant that lets a matching call skip the queue, then revokes it', async () => {
    const grants = region('Grants');
    await grants.getByText('Issue a grant').click();
    await grants.getByLabel('Grant tool').selectOption('add-todo');
    await grants.getByLabel('Scope').selectOption('session');
    await grants.getByRole('button', { name: 'Issue grant' }).click();
    await contains(grants, '1 active grants');
    await selectTool('add-todo');
    await page.getByLabel('title', { exact: true }).fill('Granted without asking');
    await run();
    await visible(result().getByText('success', { exact: true }));
    await grants.getByRole('button', { name: 'Revoke grant for add-todo' }).click();
    await contains(grants, '0 active grants');
    await page.getByLabel('title', { exact: true }).fill('Asked again');
    await run();
    await visible(result().getByText('action_required', { exact: true }));
    await shoot('07-grants');
  }, 120_000);

  test('replays a raw provider call: did-you-mean as the model would read it', async () => {
    const replay = region('Replay');
    await replay.getByLabel('Provider', { exact: true }).selectOption('anthropic');
    await replay
      .getByLabel('Provider tool call (JSON)')
      .fill(JSON.stringify([{ type: 'tool_use', id: 'toolu_1', name: 'convert-unit', input: { value: 1 } }]));
    await replay.getByRole('button', { name: 'Replay', exact: true }).click();
    await contains(replay, 'TOOL_NOT_FOUND');
    await contains(replay.getByLabel('What the model receives'), 'convert-units');
    await contains(replay.getByLabel('What the model receives'), '"is_error": true');
    await shoot('08-replay');
  }, 120_000);

  test('refuses requests without the token, from another site, or for another host', async () => {
    const bare = await page.evaluate(async () => {
      const answer = await fetch('/api/state');
      return { status: answer.status, body: await answer.text() };
    });
    expect(bare).toEqual({
      status: 401,
      body: JSON.stringify({ error: 'Missing or invalid bearer token.' }),
    });
    const before = await listTodos();
    // Another site on this machine tries a no-cors POST (no preflight) at the inspector.
    const other = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () =>
        new Response('<!doctype html><title>elsewhere</title>', { headers: { 'content-type': 'text/html' } }),
    });
    try {
      const foreign = await browser.newPage();
      await foreign.goto(`http://127.0.0.1:${other.port}/`);
      const target = new URL('/api/run', inspector.url).href;
      // The server refuses it (foreign Origin); the browser then also withholds the opaque answer (CORP).
      const outcome = await foreign.evaluate(async (url) => {
        try {
          const answer = await fetch(url, {
            method: 'POST',
            mode: 'no-cors',
            body: '{"name":"add-todo","arguments":{"title":"csrf"}}',
          });
          return answer.type;
        } catch {
          return 'blocked';
        }
      }, target);
      expect(['opaque', 'blocked']).toContain(outcome);
      const token = new URL(inspector.url).searchParams.get('token');
      const withToken = await fetch(target, {
        method: 'POST',
        headers: {
          origin: `http://127.0.0.1:${other.port}`,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: '{"name":"add-todo","arguments":{"title":"csrf"}}',
      });
      expect(withToken.status).toBe(403);
      await foreign.close();
    } finally {
      other.stop(true);
    }
    const rebinding = await new Promise<number>((resolve, reject) => {
      const token = new URL(inspector.url).searchParams.get('token');
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: inspector.port,
          path: `/?token=${token}`,
          headers: { host: 'rebind.evil.test' },
          setHost: false,
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(rebinding).toBe(403);
    expect(await listTodos()).toBe(before);
    await shoot('09-after-refusals');
  }, 120_000);
});
