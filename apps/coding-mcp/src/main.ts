/**
 * The command itself (loaded by `cli.ts` once the compile cache is on): the read-only coding toolbox as a
 * stdio MCP server. stdout carries the protocol, so everything human-readable goes to stderr.
 */
import { parseCli, USAGE } from './args';
import { createCodingMcpServer } from './server';

const VERSION = '0.1.0';

async function main(): Promise<number> {
  const command = parseCli(process.argv.slice(2), process.env, process.cwd());
  if (command.kind === 'help') {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  if (command.kind === 'version') {
    process.stderr.write(`${VERSION}\n`);
    return 0;
  }
  if (command.kind === 'error') {
    process.stderr.write(`armorer-coding-mcp: ${command.message}\n\n${USAGE}\n`);
    return 2;
  }
  let mcp: ReturnType<typeof createCodingMcpServer>;
  try {
    mcp = createCodingMcpServer({ ...command, version: VERSION });
  } catch (error) {
    process.stderr.write(`armorer-coding-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const session = await mcp.serveStdio();
  const stop = () => {
    mcp.close({ drainTimeoutMs: 2_000 }).finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await session.closed;
  await mcp.close({ drainTimeoutMs: 2_000 });
  return 0;
}

/** Runs the command and ends the process with its exit code (a crash: 1, with the stack on stderr). */
export function run(): Promise<void> {
  return main().then(
    (code) => {
      if (code !== 0) process.exit(code);
    },
    (error: unknown) => {
      process.stderr.write(`armorer-coding-mcp: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
