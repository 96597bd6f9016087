/**
 * Node smoke test of the `armorer-inspector` command on the demo's toolbox (run `bun run build` first):
 * the built bin under Node, loading `src/toolbox.ts` (Node strips the types; the command resolves the
 * demo's extensionless imports), prints exactly one line, serves the page, refuses a request without the
 * token, runs a tool, pauses `add-todo` for approval and resumes it once, and stops on SIGTERM.
 *
 *   node test/node-smoke.mjs        (Node >= 22.18)
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');
const demo = join(import.meta.dirname, '..');
const manifest = createRequire(join(demo, 'package.json')).resolve('@armorer/inspector/package.json');
const bin = join(dirname(manifest), 'dist', 'cli.js');

const child = spawn(process.execPath, [bin, 'src/toolbox.ts'], {
  cwd: demo,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let stdout = '';
let stderr = '';
child.stderr.on('data', (chunk) => {
  stderr += chunk;
});
const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
const line = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`no address within 60 s; stderr: ${stderr}`)), 60_000);
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    if (stdout.includes('\n')) {
      clearTimeout(timer);
      resolve(stdout.split('\n')[0]);
    }
  });
  child.on('exit', () => reject(new Error(`the command exited; stderr: ${stderr}`)));
});

let passed = 0;
async function check(name, body) {
  await body();
  passed++;
  console.log(`ok ${name}`);
}

try {
  const match = /^armorer inspector: (http:\/\/127\.0\.0\.1:\d+\/\?token=([A-Za-z0-9_-]{43}))$/.exec(line);
  assert.ok(match, `unexpected line: ${line}`);
  const [, url, token] = match;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async (path, body) => {
    const answer = await fetch(new URL(path, url), {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(body),
    });
    assert.equal(answer.status, 200, `${path}: ${answer.status}`);
    return answer.json();
  };

  await check('the page is served with the token', async () => {
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<title>armorer inspector<\/title>/);
  });

  await check('a request without the token gets 401 and no data', async () => {
    const answer = await fetch(new URL('/api/state', url));
    assert.equal(answer.status, 401);
    assert.deepEqual(await answer.json(), { error: 'Missing or invalid bearer token.' });
  });

  await check('the demo tools are listed and run through the pipeline', async () => {
    const tools = await post('/api/tools', { query: '' });
    assert.ok(tools.tools.some((tool) => tool.name === 'convert-units'));
    const result = await post('/api/run', {
      name: 'convert-units',
      arguments: '{"value":10,"from":"km","to":"mi"}',
    });
    assert.equal(result.outcome, 'success');
    assert.deepEqual(result.result, { value: 6.214, unit: 'mi' });
    const streamed = await post('/api/run', { name: 'stream-words', arguments: { text: 'one two three' } });
    assert.deepEqual(streamed.result, ['one', 'two', 'three']);
  });

  await check('add-todo pauses for approval and runs once when approved', async () => {
    const paused = await post('/api/run', { name: 'add-todo', arguments: { title: 'Buy milk' } });
    assert.equal(paused.outcome, 'action_required');
    const approved = await post('/api/approvals/approve', { id: paused.approvalId });
    assert.equal(approved.state, 'approved');
    assert.equal(approved.result.outcome, 'success');
    const again = await fetch(new URL('/api/approvals/approve', url), {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ id: paused.approvalId }),
    });
    assert.equal(again.status, 409);
    const todos = await post('/api/run', { name: 'list-todos', arguments: {} });
    assert.equal(todos.result.length, 1);
  });

  await check('SIGTERM stops it; stdout held exactly one line', async () => {
    child.kill('SIGTERM');
    const { code } = await exited;
    assert.equal(code, 0);
    assert.equal(stdout.trim().split('\n').length, 1);
    assert.ok(!stderr.includes(token), 'the token appears only in the one line');
  });
  console.log(`inspector node smoke: ${passed} passed`);
} finally {
  child.kill('SIGKILL');
}
