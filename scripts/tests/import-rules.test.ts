import { describe, expect, test } from 'bun:test';
import { join, posix } from 'node:path';
import fc from 'fast-check';
import { checkImports, packageName, runtimeImports } from '../lib/import-rules';
import type { WorkspacePackage } from '../lib/workspace';

const root = '/repo';
const packages: WorkspacePackage[] = [
  {
    name: '@armorer/a',
    dir: join(root, 'packages/a'),
    manifest: {
      name: '@armorer/a',
      version: '0.1.0',
      dependencies: { x: '^1', '@armorer/b': 'workspace:^' },
      peerDependencies: { zod: '^4' },
      devDependencies: { y: '^1', '@armorer/test': 'workspace:^', '@armorer/t': 'workspace:^' },
    },
  },
  { name: '@armorer/b', dir: join(root, 'packages/b'), manifest: { name: '@armorer/b', version: '0.1.0' } },
  {
    name: '@armorer/t',
    dir: join(root, 'apps/t'),
    manifest: { name: '@armorer/t', version: '0.1.0', private: true, devDependencies: { y: '^1' } },
  },
];

function problemsOf(files: Record<string, string>) {
  return checkImports(root, Object.keys(files), packages, (file) => files[file] ?? '').map(
    ({ file, specifier }) => `${file} ${specifier}`,
  );
}

describe('import rules', () => {
  test('what a published package ships imports only what its manifest declares for run time', () => {
    expect(
      problemsOf({
        'packages/a/src/ok.ts': [
          "import { x } from 'x';",
          "import { z } from 'zod';",
          "import { b } from '@armorer/b/sub';",
          "import { self } from '@armorer/a/other';",
          "import { readFileSync } from 'node:fs';",
          "import { join } from 'path';",
          "import type { Y } from 'y';",
          "import { helper } from './helper';",
          'console.log(x, z, b, self, readFileSync, join, helper);',
        ].join('\n'),
        'packages/a/src/bad.ts': [
          "import { runDurableWorker } from '@armorer/test/durable';",
          "import { y } from 'y';",
          "import { start } from '@armorer/t';",
          "import { test } from 'bun:test';",
          "const lazy = () => import('undeclared');",
          'console.log(runDurableWorker, y, start, test, lazy);',
        ].join('\n'),
      }),
    ).toEqual([
      'packages/a/src/bad.ts @armorer/test/durable',
      'packages/a/src/bad.ts y',
      'packages/a/src/bad.ts @armorer/t',
      'packages/a/src/bad.ts bun:test',
      'packages/a/src/bad.ts undeclared',
    ]);
  });

  test('tests, fixtures, test/ folders and private packages may import test code by name', () => {
    expect(
      problemsOf({
        'packages/a/src/thing.test.ts':
          "import { y } from 'y';\nimport { t } from '@armorer/t';\nconsole.log(y, t);",
        'packages/a/src/thing.test-d.ts': "import { y } from 'y';\nconsole.log(y);",
        'packages/a/src/__fixtures__/data.ts': "import { y } from 'y';\nconsole.log(y);",
        'packages/a/test/worker.ts': "import { w } from '@armorer/test/durable';\nconsole.log(w);",
        'apps/t/src/index.ts':
          "import { test } from 'bun:test';\nimport { y } from 'y';\nconsole.log(test, y);",
      }),
    ).toEqual([]);
  });

  test('no relative path out of a package, and none from the scripts into a package', () => {
    // Built, not written: the repository check would take a literal for a path out of the repository.
    const up3 = '../'.repeat(3);
    expect(
      problemsOf({
        'packages/a/test/node-smoke.mjs': `import { smoke } from '${up3}scripts/lib/smoke.mjs';\nsmoke();`,
        'packages/a/src/x.test.ts': "import { f } from '../../b/src/__fixtures__/f';\nconsole.log(f);",
        'packages/a/tsdown.config.ts': "export { default } from '../../tsdown.config';",
        'scripts/services.ts':
          "import { start } from '../apps/t/src/servers';\nimport { w } from './lib/w';\nstart(w);",
        'tsdown.config.ts': "import { readManifest } from './scripts/lib/workspace';\nreadManifest('.');",
        'packages/a/bin/cli.js': "#!/usr/bin/env node\nimport { x } from '../src/x.js';\nx();",
      }),
    ).toEqual([
      `packages/a/test/node-smoke.mjs ${up3}scripts/lib/smoke.mjs`,
      'packages/a/src/x.test.ts ../../b/src/__fixtures__/f',
      'scripts/services.ts ../apps/t/src/servers',
    ]);
  });

  test('a relative import is a problem exactly when it resolves outside the importing package', () => {
    const segment = fc.constantFrom('src', 'lib', 'deep', 'x');
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 4 }),
        fc.nat({ max: 6 }),
        fc.array(segment, { maxLength: 3 }),
        (from, up, down) => {
          const file = posix.join('packages/a', ...from, 'file.ts');
          const specifier = `./${'../'.repeat(up)}${[...down, 'target'].join('/')}`;
          const target = posix.join(posix.dirname(file), specifier);
          const inside = target.startsWith('packages/a/');
          const found = problemsOf({ [file]: `import { t } from '${specifier}';\nconsole.log(t);` });
          expect(found.length).toBe(inside || target === 'tsdown.config' ? 0 : 1);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('imports are read from the code, type-only imports left out', () => {
    expect(
      runtimeImports(
        "import type { A } from 'a';\nimport { type B, c } from 'c';\nexport * from 'd';\nawait import('e');\nrequire('f');\nconsole.log(c);",
        'x.ts',
      ),
    ).toEqual(['c', 'd', 'e', 'f']);
    expect(packageName('@armorer/test/durable')).toBe('@armorer/test');
    expect(packageName('zod/v4/core')).toBe('zod');
  });
});
