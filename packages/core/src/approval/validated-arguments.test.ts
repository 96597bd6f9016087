import { describe, expect, test } from 'bun:test';
import { type ApprovalBindingV3, DEFAULT_MAX_ARGUMENTS_BYTES, parseApprovalBinding } from '@armorer/approval';
import fc from 'fast-check';
import { z } from 'zod';
import { pausingPolicy, requestContext, SECRET } from '../__fixtures__/approval';
import type { ToolCall, ToolExecuteOptions, ToolResult } from '../execution/types';
import type { PendingApproval } from '../policy/types';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';
import type { ToolboxOptions } from '../toolbox/types';

/**
 * Issue 29: approval signed the arguments before validation, so the approver never saw schema defaults or
 * transforms. A pause now binds and shows the validated arguments, which a resume runs as they are; signed
 * arguments have a size limit.
 */

function recorder<T extends z.ZodObject>(input: T, options: Partial<ToolboxOptions> = {}) {
  const received: unknown[] = [];
  const tool = createTool({
    name: 'act',
    description: 'Acts',
    input,
    async execute(args) {
      received.push(args);
      return 'done';
    },
  });
  const toolbox = createToolbox([tool], { approvalSecret: SECRET, policy: pausingPolicy, ...options });
  return { toolbox, received };
}

async function pause(
  toolbox: { execute(call: ToolCall, options: ToolExecuteOptions): Promise<ToolResult> },
  args: unknown,
  id = `call-${Math.random()}`,
): Promise<PendingApproval> {
  const paused = await toolbox.execute({ id, name: 'act', arguments: args as never }, { requestContext });
  if (paused.outcome !== 'action_required') throw new Error(`expected a pause, got ${paused.outcome}`);
  return JSON.parse(JSON.stringify(paused.pendingApproval)) as PendingApproval;
}

describe('the approver sees, and the resume runs, the validated arguments', () => {
  test('defaults and transforms appear in the descriptor and in the signed binding', async () => {
    const { toolbox, received } = recorder(
      z.object({
        to: z.string().trim().toLowerCase(),
        cents: z.number().transform((dollars) => dollars * 100),
        currency: z.string().default('EUR'),
      }),
    );
    const descriptor = await pause(toolbox, { to: '  Ada@Example.COM ', cents: 5 });
    const shown = { to: 'ada@example.com', cents: 500, currency: 'EUR' };
    expect(descriptor.proposedCall.arguments).toEqual(shown);
    expect(descriptor.argumentsValidated).toBe(true);
    const binding = parseApprovalBinding(descriptor.binding) as ApprovalBindingV3;
    expect(binding).toMatchObject({ version: 3, argumentsValidated: true, arguments: shown });
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(resumed).toMatchObject({ outcome: 'success', executedArgumentsEdited: false });
    // Transformed once (at the pause): what was shown is what ran.
    expect(received).toEqual([shown]);
  });

  test('validated arguments that are not JSON data: the proposed ones are shown and validated on resume', async () => {
    const { toolbox, received } = recorder(
      z.object({ when: z.string().transform((text) => new Date(text)) }),
    );
    const descriptor = await pause(toolbox, { when: '2026-01-02T00:00:00.000Z' });
    expect(descriptor.proposedCall.arguments).toEqual({ when: '2026-01-02T00:00:00.000Z' });
    expect(descriptor.argumentsValidated).toBe(false);
    expect((parseApprovalBinding(descriptor.binding) as ApprovalBindingV3).argumentsValidated).toBe(false);
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
    expect(received).toEqual([{ when: new Date('2026-01-02T00:00:00.000Z') }]);
  });

  test('edited arguments are input like a model call: validated (defaults applied) before they run', async () => {
    const { toolbox, received } = recorder(
      z.object({ to: z.string().min(1), currency: z.string().default('EUR') }),
    );
    const descriptor = await pause(toolbox, { to: 'ada' });
    const edited = await toolbox.resumeApproval(descriptor, { requestContext, arguments: { to: 'bob' } });
    expect(edited).toMatchObject({ outcome: 'success', executedArgumentsEdited: true });
    expect(received).toEqual([{ to: 'bob', currency: 'EUR' }]);
    const invalid = await toolbox.resumeApproval(await pause(toolbox, { to: 'ada' }), {
      requestContext,
      arguments: { to: '' },
    });
    expect(invalid.outcome).not.toBe('success');
    // Edits equal to what was shown are not an edit.
    const same = await pause(toolbox, { to: 'cy' });
    const unchanged = await toolbox.resumeApproval(same, {
      requestContext,
      arguments: same.proposedCall.arguments,
    });
    expect(unchanged).toMatchObject({ outcome: 'success', executedArgumentsEdited: false });
  });

  test('a "__proto__" key that validation drops is neither shown, signed nor run', async () => {
    const { toolbox, received } = recorder(z.object({ data: z.json() }));
    const descriptor = await pause(toolbox, JSON.parse('{"data":{"__proto__":{"isAdmin":true},"kept":1}}'));
    expect(descriptor.proposedCall.arguments).toEqual({ data: { kept: 1 } });
    expect((parseApprovalBinding(descriptor.binding) as ApprovalBindingV3).arguments).toEqual({
      data: { kept: 1 },
    });
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
    expect(received).toEqual([{ data: { kept: 1 } }]);
    expect((received[0] as { data: { isAdmin?: unknown } }).data.isAdmin).toBeUndefined();
  });

  test('property: for any JSON arguments, the shown, signed and executed arguments are the validated ones', async () => {
    const schema = z.object({ data: z.json(), label: z.string().default('none'), n: z.number().optional() });
    const { toolbox, received } = recorder(schema);
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.option(fc.string(), { nil: undefined }), async (data, label) => {
        received.length = 0;
        const args = label === undefined ? { data } : { data, label };
        // The oracle is Zod's own output (as JSON): Zod drops a "__proto__" key of a record, for one, so the
        // input with defaults filled in is not always what validation returns (fast-check found
        // {"__proto__":null}, seed 2126332886).
        const validated = JSON.parse(JSON.stringify(schema.parse(args)));
        const descriptor = await pause(toolbox, args);
        expect(descriptor.proposedCall.arguments).toEqual(validated);
        expect((parseApprovalBinding(descriptor.binding) as ApprovalBindingV3).arguments).toEqual(validated);
        const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
        expect(resumed.outcome).toBe('success');
        expect(received).toEqual([validated]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the size limit of signed arguments', () => {
  test('past the limit the pause is refused (APPROVAL_INVALID, arguments-too-large); the option raises it', async () => {
    const input = z.object({ text: z.string() });
    const big = { text: 'x'.repeat(3 * DEFAULT_MAX_ARGUMENTS_BYTES) };
    const { toolbox, received } = recorder(input);
    const refused = await toolbox.execute({ id: 'c1', name: 'act', arguments: big }, { requestContext });
    expect(refused).toMatchObject({
      outcome: 'denied',
      error: { code: 'APPROVAL_INVALID', details: { reason: 'arguments-too-large' } },
    });
    expect(refused.error?.message).toContain('approvalMaxArgumentsBytes');
    expect(refused.pendingApproval).toBeUndefined();
    const raised = recorder(input, { approvalMaxArgumentsBytes: 4 * DEFAULT_MAX_ARGUMENTS_BYTES });
    const descriptor = await pause(raised.toolbox, big);
    expect((await raised.toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
    expect(raised.received).toEqual([big]);
    // A toolbox with the default limit refuses that descriptor before computing its signature.
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(resumed.error?.details?.reason).toBe('invalid-binding');
    expect(received).toEqual([]);
  });

  test('a limit that is not a positive integer is refused at createToolbox', () => {
    for (const approvalMaxArgumentsBytes of [0, -1, 1.5, Number.NaN, '10' as never]) {
      expect(() => recorder(z.object({}), { approvalMaxArgumentsBytes })).toThrow(
        /approvalMaxArgumentsBytes/,
      );
    }
  });
});
