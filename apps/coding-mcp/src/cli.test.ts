import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createTree } from './__fixtures__/tree';

const cli = join(import.meta.dir, 'cli.ts');
const app = join(import.meta.dir, '..');
const inspector = join(
  app,
  'node_modules',
  '@modelcontextprotocol',
  'inspector',
  'clients',
  'launcher',
  'build',
  'index.js',
);
const server = [process.execPath, '--conditions=@armorer/source', cli];

async function run(cmd: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn(cmd, { cwd: app, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}

describe('the armorer-coding-mcp command', () => {
  test('--help prints usage on stderr; a bad flag exits 2', async () => {
    const help = await run([...server, '--help']);
    expect(help.code).toBe(0);
    expect(help.stderr).toContain('--root DIR');
    expect(help.stdout).toBe('');
    const bad = await run([...server, '--bogus']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bogus');
  });

  test('an MCP client launches it over stdio with --root', async () => {
    const { root } = createTree();
    const client = new Client({ name: 'editor', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [...server.slice(1), '--root', root],
        stderr: 'ignore',
      }),
    );
    const listed = await client.callTool({ name: 'glob', arguments: { pattern: '**/*.ts' } });
    expect(JSON.parse((listed.content as Array<{ text: string }>)[0]?.text ?? '').paths).toEqual([
      'src/index.ts',
    ]);
    await client.close();
  });
});

describe('the MCP Inspector CLI (@modelcontextprotocol/inspector --cli)', () => {
  test('lists the tools', async () => {
    const { root } = createTree();
    const listed = await run([
      process.execPath,
      inspector,
      '--cli',
      ...server,
      '--root',
      root,
      '--method',
      'tools/list',
    ]);
    expect(listed.code).toBe(0);
    const names = (JSON.parse(listed.stdout) as { tools: Array<{ name: string }> }).tools.map(
      (tool) => tool.name,
    );
    expect(names.sort()).toEqual(['glob', 'grep', 'read-file']);
  }, 30_000);

  test('calls a tool, and a call outside the root is an error result', async () => {
    const { root } = createTree();
    const call = (tool: string, ...args: string[]) =>
      run([
        process.execPath,
        inspector,
        '--cli',
        ...server,
        '--root',
        root,
        '--method',
        'tools/call',
        '--tool-name',
        tool,
        ...args.flatMap((arg) => ['--tool-arg', arg]),
      ]);
    const read = await call('read-file', 'path=README.md');
    expect(read.code).toBe(0);
    expect(JSON.parse(read.stdout).content[0].text).toContain('# demo');
    const escaped = await call('read-file', 'path=../secret.txt');
    const output = `${escaped.stdout}${escaped.stderr}`;
    expect(output).toContain('"isError": true');
    expect(output).not.toContain('do not read');
  }, 30_000);
});
