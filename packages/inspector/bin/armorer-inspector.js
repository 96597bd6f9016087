#!/usr/bin/env node
// The armorer-inspector command. Installed, it runs the build (dist/cli.js). In the armorer repository
// before a build (no dist yet), it runs the sources with Bun, the repository's runtime.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
const source = new URL('../src/cli/main.ts', import.meta.url);

if (existsSync(built) || !existsSync(source)) {
  await import(built.href);
} else {
  const child = spawn('bun', ['--conditions=@armorer/source', source.pathname, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', () => {
    process.stderr.write('armorer-inspector: not built yet, and bun could not be started (bun run build).\n');
    process.exit(1);
  });
  child.on('exit', (code) => process.exit(code ?? 1));
}
