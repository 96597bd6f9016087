import * as nodeModule from 'node:module';

type Resolve = (specifier: string, context: { parentURL?: string | undefined }) => unknown;
type RegisterHooks = (hooks: {
  resolve: (specifier: string, context: { parentURL?: string | undefined }, nextResolve: Resolve) => unknown;
}) => unknown;

const TS_PARENT = /\.[cm]?tsx?$/;

/** The specifiers to try, in order, for a relative import written the way TypeScript projects write them. */
export function candidates(specifier: string): string[] {
  if (specifier.endsWith('.js')) return [`${specifier.slice(0, -3)}.ts`, `${specifier.slice(0, -3)}.tsx`];
  if (specifier.endsWith('.mjs')) return [`${specifier.slice(0, -4)}.mts`];
  if (specifier.endsWith('.cjs')) return [`${specifier.slice(0, -4)}.cts`];
  return [
    `${specifier}.ts`,
    `${specifier}.tsx`,
    `${specifier}/index.ts`,
    `${specifier}.js`,
    `${specifier}/index.js`,
  ];
}

/**
 * Under Node, lets a TypeScript toolbox module use the imports TypeScript projects write (`./tools/add`
 * without an extension, or `./add.js` for `add.ts`): Node strips the types itself (22.18 and later) but
 * resolves only exact file names. Bun needs none of this. Does nothing where `module.registerHooks` is
 * missing.
 */
export function allowTypeScriptImports(): void {
  const register = (nodeModule as unknown as { registerHooks?: RegisterHooks }).registerHooks;
  if (typeof register !== 'function') return;
  register({
    resolve(specifier, context, nextResolve) {
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        const relative = specifier.startsWith('./') || specifier.startsWith('../');
        if (!relative || !TS_PARENT.test(context.parentURL ?? '')) throw error;
        for (const candidate of candidates(specifier)) {
          try {
            return nextResolve(candidate, context);
          } catch {
            // try the next spelling
          }
        }
        throw error;
      }
    },
  });
}
