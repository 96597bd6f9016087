/**
 * `bun run check:peers`: proves the peer ranges of the third-party SDKs armorer integrates with, at both
 * ends. For each window below it reads the lowest version from the package's declared peer range and asks
 * the npm registry for the latest published one, installs each into `.tmp/peer-windows/` (install
 * scripts left out, and optional dependencies where they are platform binaries), points the workspace package's link to it for the length of
 * the check, and runs the proof: the package's tests that drive the SDK, or the type test that holds our
 * types to the SDK's. The links are restored afterwards, whatever happens. Needs the npm registry; not part
 * of `bun run test`. Exit code 1 when any version fails.
 *
 * `--only=<peer>` checks one window; `--version=<v>` checks that version instead of lowest and latest.
 */
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { rootDir } from './lib/workspace';

interface PeerWindow {
  /** The workspace package whose peer range is proven. */
  readonly packageDir: string;
  readonly peer: string;
  /** Packages installed with the peer and linked beside it (the SDK's own siblings the tests import). */
  readonly siblings: readonly string[];
  /** Extra packages the scratch install needs. */
  readonly extras: readonly string[];
  /** Leave out optional dependencies (the Claude Agent SDK's are its platform binaries). */
  readonly omitOptional: boolean;
  /** `test`: the package's tests that drive the SDK; `types`: a type test against the SDK's types. */
  readonly proof:
    | { readonly kind: 'test'; readonly paths: readonly string[] }
    | { readonly kind: 'types'; readonly file: string };
}

const WINDOWS: readonly PeerWindow[] = [
  {
    packageDir: 'packages/adapter-openai-agents',
    peer: '@openai/agents',
    siblings: ['@openai/agents-core'],
    extras: ['zod@^4'],
    omitOptional: false,
    proof: { kind: 'test', paths: ['packages/adapter-openai-agents/src'] },
  },
  {
    packageDir: 'packages/mcp',
    peer: '@anthropic-ai/claude-agent-sdk',
    siblings: [],
    extras: [],
    omitOptional: true,
    proof: { kind: 'types', file: 'packages/mcp/src/claude/claude-agent-server.test-d.ts' },
  },
];

const scratchRoot = join(rootDir, '.tmp', 'peer-windows');
const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) || undefined;

function run(cmd: string[], cwd = rootDir): { code: number; output: string } {
  const proc = Bun.spawnSync(cmd, { cwd, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  return { code: proc.exitCode ?? 1, output: `${proc.stdout.toString()}${proc.stderr.toString()}` };
}

/** The lowest version a range such as `>=0.16.0 <1.0.0` admits. */
export function lowestOf(range: string): string {
  const lowest = range.match(/>=\s*(\d+\.\d+\.\d+)/)?.[1];
  if (lowest === undefined) throw new Error(`The peer range "${range}" has no >= lower bound to check.`);
  return lowest;
}

function latestOf(peer: string): string {
  const { code, output } = run(['npm', 'view', peer, 'version']);
  const version = output.trim().split('\n').at(-1)?.trim();
  if (code !== 0 || version === undefined || !/^\d+\.\d+\.\d+/.test(version)) {
    throw new Error(`npm view ${peer} version failed: ${output}`);
  }
  return version;
}

function install(window: PeerWindow, version: string): string {
  const dir = join(scratchRoot, `${window.peer.replace('/', '+')}@${version}`);
  if (!existsSync(join(dir, 'node_modules', window.peer, 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{ "name": "peer-window", "private": true }\n');
    const added = run(
      [
        'bun',
        'add',
        ...(window.omitOptional ? ['--omit=optional'] : []),
        '--ignore-scripts',
        `${window.peer}@${version}`,
        ...window.extras,
      ],
      dir,
    );
    if (added.code !== 0) throw new Error(`Installing ${window.peer}@${version} failed:\n${added.output}`);
  }
  return join(dir, 'node_modules');
}

/** Points the package's links of the peer and its siblings at `modules` while `check` runs. */
function withLinks<T>(window: PeerWindow, modules: string, check: () => T): T {
  const names = [window.peer, ...window.siblings];
  const links = names.map((name) => join(rootDir, window.packageDir, 'node_modules', name));
  const originals = links.map((link) => readlinkSync(link));
  try {
    names.forEach((name, index) => {
      const link = links[index] as string;
      rmSync(link, { force: true });
      symlinkSync(join(modules, name), link);
    });
    return check();
  } finally {
    links.forEach((link, index) => {
      rmSync(link, { force: true });
      symlinkSync(originals[index] as string, link);
    });
  }
}

function prove(window: PeerWindow): { code: number; output: string } {
  if (window.proof.kind === 'test') {
    return run([
      'bun',
      'test',
      '--conditions=@armorer/source',
      ...window.proof.paths.map((path) => `./${path}`),
    ]);
  }
  const config = join(scratchRoot, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(rootDir, 'tsconfig.base.json'),
      compilerOptions: { noEmit: true, skipLibCheck: true },
      files: [join(rootDir, window.proof.file)],
    }),
  );
  return run([join(rootDir, 'node_modules', '.bin', 'tsc'), '-p', config]);
}

const only = option('only');
const forced = option('version');
let failed = 0;
for (const window of WINDOWS) {
  if (only !== undefined && only !== window.peer) continue;
  const manifest = JSON.parse(readFileSync(join(rootDir, window.packageDir, 'package.json'), 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  const range = manifest.peerDependencies?.[window.peer];
  if (range === undefined) throw new Error(`${window.packageDir} has no peer dependency on ${window.peer}.`);
  const versions = forced === undefined ? [...new Set([lowestOf(range), latestOf(window.peer)])] : [forced];
  for (const version of versions) {
    const modules = install(window, version);
    const { code, output } = withLinks(window, modules, () => prove(window));
    const label = `${window.peer}@${version} (${window.packageDir}: "${range}", ${window.proof.kind})`;
    if (code === 0) {
      console.log(`PASS  ${label}`);
    } else {
      failed++;
      console.log(`FAIL  ${label}\n${output.split('\n').slice(-40).join('\n')}`);
    }
  }
}
console.log(failed === 0 ? 'every peer window holds at both ends' : `${failed} peer version(s) failed`);
process.exitCode = failed === 0 ? 0 : 1;
