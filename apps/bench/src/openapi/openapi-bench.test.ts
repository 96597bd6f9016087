import { describe, expect, test } from 'bun:test';
import { freshTools, loadOpenAIDescription, median, timeImport, timeToOpenAPI } from './measure';

describe('openapi bench functions', () => {
  test('the import makes one tool per operation of the OpenAI description, each with a working validator', () => {
    const { document } = loadOpenAIDescription();
    const timed = timeImport(document);
    expect(timed.tools).toBeGreaterThan(200);
    expect(timed.ms).toBeGreaterThan(0);
    // Hundreds of tools with their validators: 16 s seen on a loaded machine.
  }, 240_000);

  test('the export writes one path per tool; fresh tools have distinct schemas', () => {
    expect(timeToOpenAPI(50, 0).paths).toBe(50);
    const [a, b] = [freshTools(1, 7)[0], freshTools(1, 7)[0]];
    expect(a?.configuration.schema).not.toBe(b?.configuration.schema);
    expect(median([3, 1, 2])).toBe(2);
    // 4 s seen on a loaded machine; bun's default is 5 s.
  }, 60_000);
});
