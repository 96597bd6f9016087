import { describe, expect, test } from 'bun:test';
import { ToolboxError } from '../errors/armorer-error';
import type { ToolboxEventMap } from '../events/types';
import { createTool } from '../tool/public';
import type { ToolMetadata } from '../tool/types';
import { createToolbox } from './public';
import { previewToolCall } from './satellite';

function counted(name: string, metadata: ToolMetadata | undefined, runs: string[]) {
  return createTool({
    name,
    description: name,
    ...(metadata === undefined ? {} : { metadata }),
    execute: () => {
      runs.push(name);
      return name;
    },
  });
}

function fleet(runs: string[]) {
  return [
    counted('reads', { readOnly: true }, runs),
    counted('writes', { mutates: true }, runs),
    counted('not-read-only', { readOnly: false }, runs),
    counted('pure', { mutates: false }, runs),
    counted('silent', undefined, runs),
    counted('free-form', { owner: 'team-a' }, runs),
  ];
}

/** The warning fires once its wording has loaded (with the failure descriptions): let that settle. */
const settledWarnings = () => new Promise((resolve) => setTimeout(resolve, 0));

async function outcomes(toolbox: ReturnType<typeof createToolbox>) {
  const result: Record<string, string | undefined> = {};
  for (const name of toolbox.names()) {
    const called = await toolbox.execute({ name, arguments: {} });
    result[name] = called.outcome === 'success' ? 'ran' : called.error?.code;
  }
  return result;
}

describe('readOnly toolboxes', () => {
  test('readOnly: true denies tools that declare they mutate, including readOnly: false', async () => {
    const runs: string[] = [];
    expect(await outcomes(createToolbox(fleet(runs), { readOnly: true }))).toEqual({
      reads: 'ran',
      writes: 'MUTATION_DENIED',
      'not-read-only': 'MUTATION_DENIED',
      pure: 'ran',
      silent: 'ran',
      'free-form': 'ran',
    });
    expect(runs).toEqual(['reads', 'pure', 'silent', 'free-form']);
  });

  test("readOnly: 'declared' runs only tools that declare readOnly: true", async () => {
    const runs: string[] = [];
    const toolbox = createToolbox(fleet(runs), { readOnly: 'declared' });
    expect(await outcomes(toolbox)).toEqual({
      reads: 'ran',
      writes: 'MUTATION_DENIED',
      'not-read-only': 'MUTATION_DENIED',
      pure: 'MUTATION_DENIED',
      silent: 'MUTATION_DENIED',
      'free-form': 'MUTATION_DENIED',
    });
    expect(runs).toEqual(['reads']);
    const denied = await toolbox.execute({ name: 'silent', arguments: {} });
    expect(denied.outcome).toBe('denied');
    expect(denied.error?.message).toBe(
      'Tool "silent" does not declare metadata.readOnly: true, and this toolbox runs only tools that do. Use a read-only tool instead.',
    );
    expect(denied.error?.details?.reason).toBe('readOnlyDeclared');
  });

  test("the strict mode carries through extend and the preview (the Agents SDK gate's check)", async () => {
    const runs: string[] = [];
    const toolbox = createToolbox([], { readOnly: 'declared' }).extend(fleet(runs));
    expect((await toolbox.execute({ name: 'silent', arguments: {} })).error?.code).toBe('MUTATION_DENIED');
    expect((await toolbox.execute({ name: 'reads', arguments: {} })).outcome).toBe('success');
    const preview = await previewToolCall(toolbox, { name: 'silent', arguments: {} });
    expect(preview.status).toBe('deny');
    expect(preview.error?.code).toBe('MUTATION_DENIED');
    expect((await previewToolCall(toolbox, { name: 'reads', arguments: {} })).status).toBe('allow');
    // A readOnly: true toolbox's warning is never a denial in the preview.
    const lenient = createToolbox(fleet([]), { readOnly: true });
    expect((await previewToolCall(lenient, { name: 'silent', arguments: {} })).status).toBe('allow');
  });

  test('any other readOnly value is refused when the toolbox is created', () => {
    for (const readOnly of ['strict', 1, null, 'true']) {
      expect(() => createToolbox([], { readOnly: readOnly as never })).toThrow(ToolboxError);
    }
  });
});

describe('the warning for tools that declare neither way', () => {
  test('fires once per tool, through the events, when a readOnly: true toolbox runs it', async () => {
    const runs: string[] = [];
    const toolbox = createToolbox(fleet(runs), { readOnly: true });
    const warnings: ToolboxEventMap['warning'][] = [];
    toolbox.on('warning', (event) => warnings.push(event));
    for (let round = 0; round < 3; round++) await outcomes(toolbox);
    await settledWarnings();
    expect(warnings.map((event) => event.toolName)).toEqual(['silent', 'free-form']);
    expect(warnings[0]?.detail.code).toBe('READ_ONLY_UNDECLARED');
    expect(warnings[0]?.detail.message).toContain(
      'Tool "silent" runs in a read-only toolbox but declares neither metadata.readOnly nor metadata.mutates',
    );
    expect(typeof warnings[0]?.callId).toBe('string');
  });

  test('is kept for the first listener: calls made before anyone listened do not use it up', async () => {
    const toolbox = createToolbox(fleet([]), { readOnly: true });
    await toolbox.execute({ name: 'silent', arguments: {} });
    const warnings: string[] = [];
    toolbox.on('warning', (event) => warnings.push(event.toolName));
    await toolbox.execute({ name: 'silent', arguments: {} });
    await toolbox.execute({ name: 'silent', arguments: {} });
    await settledWarnings();
    expect(warnings).toEqual(['silent']);
  });

  test('never fires without readOnly: true, and nothing is printed', async () => {
    const printed: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => printed.push(args);
    try {
      for (const options of [{}, { readOnly: false }, { readOnly: 'declared' as const }]) {
        const toolbox = createToolbox(fleet([]), options);
        const warnings: string[] = [];
        toolbox.on('warning', (event) => warnings.push(event.toolName));
        await outcomes(toolbox);
        await settledWarnings();
        expect(warnings).toEqual([]);
      }
      const warned = createToolbox(fleet([]), { readOnly: true });
      warned.on('warning', () => {});
      await outcomes(warned);
      await settledWarnings();
    } finally {
      console.warn = original;
    }
    expect(printed).toEqual([]);
  });
});
