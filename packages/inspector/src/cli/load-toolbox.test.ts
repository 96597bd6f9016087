import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { isToolbox } from '@armorer/core';
import { InspectorError } from '../errors/inspector-error';
import { loadToolbox } from './load-toolbox';

const modules = join(import.meta.dir, '..', '__fixtures__', 'modules');

async function failure(file: string): Promise<InspectorError> {
  const error = await loadToolbox(file, modules).catch((thrown: unknown) => thrown);
  if (!InspectorError.isInstance(error)) throw new Error(`expected an InspectorError, got ${String(error)}`);
  return error;
}

describe('loadToolbox', () => {
  test('a default-exported toolbox, an async factory, a CommonJS exports.default', async () => {
    expect(isToolbox(await loadToolbox('toolbox-default.ts', modules))).toBe(true);
    expect((await loadToolbox('./async-factory.ts', modules)).names()).toContain('send-email');
    expect(isToolbox(await loadToolbox(join(modules, 'commonjs.cjs'), '/'))).toBe(true);
  });

  test('each way a module can be wrong has its own code and says what is wrong', async () => {
    expect((await failure('missing.ts')).code).toBe('MODULE_NOT_FOUND');
    const notToolbox = await failure('not-a-toolbox.ts');
    expect(notToolbox.code).toBe('INVALID_TOOLBOX_MODULE');
    expect(notToolbox.message).toContain('an object that is not a toolbox');
    expect((await failure('no-default.ts')).message).toContain('missing');
    const throws = await failure('throws-on-import.ts');
    expect([throws.code, throws.message]).toEqual([
      'MODULE_LOAD_FAILED',
      'throws-on-import.ts could not be loaded: the database is down',
    ]);
    const factory = await failure('factory-throws.ts');
    expect(factory.message).toBe('The default export of factory-throws.ts threw: no credentials configured');
  });
});
