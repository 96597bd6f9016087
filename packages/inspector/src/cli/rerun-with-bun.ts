import { spawn } from 'node:child_process';

/**
 * `bunx armorer-inspector ./toolbox.ts` honours the bin's `#!/usr/bin/env node` line, so on a machine
 * whose `node` cannot strip types (before 22.18) the TypeScript module would not load. When Bun launched
 * the command (its user agent says so), run it again under Bun instead, with the same arguments and the
 * same standard streams, and end with its exit code. Returns false when that does not apply.
 */
export function rerunWithBun(env: Readonly<Record<string, string | undefined>>): boolean {
  if (!(env.npm_config_user_agent ?? '').startsWith('bun/')) return false;
  const script = process.argv[1];
  if (script === undefined) return false;
  const child = spawn('bun', [script, ...process.argv.slice(2)], { stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('error', () => {
    process.stderr.write(
      'armorer-inspector: Node cannot load TypeScript here, and bun could not be started.\n',
    );
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 0)));
  return true;
}
