import { describe, expect, test } from 'bun:test';
import { WarningCollector } from './warnings';

describe('WarningCollector fork and adopt', () => {
  test('an attempt collects apart and its warnings are kept only when adopted', () => {
    const collector = new WarningCollector('gemini', 'search');
    const kept = collector.fork();
    const dropped = collector.fork();
    kept.unsupported('/properties/q', 'minLength');
    dropped.relaxed('', 'oneOf', 'anyOf');
    expect([kept.provider, kept.tool, kept.warnings.length]).toEqual(['gemini', 'search', 1]);
    expect(collector.warnings).toEqual([]);
    collector.adopt(kept);
    expect(collector.warnings).toEqual(kept.warnings);
    expect(collector.warnings[0]).toMatchObject({ tool: 'search', code: 'UNSUPPORTED_KEYWORD' });
  });
});
