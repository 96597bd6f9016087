import { compileGlob, staticPrefix } from './compile-glob';
import { isPlainRelativePath } from './validate-pattern';
import { type WalkErrorHandler, walkFiles } from './walk-files';

interface BunGlobScanOptions {
  readonly cwd: string;
  readonly dot: boolean;
  readonly onlyFiles: boolean;
  readonly followSymlinks: boolean;
  readonly throwErrorOnBrokenSymlink: boolean;
}
interface BunGlob {
  scan(options: BunGlobScanOptions): AsyncIterable<string>;
}
interface BunGlobal {
  readonly Glob: new (pattern: string) => BunGlob;
}

/** Which file enumeration to use: `Bun.Glob` (under Bun) or the portable walker (Node). */
export type EnumerationBackend = 'bun' | 'node';

/** `Bun.Glob` when running under Bun. */
function bunGlobal(): BunGlobal | undefined {
  return (globalThis as { readonly Bun?: BunGlobal }).Bun;
}

/** The backend used when none is asked for: `bun` under Bun, `node` elsewhere. */
export function defaultBackend(): EnumerationBackend {
  return bunGlobal() === undefined ? 'node' : 'bun';
}

export interface EnumerateOptions {
  /** Real path of the root. */
  readonly root: string;
  /** A normalized, repository-relative glob pattern (see `normalizeGlobPattern`). */
  readonly pattern: string;
  readonly backend?: EnumerationBackend;
  readonly onError?: WalkErrorHandler;
}

/**
 * Enumerates the regular files under the root whose root-relative path matches the pattern, including
 * dotfiles and without following symlinks: `Bun.Glob#scan` under Bun, a directory walk with a compiled
 * matcher under Node. `Bun.Glob` gives up on the first directory it cannot list, so then the walk takes
 * over (skipping what was already yielded) and reports each such directory through `onError`. Order is
 * unspecified; callers sort.
 */
export async function* enumerateFiles(options: EnumerateOptions): AsyncGenerator<string> {
  const onError = options.onError ?? (() => {});
  const Bun = bunGlobal();
  const yielded = new Set<string>();
  if ((options.backend ?? defaultBackend()) === 'bun' && Bun !== undefined) {
    const scan = new Bun.Glob(options.pattern).scan({
      cwd: options.root,
      dot: true,
      onlyFiles: true,
      followSymlinks: false,
      throwErrorOnBrokenSymlink: false,
    });
    try {
      for await (const path of scan) {
        if (!isPlainRelativePath(path)) continue;
        yielded.add(path);
        yield path;
      }
      return;
    } catch {
      // Fall through to the walk, which reports the directories it cannot list one by one.
    }
  }
  const matches = compileGlob(options.pattern);
  for await (const path of walkFiles(options.root, staticPrefix(options.pattern), onError)) {
    if (matches(path) && !yielded.has(path)) yield path;
  }
}
