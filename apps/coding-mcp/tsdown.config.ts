import { join } from 'node:path';
import { defineConfig } from 'tsdown';

/** The bin is one ESM file for Node and Bun; every dependency stays external (installed with the package). */
export default defineConfig({
  cwd: import.meta.dirname,
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'es2023',
  fixedExtension: false,
  dts: false,
  sourcemap: false,
  clean: true,
  exports: false,
  tsconfig: join(import.meta.dirname, '..', '..', 'tsconfig.build.json'),
  logLevel: 'warn',
  failOnWarn: true,
});
