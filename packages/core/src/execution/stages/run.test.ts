import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { createTool } from '../../tool/public';
import { getToolboxInternals } from '../../toolbox/internals';
import { createToolbox } from '../../toolbox/public';

function setup(execute: (params: { a: number }, context?: unknown) => unknown) {
  const tool = createTool({ name: 'echo', description: 'echo', input: z.object({ a: z.number() }), execute });
  const toolbox = createToolbox([tool]);
  const reg = getToolboxInternals(toolbox)?.registrations.get('echo');
  if (reg === undefined) throw new Error('no registration');
  return { toolbox, reg };
}

describe('the context decision', () => {
  test('an implementation that cannot see a context gets none, decided with its first call', async () => {
    const { toolbox, reg } = setup((params) => params.a);
    expect(reg.passContext).toBeUndefined();
    expect((await toolbox.execute({ name: 'echo', arguments: { a: 1 } })).result).toBe(1);
    expect(reg.passContext).toBe(false);
    expect((await toolbox.execute({ name: 'echo', arguments: { a: 2 } })).result).toBe(2);
  });

  test('an implementation that declares the context always receives it', async () => {
    const { toolbox, reg } = setup((_params, context) => typeof (context as { callId?: unknown }).callId);
    for (let index = 0; index < 3; index++) {
      expect((await toolbox.execute({ name: 'echo', arguments: { a: index } })).result).toBe('string');
    }
    expect(reg.passContext).toBe(true);
  });
});
