import { describe, expect, test } from 'bun:test';
import { makeAddTool, makeGreetTool } from '../__fixtures__/tools';
import { createToolError } from '../errors/create-tool-error';
import { ToolFailureError } from '../errors/tool-call-error';
import { createTool } from '../tool/public';
import { AdapterLoadError } from './provider-exporters';
import { createToolbox } from './public';
import { emitToolboxEvent, getToolboxEmbedder, getToolboxRevision } from './satellite';

describe('hooks for satellite packages', () => {
  test('toolbox-wide events carry no execution identity', () => {
    const toolbox = createToolbox([makeAddTool()]);
    const events: Record<string, unknown>[] = [];
    toolbox.addEventListener('search', (event) => events.push(event as unknown as Record<string, unknown>));
    emitToolboxEvent(toolbox, 'search', { query: 'add' });
    emitToolboxEvent(toolbox, 'query', { ignored: true });
    expect(events).toHaveLength(1);
    expect(events[0]?.['detail']).toEqual({ query: 'add' });
    expect(Object.hasOwn(events[0] as object, 'executionId')).toBe(false);
    expect(() => emitToolboxEvent({}, 'search', {})).toThrow(TypeError);
  });

  test('the revision changes with registrations; the embedder is readable', () => {
    const embedder = (texts: readonly string[]) => texts.map(() => [1, 0]);
    const toolbox = createToolbox([makeAddTool()], { embedder });
    const before = getToolboxRevision(toolbox);
    toolbox.register(makeGreetTool());
    expect(getToolboxRevision(toolbox)).not.toBe(before);
    expect(getToolboxEmbedder(toolbox)).toBe(embedder);
    expect(getToolboxEmbedder(createToolbox())).toBeUndefined();
  });

  test('an implementation can end the call with a precise ToolError', async () => {
    const limited = createTool({
      name: 'limited',
      description: 'x',
      async execute() {
        throw new ToolFailureError(
          createToolError('RATE_LIMITED', 'Too many calls; retry in 2 s.', {
            details: { retryAfterMs: 2000 },
          }),
        );
      },
    });
    const result = await limited.execute({ name: 'limited', arguments: {} });
    expect(result.error).toMatchObject({
      category: 'rate_limited',
      code: 'RATE_LIMITED',
      retryable: true,
      details: { retryAfterMs: 2000 },
    });
  });
});

describe('lazy provider exporters', () => {
  test('a missing adapter fails with the package to install', async () => {
    const toolbox = createToolbox([makeAddTool()]);
    const error = await toolbox.toOpenAITools().catch((thrown: unknown) => thrown);
    if (AdapterLoadError.isInstance(error)) {
      expect(error.code).toBe('ADAPTER_NOT_INSTALLED');
      expect(error.message).toContain('@armorer/adapter-openai');
    } else {
      // The adapter is installed in this workspace: the export must then be a real manifest.
      expect(Array.isArray(error)).toBe(true);
    }
    await expect(toolbox.toProvider('cohere' as never)).rejects.toThrow(/Unknown provider/);
  });
});
