import { describe, expect, test } from 'bun:test';
import * as approval from '@armorer/approval';
import * as core from '../index';
import { ArmorerError, ToolboxError } from './armorer-error';
import { StoreError } from './store-error';

describe('errors defined on the bottom floor (@armorer/approval)', () => {
  test('core exports the very classes of @armorer/approval', () => {
    expect(core.ArmorerError).toBe(approval.ArmorerError);
    expect(core.StoreError).toBe(approval.StoreError);
    expect(ArmorerError).toBe(approval.ArmorerError);
    expect(StoreError).toBe(approval.StoreError);
  });

  test('instanceof and the marker hold across packages, both ways', () => {
    const store = new approval.StoreError({ code: 'timeout', message: 'slow' });
    expect(store).toBeInstanceOf(core.ArmorerError);
    expect(core.StoreError.isInstance(store)).toBe(true);
    const toolbox = new ToolboxError({ code: 'DUPLICATE_TOOL', message: 'twice' });
    expect(toolbox).toBeInstanceOf(approval.ArmorerError);
    expect(approval.ArmorerError.isInstance(toolbox)).toBe(true);
    const refused = new approval.ApprovalError({ code: 'expired', message: 'late' });
    expect(refused).toBeInstanceOf(core.ArmorerError);
    expect(core.ArmorerError.isInstance(new approval.GrantError('bad', 'invalid-grant'))).toBe(true);
    // A copy of armorer installed twice: only the registry marker is shared.
    const foreign = Object.assign(new Error('x'), {
      [Symbol.for('armorer.error')]: true,
      name: 'StoreError',
    });
    expect(core.StoreError.isInstance(foreign)).toBe(true);
    expect(foreign).not.toBeInstanceOf(core.ArmorerError);
  });
});
