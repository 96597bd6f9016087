import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { makeTools } from '../__fixtures__/tools';
import { QueryError } from '../errors/query-error';
import { queryTools } from './query-tools';

const names = (query: Parameters<typeof queryTools>[1]) =>
  queryTools(createToolbox(makeTools()), { ...query, select: 'name' });

describe('queryTools: text', () => {
  test('contains: words are matched inside tool words, ranked by relevance', () => {
    expect(names({ text: 'weather' })).toEqual(['fetch-weather']);
    expect(names({ text: 'weath' })).toEqual(['fetch-weather']);
    // Parameter names and descriptions, tags and metadata keys are searched too.
    expect(names({ text: 'attendees' })).toEqual(['createCalendarEvent']);
    expect(names({ text: 'fahrenheit' })).toEqual(['fetch-weather']);
    expect(names({ text: 'scheduling' })).toEqual(['createCalendarEvent']);
    expect(names({ text: 'capabilities' })).toEqual(['send-email', 'fetch-weather']);
    // The name field weighs most: `fetch` is in two names and one description.
    expect(names({ text: 'fetch' })).toEqual(['web.fetch', 'fetch-weather']);
  });

  test('exact: whole words letter for letter', () => {
    expect(names({ text: { query: 'issues', mode: 'exact' } })).toEqual(['github_list_issues']);
    expect(names({ text: { query: 'issue', mode: 'exact' } })).toEqual([]);
    expect(names({ text: { query: 'weath', mode: 'exact' } })).toEqual([]);
  });

  test('fuzzy: typos within the threshold', () => {
    expect(names({ text: { query: 'wether', mode: 'fuzzy' } })).toEqual(['fetch-weather']);
    expect(names({ text: { query: 'calender', mode: 'fuzzy', threshold: 0.8 } })).toEqual([
      'createCalendarEvent',
    ]);
    expect(names({ text: { query: 'wxyz', mode: 'fuzzy', threshold: 0.7 } })).toEqual([]);
    expect(names({ text: { query: 'wether', mode: 'fuzzy', threshold: 1 } })).toEqual([]);
  });

  test('match all, fields and weights', () => {
    expect(names({ text: { query: 'send weather', match: 'all' } })).toEqual([]);
    expect(names({ text: { query: 'send weather' } })).toHaveLength(2);
    expect(names({ text: { query: 'city', fields: ['name', 'description'] } })).toEqual(['fetch-weather']);
    expect(names({ text: { query: 'city', fields: ['name'] } })).toEqual([]);
    expect(names({ text: { query: 'fetch', weights: { name: 0 } } })).toEqual(['web.fetch']);
    // Equal scores keep registration order.
    expect(names({ text: { query: 'fetch', fields: ['name'] } })).toEqual(['fetch-weather', 'web.fetch']);
  });

  test('summaries carry scores, best first', () => {
    const [first, second] = queryTools(createToolbox(makeTools()), { text: 'fetch', select: 'summary' });
    expect(first?.name).toBe('web.fetch');
    expect(first?.risk).toEqual({ untrustedOutput: true });
    expect(first?.score).toBeGreaterThan(second?.score ?? Number.POSITIVE_INFINITY);
  });

  test('text without words, regular-expression characters and huge queries', () => {
    expect(names({ text: '' })).toHaveLength(5);
    expect(names({ text: '   ' })).toHaveLength(5);
    expect(names({ text: '.*' })).toHaveLength(5);
    expect(names({ text: '(weather|email)[' })).toEqual(['send-email', 'fetch-weather']);
    const letters = (index: number) =>
      [...index.toString(26)]
        .map((digit) => String.fromCharCode(113 + (Number.parseInt(digit, 26) % 10)))
        .join('');
    const long = Array.from({ length: 5000 }, (_, index) => `zz${letters(index)}`).join(' ');
    expect(names({ text: `${long} weather` })).toEqual(['fetch-weather']);
    expect(() => names({ text: 'x'.repeat(100_001) })).toThrow(/at most 100000/);
  });
});

describe('queryTools: filters', () => {
  test('tags all / any / none, case-insensitive', () => {
    expect(names({ tags: { any: ['EMAIL', 'weather'] } })).toEqual(['send-email', 'fetch-weather']);
    expect(names({ tags: { all: ['communication', 'email'] } })).toEqual(['send-email']);
    expect(names({ tags: { none: ['api', 'web', 'read'] } })).toEqual(['send-email', 'createCalendarEvent']);
    expect(names({ tags: { all: ['scheduling'] } })).toEqual(['createCalendarEvent']);
    expect(names({ tags: { any: [] } })).toHaveLength(5);
  });

  test('risk flags: the untrusted-output tools', () => {
    expect(names({ risk: { untrustedOutput: true } })).toEqual(['web.fetch']);
    expect(names({ risk: { untrustedOutput: false } })).toHaveLength(4);
    expect(names({ tags: { any: ['untrusted-output'] } })).toEqual(['web.fetch']);
  });

  test('schema keys and shape', () => {
    expect(names({ schema: { keys: ['city'] } })).toEqual(['fetch-weather']);
    expect(names({ schema: { keys: ['owner', 'repo'] } })).toEqual(['github_list_issues']);
    expect(names({ schema: { matches: z.object({ city: z.string() }) } })).toEqual(['fetch-weather']);
    expect(names({ schema: { matches: { city: z.number() } } })).toEqual([]);
    expect(names({ schema: { matches: { url: z.string() } } })).toEqual(['web.fetch']);
    // `subject` and `body` are required in send-email, so a shape without them does not match.
    expect(names({ schema: { matches: { to: z.array(z.string()) } } })).toEqual([]);
  });

  test('metadata: has, eq, contains, startsWith, range, predicate', () => {
    expect(names({ metadata: { has: ['tier'] } })).toEqual(['send-email', 'fetch-weather']);
    expect(names({ metadata: { eq: { tier: 'premium' } } })).toEqual(['send-email']);
    expect(names({ metadata: { eq: { capabilities: ['read'] } } })).toEqual(['fetch-weather']);
    expect(names({ metadata: { contains: { capabilities: 'notify' } } })).toEqual(['send-email']);
    expect(names({ metadata: { contains: { owner: 'DATA' } } })).toEqual(['fetch-weather']);
    expect(names({ metadata: { contains: { capabilities: ['write', 'notify'] } } })).toEqual(['send-email']);
    expect(names({ metadata: { startsWith: { owner: 'team-d' } } })).toEqual([
      'fetch-weather',
      'github_list_issues',
    ]);
    expect(names({ metadata: { range: { cost: { min: 2 } } } })).toEqual(['send-email', 'web.fetch']);
    expect(names({ metadata: { range: { cost: { max: 1 } } } })).toEqual([
      'fetch-weather',
      'github_list_issues',
    ]);
    expect(names({ metadata: { predicate: (metadata) => metadata.mutates === true } })).toEqual([
      'send-email',
      'createCalendarEvent',
    ]);
  });

  test('and / or / not, predicates, and text inside groups', () => {
    expect(names({ or: [{ tags: { any: ['web'] } }, { text: 'calendar' }] })).toEqual([
      'web.fetch',
      'createCalendarEvent',
    ]);
    expect(names({ not: { metadata: { has: ['owner'] } } })).toEqual(['web.fetch']);
    expect(names({ not: [{ tags: { any: ['web'] } }, { tags: { any: ['email'] } }] })).toHaveLength(3);
    expect(names({ and: [{ metadata: { eq: { readOnly: true } } }, { text: 'github' }] })).toEqual([
      'github_list_issues',
    ]);
    expect(names({ predicate: (tool) => tool.name.includes('.') })).toEqual(['web.fetch']);
    expect(names({ or: [] })).toEqual([]);
  });

  test('selection and paging', () => {
    const toolbox = createToolbox(makeTools());
    expect(queryTools(toolbox, { limit: 2, offset: 1, select: 'name' })).toEqual([
      'fetch-weather',
      'web.fetch',
    ]);
    expect(queryTools(toolbox, { text: 'fetch', limit: 1, offset: 1, select: 'name' })).toEqual([
      'fetch-weather',
    ]);
    expect(queryTools(toolbox, { limit: 0 })).toEqual([]);
    const [configuration] = queryTools(toolbox, { text: 'email', select: 'configuration' });
    expect(configuration?.schema).toBeDefined();
    const [tool] = queryTools(toolbox, { text: 'email' });
    expect(tool).toBe(toolbox.getTool('send-email'));
    expect(queryTools(toolbox)).toHaveLength(5);
  });

  test('arrays, iterables and toolboxes; tools registered later are found', () => {
    const tools = makeTools();
    expect(queryTools(tools, { text: 'calendar', select: 'name' })).toEqual(['createCalendarEvent']);
    expect(queryTools(new Set(tools), { text: 'calendar', select: 'name' })).toEqual(['createCalendarEvent']);
    const toolbox = createToolbox();
    expect(queryTools(toolbox, { text: 'weather' })).toEqual([]);
    toolbox.register(...tools);
    expect(queryTools(toolbox, { text: 'weather', select: 'name' })).toEqual(['fetch-weather']);
    toolbox.register(
      createTool({ name: 'rain-radar', description: 'Weather radar images', execute: () => null }),
    );
    expect(queryTools(toolbox, { text: 'weather', select: 'name' })).toEqual(['fetch-weather', 'rain-radar']);
  });

  test('fires the toolbox-wide query event', () => {
    const toolbox = createToolbox(makeTools());
    const details: Record<string, unknown>[] = [];
    toolbox.addEventListener('query', (event) => details.push(event.detail));
    queryTools(toolbox, { text: 'weather' });
    expect(details).toHaveLength(1);
    expect(details[0]).toMatchObject({ query: { text: 'weather' }, results: 1 });
    expect(typeof details[0]?.durationMs).toBe('number');
  });
});

describe('queryTools: bad input', () => {
  const toolbox = createToolbox(makeTools());
  const error = (run: () => unknown) => {
    try {
      run();
    } catch (thrown) {
      return thrown;
    }
    throw new Error('expected a throw');
  };

  test('unknown keys are reported with the closest known key', () => {
    const thrown = error(() => queryTools(toolbox, { tag: { any: ['x'] } } as never));
    expect(QueryError.isInstance(thrown) && thrown.code).toBe('UNKNOWN_QUERY_KEY');
    expect(String(thrown)).toContain('Did you mean "tags"?');
    expect(() => queryTools(toolbox, { tags: { some: ['x'] } } as never)).toThrow(
      /Unknown key "some" in query.tags/,
    );
    expect(() => queryTools(toolbox, { metadata: { equals: {} } } as never)).toThrow(/Did you mean "eq"/);
    expect(() => queryTools(toolbox, { text: { query: 'x', modes: 'exact' } } as never)).toThrow(
      /Unknown key "modes"/,
    );
    expect(() => queryTools(toolbox, { and: [{ txt: 'x' }] } as never)).toThrow(/query.and\[0\]/);
  });

  test('values of the wrong type', () => {
    for (const query of [
      { text: 42 },
      { text: { query: 'x', mode: 'regex' } },
      { text: { query: 'x', threshold: 2 } },
      { text: { query: 'x', fields: ['title'] } },
      { text: { query: 'x', weights: { name: -1 } } },
      { tags: ['x'] },
      { tags: { any: 'x' } },
      { schema: { keys: 'city' } },
      { schema: { matches: 'city' } },
      { metadata: { range: { cost: { min: 'low' } } } },
      { metadata: { startsWith: { owner: 1 } } },
      { risk: true },
      { predicate: 'yes' },
      { or: {} },
      { select: 'names' },
      { limit: -1 },
      { offset: 1.5 },
    ]) {
      const thrown = error(() => queryTools(toolbox, query as never));
      expect(QueryError.isInstance(thrown) && thrown.code).toBe('INVALID_QUERY');
    }
    expect(() => queryTools(toolbox, null as never)).toThrow(QueryError);
  });

  test('sources that are not tools', () => {
    expect(() => queryTools(42 as never)).toThrow(/Expected a toolbox/);
    expect(() => queryTools([{ name: 'x' }] as never)).toThrow(/Item 0 is not a tool/);
  });
});
