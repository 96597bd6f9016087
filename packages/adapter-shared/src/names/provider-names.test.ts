import { describe, expect, test } from 'bun:test';
import { originalToolName, providerToolName, registerProviderName } from './provider-names';

describe('provider tool names', () => {
  test('names that fit are kept; others get deterministic stand-ins', () => {
    expect(providerToolName('openai', 'get_weather')).toBe('get_weather');
    expect(providerToolName('openai', 'triangle_properties.get')).toBe('triangle_properties_get');
    expect(providerToolName('anthropic', 'math:add')).toBe('math_add');
    expect(providerToolName('gemini', 'triangle_properties.get')).toBe('triangle_properties.get');
    expect(providerToolName('gemini', '3d-render')).toBe('_3d-render');
    expect(providerToolName('gemini', 'héllo')).toBe('h_llo');
    const long = `tool_${'x'.repeat(100)}`;
    const short = providerToolName('openai', long);
    expect(short).toHaveLength(64);
    expect(short).toMatch(/^[a-zA-Z0-9_-]{64}$/);
    expect(providerToolName('openai', long)).toBe(short);
    expect(providerToolName('openai', `${long}y`)).not.toBe(short);
    expect(providerToolName('gemini', long)).toBe(long);
  });

  test('parsers map declared names back, unless the mapping became ambiguous', () => {
    registerProviderName('anthropic', 'geo_lookup', 'geo.lookup');
    expect(originalToolName('anthropic', 'geo_lookup')).toBe('geo.lookup');
    expect(originalToolName('anthropic', 'unknown_tool')).toBe('unknown_tool');
    registerProviderName('anthropic', 'geo_lookup', 'geo:lookup');
    expect(originalToolName('anthropic', 'geo_lookup')).toBe('geo_lookup');
    expect(originalToolName('openai', 'geo_lookup')).toBe('geo_lookup');
    const tools = new Map([['geo_lookup', { name: 'geo:lookup' }]]);
    expect(originalToolName('anthropic', 'geo_lookup', tools)).toBe('geo:lookup');
    expect(originalToolName('anthropic', 'other', tools)).toBe('other');
  });
});
