import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs git in `cwd` with nothing from the machine it runs on: no system or global configuration, no
 * global excludes file, no home directory, the C locale, case-sensitive matching. Throws when git is
 * missing or fails (a status above 1: `check-ignore` answers 1 for "nothing ignored").
 */
export function runGit(cwd: string, args: readonly string[], input?: string): string {
  const home = join(cwd, '.git', 'test-home');
  mkdirSync(home, { recursive: true });
  const result = spawnSync(
    'git',
    ['-c', 'core.ignoreCase=false', '-c', 'core.precomposeUnicode=false', ...args],
    {
      cwd,
      input,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        XDG_CONFIG_HOME: home,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        LC_ALL: 'C',
        TZ: 'UTC',
      },
    },
  );
  if (result.error !== undefined) throw new Error(`git is needed by this test: ${result.error.message}`);
  if (result.status === null || result.status > 1) {
    throw new Error(`git ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  }
  return result.stdout;
}

/** The paths among `paths` (root-relative) that git ignores, by `git check-ignore --no-index`. */
export function gitIgnored(cwd: string, paths: readonly string[]): Set<string> {
  if (paths.length === 0) return new Set();
  const output = runGit(cwd, ['check-ignore', '--no-index', '--stdin', '-z'], `${paths.join('\0')}\0`);
  return new Set(output.split('\0').filter((path) => path !== ''));
}
