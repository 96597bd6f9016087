import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';

const main = join(import.meta.dir, 'main.ts');
const modules = join(import.meta.dir, '..', '__fixtures__', 'modules');
const command = (...args: string[]) => [process.execPath, '--conditions=@armorer/source', main, ...args];
const LINE = /^armorer inspector: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43})$/;

async function finished(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn(command(...args), { cwd: modules, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}

describe('the armorer-inspector command (Bun)', () => {
  test('prints exactly one line with the address, serves the page, and stops on SIGTERM', async () => {
    const proc = Bun.spawn(command('./async-factory.ts'), {
      cwd: modules,
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const reader = proc.stdout.getReader();
    let stdout = '';
    while (!stdout.includes('\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      stdout += new TextDecoder().decode(value);
    }
    const url = LINE.exec(stdout.trim())?.[1];
    expect(url).toBeString();
    const page = await fetch(url as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>armorer inspector</title>');
    expect((await fetch(new URL('/api/state', url))).status).toBe(401);
    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      stdout += new TextDecoder().decode(value);
    }
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const stderr = await new Response(proc.stderr).text();
    expect(stderr).not.toContain(new URL(url as string).searchParams.get('token') ?? '');
  }, 60_000);

  test('usage and failures go to stderr with exit codes, stdout stays empty', async () => {
    const help = await finished(['--help']);
    expect([help.code, help.stdout]).toEqual([0, '']);
    expect(help.stderr).toContain('Usage: armorer-inspector');
    const usage = await finished(['--port', 'x', 'a.ts']);
    expect([usage.code, usage.stdout]).toEqual([2, '']);
    const remote = await finished(['--host', '0.0.0.0', './toolbox-default.ts']);
    expect([remote.code, remote.stdout]).toEqual([1, '']);
    expect(remote.stderr).toContain('--allow-remote');
    const invalid = await finished(['./not-a-toolbox.ts']);
    expect([invalid.code, invalid.stdout]).toEqual([1, '']);
    expect(invalid.stderr).toContain('must be a toolbox');
  }, 60_000);
});
