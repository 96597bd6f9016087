import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { makeTools } from '../__fixtures__/tools';
import { QueryError } from '../errors/query-error';
import { schemaHasKeys, schemaMatches } from './schema-predicates';
import { tagsMatchAll, tagsMatchAny, tagsMatchNone } from './tag-predicates';
import { textMatches } from './text-predicate';

const tools = makeTools();
const names = (predicate: (tool: (typeof tools)[number]) => boolean) =>
  tools.filter(predicate).map((tool) => tool.name);

describe('predicates for Array#filter', () => {
  test('textMatches follows the queryTools rules', () => {
    expect(names(textMatches('calendar'))).toEqual(['createCalendarEvent']);
    expect(names(textMatches({ query: 'wether', mode: 'fuzzy' }))).toEqual(['fetch-weather']);
    expect(names(textMatches({ query: 'Issues', mode: 'exact' }))).toEqual(['github_list_issues']);
    expect(names(textMatches(''))).toHaveLength(tools.length);
    expect(() => textMatches({ query: 'x', mode: 'regex' } as never)).toThrow(QueryError);
  });

  test('tag predicates are case-insensitive; an empty list matches everything', () => {
    expect(names(tagsMatchAll(['Communication', 'EMAIL']))).toEqual(['send-email']);
    expect(names(tagsMatchAll(['communication', 'weather']))).toEqual([]);
    expect(names(tagsMatchAny(['weather', 'github']))).toEqual(['fetch-weather', 'github_list_issues']);
    expect(names(tagsMatchNone(['weather', 'github', 'web']))).toEqual(['send-email', 'createCalendarEvent']);
    expect(names(tagsMatchAll([]))).toHaveLength(tools.length);
    expect(() => tagsMatchAny('email' as never)).toThrow(/array of strings/);
  });

  test('schemaHasKeys and schemaMatches', () => {
    expect(names(schemaHasKeys(['title', 'startTime']))).toEqual(['createCalendarEvent']);
    expect(names(schemaHasKeys(['Title']))).toEqual([]);
    expect(names(schemaHasKeys([]))).toHaveLength(tools.length);
    // Extra parameters of the tool must be optional; wrappers are looked through.
    expect(names(schemaMatches(z.object({ owner: z.string(), repo: z.string() })))).toEqual([
      'github_list_issues',
    ]);
    expect(names(schemaMatches({ city: z.string().optional() }))).toEqual(['fetch-weather']);
    expect(names(schemaMatches({ title: z.string(), startTime: z.string() }))).toEqual([
      'createCalendarEvent',
    ]);
    expect(names(schemaMatches({ title: z.number(), startTime: z.string() }))).toEqual([]);
    expect(() => schemaMatches('city' as never)).toThrow(QueryError);
    expect(() => schemaHasKeys([1] as never)).toThrow(/array of strings/);
  });
});
