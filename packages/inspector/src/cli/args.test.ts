import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { parseCli } from './args';
import { openCommand } from './open-browser';
import { rerunWithBun } from './rerun-with-bun';
import { candidates } from './typescript-hooks';

describe('parseCli', () => {
  test('a module and the flags', () => {
    expect(parseCli(['./toolbox.ts'])).toEqual({
      kind: 'serve',
      module: './toolbox.ts',
      port: 0,
      hostname: '127.0.0.1',
      allowRemote: false,
      open: false,
    });
    expect(parseCli(['--port', '4321', '--host', '::1', '--open', '--allow-remote', 'tb.js'])).toEqual({
      kind: 'serve',
      module: 'tb.js',
      port: 4321,
      hostname: '::1',
      allowRemote: true,
      open: true,
    });
    expect(parseCli(['-h'])).toEqual({ kind: 'help' });
    expect(parseCli(['--version'])).toEqual({ kind: 'version' });
  });

  test('bad command lines are errors, never throws', () => {
    for (const argv of [
      [],
      ['a.ts', 'b.ts'],
      ['--port', '99999', 'a.ts'],
      ['--port', 'x', 'a.ts'],
      ['--bogus', 'a.ts'],
      ['--host', '', 'a.ts'],
      ['--port'],
    ]) {
      expect([argv, parseCli(argv).kind]).toEqual([argv, 'error']);
    }
  });

  test('property: any argument list parses to a command without throwing', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.string(), fc.constantFrom('--port', '--host', '--open', '-h', '--allow-remote')),
        ),
        (argv) => {
          const command = parseCli(argv);
          expect(['serve', 'help', 'version', 'error']).toContain(command.kind);
          if (command.kind === 'serve') expect(command.port >= 0 && command.port <= 65535).toBe(true);
        },
      ),
    );
  });
});

describe('helpers', () => {
  test('TypeScript import spellings tried under Node', () => {
    expect(candidates('./tools/add')).toEqual([
      './tools/add.ts',
      './tools/add.tsx',
      './tools/add/index.ts',
      './tools/add.js',
      './tools/add/index.js',
    ]);
    expect(candidates('./add.js')).toEqual(['./add.ts', './add.tsx']);
  });

  test('only a command Bun launched is run again under Bun', () => {
    expect(rerunWithBun({})).toBe(false);
    expect(rerunWithBun({ npm_config_user_agent: 'npm/10.9.2 node/v20.20.2 linux x64' })).toBe(false);
  });

  test('the browser opener of each platform', () => {
    expect(openCommand('darwin', 'http://x/?token=a')).toEqual({
      command: 'open',
      args: ['http://x/?token=a'],
    });
    expect(openCommand('linux', 'http://x/').command).toBe('xdg-open');
    expect(openCommand('win32', 'http://x/?a=1&b=2').args).toEqual([
      '/c',
      'start',
      '""',
      'http://x/?a=1^&b=2',
    ]);
  });
});
