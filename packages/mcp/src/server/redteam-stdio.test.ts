import { expect, test } from 'bun:test';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const fixture = join(import.meta.dir, '..', '__fixtures__', 'stdio-server.ts');

test('red team: a stdio line of 12 MiB is cut off at 10 MiB (a parse error) and the session keeps answering', async () => {
  const child = spawn(process.execPath, ['--conditions=@armorer/source', fixture], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const line = (message: unknown) => `${JSON.stringify(message)}\n`;
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  child.stdin.write(line(initialize));
  const chunk = 'x'.repeat(1024 * 1024);
  for (let sent = 0; sent < 12; sent++) child.stdin.write(chunk);
  child.stdin.write('\n');
  child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  const add = { name: 'add-numbers', arguments: { a: 2, b: 3 } };
  child.stdin.write(line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: add }));
  // Until the call is answered or the server is gone, however long a loaded machine takes to start it and
  // read 12 MiB (the test's timeout bounds the wait).
  while (!output.includes('"id":2') && child.exitCode === null) await Bun.sleep(10);
  child.kill();
  expect(output).toContain('"id":1');
  expect(output).toContain('{"type":"text","text":"5"}');
}, 60_000);
