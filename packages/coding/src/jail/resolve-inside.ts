import { lstat, readlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, parse, sep } from 'node:path';
import { FileAccessError, toFileAccessError } from '../errors/file-access-error';
import { PathTraversalError } from '../errors/path-traversal-error';

/** Most symbolic links followed while resolving one path (Linux's MAXSYMLINKS). */
export const MAX_SYMLINK_HOPS = 40;

function outside(path: string): PathTraversalError {
  return new PathTraversalError({
    code: 'OUTSIDE_ROOT',
    path,
    message: `Path ${JSON.stringify(path)} leads outside the root through a symbolic link; it was not read.`,
  });
}

function notFound(path: string): FileAccessError {
  return new FileAccessError({ code: 'NOT_FOUND', path, message: `${JSON.stringify(path)} does not exist.` });
}

function loop(path: string): FileAccessError {
  return new FileAccessError({
    code: 'SYMLINK_LOOP',
    path,
    message: `${JSON.stringify(path)} has too many levels of symbolic links.`,
  });
}

const LINK_SEPARATORS = sep === '\\' ? /[\\/]/ : /\//;

/** Whether `path` names a directory on the way from the filesystem root down to `root` (not `root`). */
function isAncestorOf(path: string, root: string): boolean {
  return root.startsWith(path.endsWith(sep) ? path : path + sep);
}

/**
 * Resolves `segments` (already checked lexically) under the real `root` the way the kernel would, one
 * name at a time, without ever looking anything up outside the root: a symlink's text is expanded in place
 * (chains and nested links included, at most {@link MAX_SYMLINK_HOPS}), `..` is the parent of the real
 * directory reached so far, and outside the root only the way back in is taken, lexically: the root's own
 * ancestors, and `alias` (the root as the caller spelled it, `/tmp/repo` for the real `/private/tmp/repo`),
 * which stands for the root, and its ancestors. A link whose text leads anywhere else outside is refused
 * there, whatever is there: a file, nothing, a loop, an unreadable directory all look the same, so no
 * error reveals what exists outside. Each segment of `segments` must land inside the root once its links
 * are expanded (`up/root/x`, with `up -> ..`, is refused). Returns the real path, without symlinks.
 */
export async function resolveInside(
  root: string,
  segments: readonly string[],
  path: string,
  contains: (absolutePath: string) => boolean,
  alias?: string,
): Promise<string> {
  let current = root;
  let hops = 0;
  for (const segment of segments) {
    const pending = [segment];
    while (pending.length > 0) {
      const name = pending.pop() as string;
      if (name === '' || name === '.') continue;
      if (name === '..') {
        // `current` contains no symlinks, so its parent is its lexical parent.
        current = dirname(current);
        continue;
      }
      const next = join(current, name);
      if (!contains(next)) {
        if (next === alias) current = root;
        else if (isAncestorOf(next, root) || (alias !== undefined && isAncestorOf(next, alias)))
          current = next;
        else throw outside(path);
        continue;
      }
      let stats: Awaited<ReturnType<typeof lstat>>;
      try {
        stats = await lstat(next);
      } catch (error) {
        throw toFileAccessError(error, path);
      }
      if (stats.isSymbolicLink()) {
        if (++hops > MAX_SYMLINK_HOPS) throw loop(path);
        let target: string;
        try {
          target = await readlink(next);
        } catch (error) {
          throw toFileAccessError(error, path);
        }
        if (isAbsolute(target)) current = parse(target).root;
        pending.push(...target.split(LINK_SEPARATORS).reverse());
        continue;
      }
      // Anything after a file in a link's text (`file/x`, `file/..`, `file/.`, `file/`) names nothing, as
      // the kernel says (ENOTDIR).
      if (!stats.isDirectory() && pending.length > 0) throw notFound(path);
      current = next;
    }
    if (!contains(current)) throw outside(path);
  }
  return current;
}
