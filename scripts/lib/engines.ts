/**
 * The engine boundary of the packed packages (part of `verify:armorer:consumer`): every published package
 * declares `engines: { bun: ">=1.4.0", node: ">=22" }`; npm tells a Node 20 consumer so when it installs
 * (EBADENGINE, naming the requirement) and refuses with `--engine-strict`, while Node 22 installs under
 * `--engine-strict`, and the running Bun satisfies `engines.bun`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNode, nodeBinDir } from './node22';
import type { PackedPackage } from './pack';
import { run } from './process';

export async function engineBoundary(
  work: string,
  packed: PackedPackage[],
  zodRange: string,
): Promise<string> {
  const lines: string[] = [];
  for (const { pkg } of packed) {
    const { engines } = pkg.manifest;
    if (!engines?.node || !engines.bun)
      throw new Error(`${pkg.name} declares no engines.node and engines.bun`);
    if (!Bun.semver.satisfies(Bun.version, engines.bun))
      throw new Error(`${pkg.name}: Bun ${Bun.version} does not satisfy engines.bun ${engines.bun}`);
  }
  lines.push(`Bun ${Bun.version} satisfies engines.bun of all ${packed.length} packages`);

  const tarballs = Object.fromEntries(packed.map(({ pkg, tarball }) => [pkg.name, `file:${tarball}`]));
  const install = async (major: number, strict: boolean) => {
    const node = await ensureNode(major);
    const dir = join(work, `engines-node${major}${strict ? '-strict' : ''}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'engine-boundary',
        private: true,
        dependencies: { armorer: tarballs.armorer, zod: zodRange },
        overrides: tarballs,
      }),
    );
    const cmd = ['npm', 'install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'];
    if (strict) cmd.push('--engine-strict');
    const result = await run(cmd, {
      cwd: dir,
      env: { PATH: `${nodeBinDir(node.binary, dir)}:${process.env.PATH ?? ''}` },
      timeoutMs: 5 * 60_000,
    });
    return { node, result };
  };

  const warned = await install(20, false);
  const told =
    /EBADENGINE/.test(warned.result.output) && /node: '>=22'|"node":\s*">=22"/.test(warned.result.output);
  if (warned.result.code !== 0 || !told)
    throw new Error(
      `npm on Node ${warned.node.version} did not warn about engines.node:\n${warned.result.output}`,
    );
  lines.push(`Node ${warned.node.version}: npm install warns EBADENGINE, required node '>=22'`);

  const refused = await install(20, true);
  if (refused.result.code === 0 || !/EBADENGINE|Unsupported engine/.test(refused.result.output))
    throw new Error(`npm --engine-strict on Node 20 did not refuse:\n${refused.result.output}`);
  lines.push(`Node ${refused.node.version}: npm install --engine-strict refuses (EBADENGINE)`);

  const accepted = await install(22, true);
  if (accepted.result.code !== 0)
    throw new Error(`npm --engine-strict on Node 22 failed:\n${accepted.result.output}`);
  lines.push(`Node ${accepted.node.version}: npm install --engine-strict passes`);
  return lines.join('\n');
}
