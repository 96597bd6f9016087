/**
 * Run in a child process without the power to ignore file permissions (see `unprivileged.ts`): calls the
 * three tools on a tree holding an unreadable file, an unlistable directory and an unreadable ignore file,
 * and prints what they returned as JSON. The test bundles it into one file beside the tree, so the child
 * never needs to reach the checkout.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCodingTools } from '../create-coding-tools';

const root = process.argv[2];
if (root === undefined) throw new Error('usage: unreadable-probe <root>');

function canRead(path: string): boolean {
  try {
    readFileSync(path);
    return true;
  } catch {
    return false;
  }
}

async function main(at: string): Promise<void> {
  const { readFile, grep, glob } = createCodingTools({ root: at });
  const output = {
    uid: process.getuid?.(),
    canReadLocked: canRead(join(at, 'locked.txt')),
    grep: await grep.execute({ id: '1', name: 'grep', arguments: { pattern: 'needle' } }),
    readFile: await readFile.execute({ id: '2', name: 'read-file', arguments: { path: 'locked.txt' } }),
    glob: await glob.execute({ id: '3', name: 'glob', arguments: { pattern: '**/*' } }),
  };
  console.log(JSON.stringify(output));
}

// No top-level await: the test bundles this file, and bundles of module cycles start more reliably without.
main(root).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
