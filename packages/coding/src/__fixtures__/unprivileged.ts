import { type SpawnSyncReturns, spawnSync } from 'node:child_process';

/** How a child process is kept from reading files whose mode denies it. */
export type UnprivilegedMode =
  /** The tests do not run as root: permission bits apply to this user already. */
  | 'not-root'
  /** As root: the child runs as uid and gid 65534 (`nobody`). */
  | 'user'
  /** As root: the child stays uid 0 but without the capabilities that bypass permission bits. */
  | 'capabilities'
  /** As root, and neither works here: permission bits do not apply to the child. */
  | 'unavailable';

export interface UnprivilegedRunner {
  readonly mode: UnprivilegedMode;
  /** Why each way of dropping privileges failed (for `unavailable`). */
  readonly reasons: readonly string[];
  /** Runs the Bun executable with `args`, from `cwd`, with the privileges of `mode`. */
  run(args: readonly string[]): SpawnSyncReturns<string>;
  /** The same from `cwd`, with this process's own privileges. */
  runAsIs(args: readonly string[]): SpawnSyncReturns<string>;
}

const NOBODY = 65534;

/**
 * Finds a way to run a child without the power to ignore file permissions, whatever the tests run as and
 * wherever the checkout is: the child runs from `cwd` (a folder the caller made readable by everyone,
 * holding all the child needs), with `cwd` as its home and temporary directory. As root it tries uid
 * 65534, then dropping `CAP_DAC_OVERRIDE` and `CAP_DAC_READ_SEARCH` with `setpriv` (util-linux), checking
 * each with a trivial run first; `unavailable` (with the reasons) when neither works, for example in a
 * user namespace that maps no other user and has no `setpriv`.
 */
export function unprivilegedRunner(cwd: string): UnprivilegedRunner {
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: cwd,
    TMPDIR: cwd,
    // The child cannot write a transpiler cache anywhere it may not: do not try.
    BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0',
  };
  const execute = (command: string, args: readonly string[], ids: { uid?: number; gid?: number } = {}) =>
    spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 30_000, ...ids });
  const asIs = (args: readonly string[]) => execute(process.execPath, args);
  if (process.getuid?.() !== 0) return { mode: 'not-root', reasons: [], run: asIs, runAsIs: asIs };

  const reasons: string[] = [];
  const works = (result: SpawnSyncReturns<string>, label: string): boolean => {
    if (result.status === 0) return true;
    reasons.push(`${label}: ${result.error?.message ?? `exit ${result.status}: ${result.stderr.trim()}`}`);
    return false;
  };
  const asNobody = (args: readonly string[]) => execute(process.execPath, args, { uid: NOBODY, gid: NOBODY });
  if (works(asNobody(['-e', '0']), `uid ${NOBODY}`))
    return { mode: 'user', reasons, run: asNobody, runAsIs: asIs };

  const withoutCapabilities = (args: readonly string[]) =>
    execute('setpriv', ['--bounding-set=-dac_override,-dac_read_search', '--', process.execPath, ...args]);
  if (works(withoutCapabilities(['-e', '0']), 'setpriv')) {
    return { mode: 'capabilities', reasons, run: withoutCapabilities, runAsIs: asIs };
  }
  return { mode: 'unavailable', reasons, run: asIs, runAsIs: asIs };
}
