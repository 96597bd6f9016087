import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';

const demo = join(import.meta.dir, '..');

describe('armorer-inspector on the demo toolbox (Bun, from source: bun run inspector)', () => {
  test('prints one line, serves the page and the demo tools, refuses a request without the token', async () => {
    const proc = Bun.spawn(
      [
        process.execPath,
        '--conditions=@armorer/source',
        '../../packages/inspector/src/cli/main.ts',
        'src/toolbox.ts',
      ],
      { cwd: demo, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' },
    );
    const reader = proc.stdout.getReader();
    let stdout = '';
    try {
      while (!stdout.includes('\n')) {
        const { value, done } = await reader.read();
        if (done) break;
        stdout += new TextDecoder().decode(value);
      }
      const url = /^armorer inspector: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43})$/.exec(
        stdout.trim(),
      )?.[1];
      expect(url).toBeString();
      expect((await fetch(url as string)).status).toBe(200);
      expect((await fetch(new URL('/api/state', url))).status).toBe(401);
      const token = new URL(url as string).searchParams.get('token');
      const tools = await fetch(new URL('/api/tools', url), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"query":"temperature"}',
      });
      expect(((await tools.json()) as { tools: { name: string }[] }).tools[0]?.name).toBe('convert-units');
    } finally {
      proc.kill('SIGTERM');
    }
    expect(await proc.exited).toBe(0);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      stdout += new TextDecoder().decode(value);
    }
    expect(stdout.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
