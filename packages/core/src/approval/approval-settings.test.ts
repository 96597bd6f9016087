import { describe, expect, test } from 'bun:test';
import { inspect } from 'node:util';
import { combineToolboxes } from '../toolbox/combine';
import { getToolboxInternals } from '../toolbox/internals';
import { createToolbox } from '../toolbox/public';
import { APPROVAL_SETTINGS, ApprovalSettings } from './approval-settings';

const SECRET = 'settings-secret-never-shown-32-bytes';

function settingsOf(toolbox: unknown): ApprovalSettings | undefined {
  const options = getToolboxInternals(toolbox as never)?.options as {
    [APPROVAL_SETTINGS]?: ApprovalSettings;
  };
  return options[APPROVAL_SETTINGS];
}

describe('approval settings', () => {
  test('are checked when the toolbox is created, before any runtime loads', () => {
    expect(() => createToolbox([], { approvalSecret: '' })).toThrow(/approvalSecret/);
    expect(() => createToolbox([], { approvalSecret: new Uint8Array() })).toThrow(/approvalSecret/);
    expect(() => createToolbox([], { approvalSecret: SECRET, approvalBindingTtlMs: 0 })).toThrow(
      /approvalBindingTtlMs/,
    );
    expect(() => createToolbox([], { approvalSecret: SECRET, approvalNonce: 'x' as never })).toThrow(
      /approvalNonce/,
    );
    expect(ApprovalSettings.from({})).toBeUndefined();
  });

  test('load the runtime once, and extend and combineToolboxes share it', async () => {
    const toolbox = createToolbox([], { approvalSecret: SECRET });
    const settings = settingsOf(toolbox) as ApprovalSettings;
    expect(settings).toBeInstanceOf(ApprovalSettings);
    expect(settings.signs).toBe(true);
    expect(settings.runtime).toBeUndefined();
    const [first, second] = await Promise.all([settings.load(), settings.load()]);
    expect(first).toBe(second);
    expect(settings.runtime).toBe(first);
    expect(first.signs).toBe(true);
    expect(first.store).toBeDefined();
    expect(settingsOf(toolbox.extend())).toBe(settings);
    expect(settingsOf(combineToolboxes(toolbox, createToolbox([])))).toBe(settings);
  });

  test('never show the secret', async () => {
    const settings = ApprovalSettings.from({ approvalSecret: SECRET }) as ApprovalSettings;
    await settings.load();
    const views = [
      JSON.stringify(settings),
      String(settings),
      inspect(settings, { showHidden: true, depth: 10, getters: true }),
      Bun.inspect(settings, { depth: 10 } as never),
      JSON.stringify(
        Object.fromEntries(
          Reflect.ownKeys(settings).map((key) => [String(key), String((settings as never)[key])]),
        ),
      ),
    ];
    for (const view of views) expect(view).not.toContain(SECRET);
  });
});
