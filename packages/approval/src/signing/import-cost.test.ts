import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';

/**
 * Runs a fresh Bun process that counts what importing the package's entry asks of the runtime, then what
 * signing and hashing ask. Loading `node:crypto` costs several milliseconds of start-up under Node and Bun
 * (issue 36), and every program importing `armorer` imports this package, so a plain import must not.
 */
async function importCost(): Promise<{
  readonly atImport: readonly string[];
  readonly afterUse: readonly string[];
  readonly modules: readonly string[];
}> {
  const entry = join(import.meta.dir, '..', 'index.ts');
  const script = `
    const asked = [];
    const builtin = process.getBuiltinModule.bind(process);
    process.getBuiltinModule = (id) => { asked.push(id); return builtin(id); };
    const approval = await import(${JSON.stringify(entry)});
    const atImport = [...asked];
    approval.createSigningKey('a-secret').sign('d', 'x');
    approval.sha256Hex('abc');
    approval.createNonce();
    const modules = Object.keys(require.cache);
    console.log(JSON.stringify({ atImport, afterUse: asked, modules }));
  `;
  const child = Bun.spawn([process.execPath, '--conditions=@armorer/source', '-e', script], {
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0) throw new Error(err);
  return JSON.parse(out);
}

describe('import cost', () => {
  test('importing the package loads no built-in module and no hashing library', async () => {
    const { atImport, modules } = await importCost();
    expect(atImport).toEqual([]);
    expect(modules.filter((file) => file.includes('@noble'))).toEqual([]);
  });

  test('under Bun, signing and hashing use Bun.CryptoHasher and never load node:crypto', async () => {
    const { afterUse } = await importCost();
    expect(afterUse).toEqual([]);
  });
});
