import { describe, expect, test } from 'bun:test';
import { ProviderAdapterError } from '@armorer/adapter-shared';
import { createTool, createToolbox, ToolCallError } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { APPROVAL_SECRET, makeTools, requestContext } from '../__fixtures__/tools';
import { approvalAnswer } from '../approval/approval-answer';
import { defaultModelOutput } from './model-output';
import { toAISDKTools } from './to-ai-sdk-tools';
import { aiSDKToolName } from './tool-name';

const ALLOWED = ['INVALID_ARGUMENTS', 'MALFORMED_ARGUMENTS', 'POLICY_DENIED', 'APPROVAL_REQUIRED'];

/** Anything a client may put in a conversation: messages of any shape, approval parts among them. */
const part = fc.oneof(
  fc.jsonValue(),
  fc.record({
    type: fc.constantFrom('tool-approval-request', 'tool-approval-response', 'tool-call', 'tool-result'),
    approvalId: fc.oneof(fc.string(), fc.constant('__proto__'), fc.integer()),
    toolCallId: fc.oneof(fc.constant('t1'), fc.string()),
    approved: fc.oneof(fc.boolean(), fc.jsonValue()),
  }),
);
const message = fc.oneof(
  fc.jsonValue(),
  fc.record({
    role: fc.constantFrom('user', 'assistant', 'tool', 'system', '__proto__'),
    content: fc.oneof(fc.string(), fc.array(part, { maxLength: 4 }), fc.jsonValue()),
  }),
);

describe('hostile model arguments and client messages', () => {
  test('any input and any messages end in a result or a ToolCallError, never another throw', async () => {
    const { runs, tools } = makeTools();
    const set = toAISDKTools(createToolbox(tools, { approvalSecret: APPROVAL_SECRET }), {
      callOptions: { requestContext },
    });
    const names = Object.keys(set);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.jsonValue(),
        fc.array(message, { maxLength: 5 }),
        async (name, input, messages) => {
          const tool = set[name];
          if (tool === undefined) throw new Error(`no tool ${name}`);
          const options = { toolCallId: 't1', messages };
          expect(typeof (await tool.needsApproval(input, options))).toBe('boolean');
          try {
            tool.toModelOutput({ toolCallId: 't1', input, output: await tool.execute(input, options) });
          } catch (error) {
            expect(ToolCallError.isInstance(error)).toBe(true);
            const allowed = name === 'boom' ? [...ALLOWED, 'EXECUTION_FAILED'] : ALLOWED;
            expect(allowed).toContain((error as ToolCallError).code);
          }
        },
      ),
      { numRuns: 300 },
    );
    // Payments above 1 euro pause (nothing ran); small ones to anyone but mallory ran.
    expect(runs.boom).toBeGreaterThan(0);
  });

  test('approvalAnswer reads only well-formed answers and never throws', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 6 }), fc.string(), (messages, id) => {
        expect([undefined, 'approved', 'denied']).toContain(approvalAnswer(messages, id));
      }),
      { numRuns: 500 },
    );
    const request = {
      role: 'assistant',
      content: [{ type: 'tool-approval-request', approvalId: 'a', toolCallId: 't1' }],
    };
    const answer = (approved: unknown) => ({
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: 'a', approved }],
    });
    expect(approvalAnswer([request, answer(true)], 't1')).toBe('approved');
    expect(approvalAnswer([request, answer('true')], 't1')).toBe('denied');
    expect(approvalAnswer([request, answer(true)], 't2')).toBeUndefined();
    // An answer counts only in the last message, as the AI SDK reads it.
    expect(approvalAnswer([request, answer(true), { role: 'user', content: 'next' }], 't1')).toBeUndefined();
  });

  test('results of any shape are shaped for the model without throwing', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    expect(defaultModelOutput({ output: { at: 3n, tags: new Set(['x']) } })).toEqual({
      type: 'json',
      value: { at: '3', tags: ['x'] },
    });
    expect(defaultModelOutput({ output: cyclic }).type).toBe('json');
    expect(defaultModelOutput({ output: undefined })).toEqual({ type: 'json', value: null });
    expect(defaultModelOutput({ output: 'plain' })).toEqual({ type: 'text', value: 'plain' });
    fc.assert(
      fc.property(fc.anything(), (output) => {
        const shaped = defaultModelOutput({ output });
        expect(['text', 'json']).toContain(shaped.type);
        expect(() => JSON.stringify(shaped)).not.toThrow();
      }),
    );
  });
});

describe('declared names', () => {
  test('names fit every provider; collisions are typed errors; "__proto__" stays a key', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), (name) => {
        expect(aiSDKToolName(name)).toMatch(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
      }),
    );
    expect(aiSDKToolName('9lives')).toBe('_9lives');
    const a = createTool({ name: 'get.user', description: 'a', execute: () => 1 });
    const b = createTool({ name: 'get:user', description: 'b', execute: () => 2 });
    const failure = (() => {
      try {
        toAISDKTools(createToolbox([a, b]));
      } catch (error) {
        return error;
      }
    })();
    expect(ProviderAdapterError.isInstance(failure) && failure.code).toBe('DUPLICATE_DECLARED_NAME');
    const proto = createTool({
      name: '__proto__',
      description: 'odd',
      input: z.object({}),
      execute: () => 'ok',
    });
    const set = toAISDKTools(createToolbox([proto]));
    expect(Object.keys(set)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(set)).toBe(Object.prototype);
    for (const value of [null, [], {}, 'toolbox', { toolbox: {} }]) {
      expect(() => toAISDKTools(value)).toThrow(ProviderAdapterError);
    }
  });

  test('the declared schema is a fresh copy for every reader', () => {
    const { tools } = makeTools();
    const schema = toAISDKTools(createToolbox(tools))['weather_get']?.inputSchema;
    const first = schema?.jsonSchema as { properties: Record<string, unknown> };
    first.properties['injected'] = { type: 'string' };
    expect(schema?.jsonSchema).not.toHaveProperty('properties.injected');
    expect(schema?.['~standard'].jsonSchema.input({ target: 'draft-07' })).toEqual(
      schema?.['~standard'].jsonSchema.output({ target: 'draft-07' }) as Record<string, unknown>,
    );
    expect(schema?.jsonSchema).not.toHaveProperty('$schema');
  });
});
