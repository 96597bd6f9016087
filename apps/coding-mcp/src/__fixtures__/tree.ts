import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small directory tree in a fresh temporary directory (plus a secret beside it, outside the root). */
export function createTree(): { root: string; outside: string } {
  const base = mkdtempSync(join(tmpdir(), 'coding-mcp-'));
  const root = join(base, 'repo');
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'README.md'), '# demo\n');
  writeFileSync(
    join(root, 'src', 'index.ts'),
    'export function greet(name: string) {\n  return `hi ${name}`;\n}\n',
  );
  writeFileSync(join(base, 'secret.txt'), 'do not read\n');
  return { root, outside: join(base, 'secret.txt') };
}
