import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as root from './index';
import * as utilities from './utilities';

describe('armorer/utilities re-exports the root entry', () => {
  test('every value the root entry exports is exported by armorer/utilities, as the same binding', () => {
    const missing = Object.keys(root).filter((name) => !(name in utilities));
    expect(missing).toEqual([]);
    for (const name of Object.keys(root)) {
      expect((utilities as Record<string, unknown>)[name]).toBe((root as Record<string, unknown>)[name]);
    }
    // The approval and grant names the root entry takes from @armorer/approval are among them.
    for (const name of [
      'GrantError',
      'ApprovalError',
      'matchGrant',
      'signGrant',
      'APPROVAL_BINDING_VERSION',
    ]) {
      expect(name in utilities).toBe(true);
    }
  });

  test('types too: the entry re-exports the root module itself, so type-only names cannot be left out', () => {
    const source = readFileSync(join(import.meta.dir, 'utilities.ts'), 'utf8');
    expect(source).toMatch(/^export \* from '\.\/index';$/m);
  });
});
