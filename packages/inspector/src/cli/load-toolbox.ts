import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isToolbox, type Toolbox } from '@armorer/core';
import { InspectorError } from '../errors/inspector-error';

/** TypeScript file names. */
export const TYPESCRIPT = /\.[cm]?tsx?$/;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object that is not a toolbox' : `a ${typeof value}`;
}

/** Whether this runtime can import a TypeScript file (Bun always; Node with type stripping). */
export function loadsTypeScript(): boolean {
  if (typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined') return true;
  const features = process.features as { typescript?: unknown };
  return features.typescript === 'strip' || features.typescript === 'transform';
}

/**
 * The toolbox of a module: its default export, a toolbox or a function (sync or async) returning one. A
 * CommonJS module's `module.exports` (or its transpiled `exports.default`) counts as the default export.
 * Throws an {@link InspectorError} naming what is wrong.
 */
export async function loadToolbox(file: string, cwd: string): Promise<Toolbox> {
  const path = resolve(cwd, file);
  if (!existsSync(path)) {
    throw new InspectorError({ code: 'MODULE_NOT_FOUND', message: `No such file: ${path}` });
  }
  if (TYPESCRIPT.test(path) && !loadsTypeScript()) {
    throw new InspectorError({
      code: 'MODULE_LOAD_FAILED',
      message:
        `Node ${process.version} cannot load TypeScript (${file}). Use Node 22.18 or later, run ` +
        '`bunx armorer-inspector`, preload a loader (`node --import tsx`), or give the compiled JavaScript.',
    });
  }
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new InspectorError({
      code: 'MODULE_LOAD_FAILED',
      message: `${file} could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
  let exported = namespace.default;
  // CommonJS compiled from ESM: `exports.default = ...` arrives as `{ default: { default: ... } }`.
  if (!isToolbox(exported) && typeof exported === 'object' && exported !== null && 'default' in exported) {
    exported = (exported as { default: unknown }).default;
  }
  let toolbox: unknown = exported;
  if (typeof exported === 'function') {
    try {
      toolbox = await (exported as () => unknown)();
    } catch (error) {
      throw new InspectorError({
        code: 'MODULE_LOAD_FAILED',
        message: `The default export of ${file} threw: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    }
  }
  if (!isToolbox(toolbox)) {
    throw new InspectorError({
      code: 'INVALID_TOOLBOX_MODULE',
      message:
        `The default export of ${file} must be a toolbox (createToolbox()) or a function returning one; ` +
        `${typeof exported === 'function' ? 'the function returned' : 'it is'} ${exported === undefined ? 'missing' : describe(toolbox)}.`,
    });
  }
  return toolbox;
}
