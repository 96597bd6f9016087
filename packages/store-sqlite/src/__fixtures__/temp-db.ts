import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh directory for database files, removed by `cleanup()`. */
export function tempDatabase(label: string) {
  const dir = mkdtempSync(join(tmpdir(), `armorer-sqlite-${label}-`));
  return {
    dir,
    path: join(dir, 'armorer.db'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
