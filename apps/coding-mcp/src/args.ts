import { parseArgs } from 'node:util';

/** What the command line asks for. */
export type CliCommand =
  | {
      readonly kind: 'serve';
      readonly root: string;
      readonly maxFileBytes?: number;
      readonly includeIgnored?: boolean;
    }
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'error'; readonly message: string };

export const USAGE = `Usage: armorer-coding-mcp --root DIR [--max-file-bytes N] [--include-ignored]

A read-only coding MCP server over stdio: read-file, grep and glob, every path jailed to DIR.
grep and glob skip what git ignores (.gitignore, .ignore, .git/info/exclude, .git) unless a call
passes includeIgnored: true.

Options:
  --root DIR            the directory the tools may read (default: $ARMORER_CODING_ROOT, else the cwd)
  --max-file-bytes N    the most bytes read from one file (default 8 MiB)
  --include-ignored     grep and glob list ignored files too unless a call says otherwise
  -h, --help            print this help
  -v, --version         print the version`;

/** Parses the command line; never throws (bad input becomes an `error` command). */
export function parseCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): CliCommand {
  let parsed: ReturnType<
    typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: false; strict: true; args: string[] }>
  >;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: false, strict: true });
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  const { values } = parsed;
  if (values.help === true) return { kind: 'help' };
  if (values.version === true) return { kind: 'version' };
  const root = values.root ?? env['ARMORER_CODING_ROOT'] ?? cwd;
  if (root.trim() === '') return { kind: 'error', message: '--root needs a directory.' };
  const includeIgnored = values['include-ignored'] === true ? { includeIgnored: true } : {};
  if (values['max-file-bytes'] === undefined) return { kind: 'serve', root, ...includeIgnored };
  const maxFileBytes = Number(values['max-file-bytes']);
  if (!Number.isSafeInteger(maxFileBytes) || maxFileBytes <= 0) {
    return { kind: 'error', message: '--max-file-bytes needs a positive integer.' };
  }
  return { kind: 'serve', root, maxFileBytes, ...includeIgnored };
}

const OPTIONS = {
  root: { type: 'string' },
  'max-file-bytes': { type: 'string' },
  'include-ignored': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;
