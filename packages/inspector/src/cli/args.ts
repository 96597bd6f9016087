import { parseArgs } from 'node:util';

/** What the command line asks for. */
export type CliCommand =
  | {
      readonly kind: 'serve';
      readonly module: string;
      readonly port: number;
      readonly hostname: string;
      readonly allowRemote: boolean;
      readonly open: boolean;
    }
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'error'; readonly message: string };

export const USAGE = `Usage: armorer-inspector [options] <module>

Serves the armorer inspector for a toolbox: <module>'s default export is a toolbox, or a function
(sync or async) returning one. Prints one line with the page's address (session token included).

Options:
  --port N          the port (default: a free one)
  --host NAME       the address to listen on (default 127.0.0.1; loopback only unless --allow-remote)
  --allow-remote    allow a --host other machines can reach (the token is still required)
  --open            open the page in the default browser
  -h, --help        print this help
  -v, --version     print the version`;

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'allow-remote': { type: 'boolean' },
  open: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** Parses the command line; never throws (bad input becomes an `error` command). */
export function parseCli(argv: readonly string[]): CliCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };
  if (values.version === true) return { kind: 'version' };
  if (positionals.length !== 1 || (positionals[0] as string).trim() === '') {
    return {
      kind: 'error',
      message: 'Give exactly one module: the file whose default export is the toolbox.',
    };
  }
  let port = 0;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!/^\d{1,5}$/.test(values.port) || port > 65535) {
      return { kind: 'error', message: '--port needs a port number from 0 to 65535.' };
    }
  }
  const hostname = values.host ?? '127.0.0.1';
  if (hostname.trim() === '') return { kind: 'error', message: '--host needs an address.' };
  return {
    kind: 'serve',
    module: positionals[0] as string,
    port,
    hostname,
    allowRemote: values['allow-remote'] === true,
    open: values.open === true,
  };
}
