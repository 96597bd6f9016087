import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A temporary directory with a `root/` (the jail) and an `outside/` sibling holding a secret. */
export interface TempTree {
  /** Real path of the jail's root. */
  readonly root: string;
  /** Real path of a directory beside the root. */
  readonly outside: string;
  /** Content of `outside/secret.txt`: no tool may ever return it. */
  readonly secret: string;
  /** Writes a file under the root (parents created). */
  file(path: string, content: string | Uint8Array): string;
  /** Creates a symlink under the root pointing at `target` (taken verbatim). */
  link(path: string, target: string): string;
  /** Creates a directory under the root. */
  dir(path: string): string;
  remove(): void;
}

/**
 * Creates a fresh temporary tree (in `parent`, default the system's temporary directory); call `remove()`
 * when done (typically in `afterEach`).
 */
export function createTempTree(
  files: Readonly<Record<string, string>> = {},
  { parent = tmpdir() }: { readonly parent?: string } = {},
): TempTree {
  const base = realpathSync(mkdtempSync(join(parent, 'armorer-coding-')));
  const root = join(base, 'root');
  const outside = join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  const secret = `TOP-SECRET-${Math.random().toString(36).slice(2)}`;
  writeFileSync(join(outside, 'secret.txt'), `${secret}\n`);
  const tree: TempTree = {
    root,
    outside,
    secret,
    file(path, content) {
      const absolute = join(root, path);
      mkdirSync(dirname(absolute), { recursive: true });
      writeFileSync(absolute, content);
      return absolute;
    },
    link(path, target) {
      const absolute = join(root, path);
      mkdirSync(dirname(absolute), { recursive: true });
      symlinkSync(target, absolute);
      return absolute;
    },
    dir(path) {
      const absolute = join(root, path);
      mkdirSync(absolute, { recursive: true });
      return absolute;
    },
    remove() {
      rmSync(base, { recursive: true, force: true });
    },
  };
  for (const [path, content] of Object.entries(files)) tree.file(path, content);
  return tree;
}
