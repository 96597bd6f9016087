#!/usr/bin/env node
/**
 * armorer-inspector: serves the inspector page for a toolbox module. stdout gets exactly one line, the
 * page's address; everything else (usage, errors) goes to stderr, and nothing a tool receives or returns
 * is ever printed.
 */
import manifest from '../../package.json' with { type: 'json' };
import { InspectorError } from '../errors/inspector-error';
import { startInspector } from '../server/start-inspector';
import { parseCli, USAGE } from './args';
import { loadsTypeScript, loadToolbox, TYPESCRIPT } from './load-toolbox';
import { openBrowser } from './open-browser';
import { rerunWithBun } from './rerun-with-bun';
import { allowTypeScriptImports } from './typescript-hooks';

const say = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<number> {
  const command = parseCli(process.argv.slice(2));
  if (command.kind === 'help') {
    say(USAGE);
    return 0;
  }
  if (command.kind === 'version') {
    say(manifest.version);
    return 0;
  }
  if (command.kind === 'error') {
    say(`armorer-inspector: ${command.message}\n\n${USAGE}`);
    return 2;
  }
  if (typeof (globalThis as { Bun?: unknown }).Bun === 'undefined') {
    if (TYPESCRIPT.test(command.module) && !loadsTypeScript() && rerunWithBun(process.env)) {
      return new Promise<number>(() => {}); // the Bun process answers and exits for us
    }
    allowTypeScriptImports();
  }
  const toolbox = await loadToolbox(command.module, process.cwd());
  const inspector = await startInspector({
    toolbox,
    port: command.port,
    hostname: command.hostname,
    allowRemote: command.allowRemote,
  });
  process.stdout.write(`armorer inspector: ${inspector.url}\n`);
  if (command.open) openBrowser(inspector.url, say);
  await new Promise<void>((resolve) => {
    const stop = () => {
      inspector.close().then(resolve, resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(
      `armorer-inspector: ${InspectorError.isInstance(error) || error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(InspectorError.isInstance(error) && error.code === 'INVALID_OPTIONS' ? 2 : 1);
  },
);
