import { describe, expect, test } from 'bun:test';
import { runDemo } from './main';
import { convert } from './tools/convert-units';
import { textStats } from './tools/text-stats';

async function run(color = false) {
  const lines: string[] = [];
  const summary = await runDemo((line) => lines.push(line), { color });
  return { summary, output: lines.join('\n') };
}

describe('runDemo', () => {
  test('the scripted turn ends with the expected outcome for every call', async () => {
    const { summary } = await run();
    expect(summary.results.map((result) => [result.callId, result.outcome, result.error?.code])).toEqual([
      ['call_convert', 'success', undefined],
      ['call_stats', 'success', undefined],
      ['call_add_1', 'success', undefined],
      ['call_add_2', 'success', undefined],
      ['call_complete', 'success', undefined],
      ['call_list', 'success', undefined],
      ['call_stream', 'success', undefined],
      ['call_bad_args', 'error', 'INVALID_ARGUMENTS'],
      ['call_malformed', 'error', 'MALFORMED_ARGUMENTS'],
      ['call_typo', 'error', 'TOOL_NOT_FOUND'],
      ['call_secret', 'denied', 'POLICY_DENIED'],
    ]);
  });

  test('successful calls return real results', async () => {
    const { summary } = await run();
    const byId = new Map(summary.results.map((result) => [result.callId, result.result]));
    expect(byId.get('call_convert')).toEqual({ value: 42.165, unit: 'km' });
    expect(byId.get('call_stream')).toEqual(['tools', 'stream', 'their', 'output', 'too']);
    expect(byId.get('call_list')).toMatchObject([
      { id: 1, title: 'Buy oat milk', owner: 'ada', done: true },
      { id: 2, title: 'Email Grace about the launch', owner: 'ada', done: false },
    ]);
  });

  test('the mistyped tool name comes back with a suggestion', async () => {
    const { summary, output } = await run();
    const typo = summary.results.find((result) => result.callId === 'call_typo');
    expect(typo?.error?.category).toBe('not_found');
    expect(typo?.error?.details?.suggestions).toEqual(['convert-units']);
    expect(typo?.error?.message).toContain('Did you mean "convert-units"?');
    expect(output).toContain('convert_unit did you mean convert-units?');
  });

  test('invalid arguments name the offending fields', async () => {
    const { summary } = await run();
    const bad = summary.results.find((result) => result.callId === 'call_bad_args');
    expect(bad?.error?.details?.issues?.map((issue) => issue.path.join('.'))).toEqual(['value', 'to']);
  });

  test('the read-only toolbox denies the mutating tool and still reads', async () => {
    const { summary } = await run();
    expect(summary.readOnlyResults.map((result) => [result.outcome, result.error?.code])).toEqual([
      ['denied', 'MUTATION_DENIED'],
      ['success', undefined],
    ]);
    expect(summary.readOnlyResults[1]?.result).toHaveLength(2);
  });

  test('listeners saw the lifecycle of the batch', async () => {
    const { summary } = await run();
    expect(summary.events).toContain('not-found:convert_unit');
    expect(summary.events).toContain('policy-denied:add-todo');
    expect(summary.events).toContain('stream-end:stream-words');
    expect(summary.events.filter((event) => event.startsWith('validate-error:'))).toEqual([
      'validate-error:convert-units',
      'validate-error:text-stats',
    ]);
    // Every admitted call of the turn settles; the unknown tool never reaches admission.
    expect(summary.events.filter((event) => event.startsWith('settled:'))).toHaveLength(10 + 2);
  });

  test('the approval round trip pauses, resumes once with the edit, and refuses replay and forgery', async () => {
    const { summary, output } = await run();
    const { paused, resumed, replayed, forged } = summary.approval;
    expect(JSON.parse(paused)).toMatchObject({ status: 'needs_approval', toolName: 'add-todo' });
    expect(JSON.parse(paused).binding.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(resumed).toMatchObject({ outcome: 'success', executedArgumentsEdited: true });
    expect(resumed.result).toMatchObject({ title: 'Buy oat milk' });
    expect(replayed.error).toMatchObject({
      code: 'APPROVAL_INVALID',
      details: { reason: 'already-consumed' },
    });
    expect(forged.error).toMatchObject({
      code: 'APPROVAL_INVALID',
      details: { reason: 'invalid-descriptor' },
    });
    expect(output).toContain('todos stored: 1 (the tool ran once)');
  });

  test('the output is plain without colour and styled with it', async () => {
    expect((await run(false)).output).not.toContain('\u001b[');
    expect((await run(true)).output).toContain('\u001b[');
  });
});

describe('tool helpers', () => {
  test('convert handles linear units and temperature', () => {
    expect(convert(1, 'km', 'm')).toBe(1000);
    expect(convert(100, 'C', 'F')).toBeCloseTo(212);
    expect(() => convert(1, 'kg', 'm')).toThrow('Cannot convert mass (kg) to length (m).');
  });

  test('textStats counts words and sentences', () => {
    expect(textStats('One two. Three!')).toMatchObject({ words: 3, sentences: 2, longestWord: 'Three' });
  });
});
