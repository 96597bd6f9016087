import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { parseQuery } from './query-terms';
import {
  FILLER_WEIGHT,
  isIdentifierLike,
  LITERAL_WEIGHT,
  namedWords,
  PARTICLE_WEIGHT,
  splitLiterals,
} from './query-weights';

const weightOf = (query: string, term: string) =>
  parseQuery(query).terms.find((entry) => entry.term === term)?.weight;

const word = fc.constantFrom(
  'get',
  'water',
  'quality',
  'send',
  'satellite',
  'message',
  'customs',
  'info',
  'calculate',
  'turn',
  'radius',
  'plant',
  'care',
  'tips',
  'list',
  'github',
  'issues',
  'create',
  'invoice',
  'stream',
);
const camel = (words: readonly string[]) =>
  words.map((part, index) => (index === 0 ? part : part[0]?.toUpperCase() + part.slice(1))).join('');

describe('literal values and request prose in a query', () => {
  test('quoted text and identifiers count less than the words that ask', () => {
    expect(weightOf('Find the article "Mental Health Today" at the library', 'mental')).toBe(LITERAL_WEIGHT);
    expect(weightOf('Find the article "Mental Health Today" at the library', 'articl')).toBe(1);
    expect(weightOf("Tell me the customs info for shipment 'QKE091vBmySh'", 'custom')).toBe(1);
    expect(weightOf('Tell me the customs info for shipment QKE091vBmySh', 'custom')).toBe(1);
    expect(splitLiterals('status of order KsuxdqnB please').literal).toBe('KsuxdqnB');
    // Single letters are variables and values: "4 ft x 4 ft", "coefficients a, b and c"; not a contraction's.
    expect(weightOf('the price of a 4 ft x 4 ft statue', 'x')).toBe(LITERAL_WEIGHT);
    expect(weightOf('solve with coefficients b and c', 'b')).toBe(LITERAL_WEIGHT);
    expect(weightOf('solve with coefficients b and c', 'solv')).toBe(1);
    expect(splitLiterals("it's the user's").literal).toBe('');
    expect(weightOf('could you provide the schedule', 'provid')).toBe(FILLER_WEIGHT);
    // Particles stay (they carry "turn off"), below the words that name things and actions.
    expect(weightOf('turn the lights off', 'off')).toBe(PARTICLE_WEIGHT);
    expect(weightOf('turn the lights off', 'light')).toBe(1);
    expect(weightOf('not on Monday, not on Friday', 'not')).toBe(2 * PARTICLE_WEIGHT);
    // A word both asked for and quoted counts as asked.
    expect(weightOf('translate "translate this"', 'translat')).toBe(1 + LITERAL_WEIGHT);
  });

  test('values a person states about themselves count as literal values', () => {
    const request =
      'Can you modify my reminder? My username is JaneSmith, password is secret, and email is jane@example.com. Our budget is 500 dollars';
    expect(weightOf(request, 'usernam')).toBe(LITERAL_WEIGHT);
    expect(weightOf(request, 'password')).toBe(LITERAL_WEIGHT);
    expect(weightOf(request, 'email')).toBe(LITERAL_WEIGHT);
    expect(weightOf(request, 'budget')).toBe(LITERAL_WEIGHT);
    expect(weightOf(request, 'reminder')).toBe(1);
    // A statement ends where another clause starts: what follows `and I need` still asks.
    const joined = 'my friend is joining from Tokyo and I need the time difference';
    expect(weightOf(joined, 'tim')).toBe(1);
    expect(weightOf(joined, 'tokyo')).toBe(LITERAL_WEIGHT);
    // Only statements at the start of a clause; a question about one's own data still asks.
    expect(weightOf('what is my account balance', 'balanc')).toBe(1);
    expect(weightOf('tell me whether my flight is delayed', 'flight')).toBe(1);
  });

  test('apostrophes inside words are not quotes', () => {
    expect(splitLiterals("it's the user's calendar, isn't it").literal).toBe('');
  });

  test('camelCase names and brands are words, random identifiers are not (property)', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        expect(isIdentifierLike(camel(words))).toBe(false);
      }),
    );
    for (const brand of ['iPhone', 'GitHub', 'PostgreSQL', 'OpenAI', 'JavaScript']) {
      expect(isIdentifierLike(brand)).toBe(false);
    }
    for (const id of ['VEp6UqIMsxap', 'rOBhSVKGVKe', 'KsuxdqnB', 'QKE091vBmySh', '401244185']) {
      expect(isIdentifierLike(id)).toBe(true);
    }
  });

  test('any text parses, and every term keeps a positive weight (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        for (const term of parseQuery(text).terms) {
          expect(term.weight).toBeGreaterThan(0);
          expect(term.count).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });
});

describe('clauses of a request for several things', () => {
  test('sentences and connectives split a request; a short request stays whole', () => {
    const parsed = parseQuery(
      'Check the drone permit for New York Park. Then provide the public transport schedule. ' +
        'Finally, calculate the turn radius of a sedan.',
    );
    const clauses = parsed.segments.map((segment) => segment.map((index) => parsed.terms[index]?.term));
    expect(clauses).toEqual([
      ['check', 'dron', 'permit', 'new', 'york', 'park'],
      ['provid', 'public', 'transport', 'schedul'],
      ['calculat', 'turn', 'radius', 'sedan'],
    ]);
    expect(parseQuery('send an email to the team').segments).toEqual([]);
    expect(parseQuery('What is the weather? Thanks!').segments).toEqual([]);
  });

  test('segments only name terms of the query, each at most once per clause (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(word, fc.constantFrom('.', 'then', 'also', ';', 'and')), { maxLength: 40 }),
        (parts) => {
          const parsed = parseQuery(parts.join(' '));
          for (const segment of parsed.segments) {
            expect(new Set(segment).size).toBe(segment.length);
            for (const index of segment) expect(parsed.terms[index]).toBeDefined();
          }
        },
      ),
    );
  });
});

describe('names in a request', () => {
  test('words capitalized inside a sentence and never in lower case are names', () => {
    expect([
      ...namedWords('Book a hotel in New York. Then find a new restaurant near Central Park.'),
    ]).toEqual(['york', 'central', 'park']);
    // The first word of a sentence or of a quotation is capitalized for grammar, not as a name.
    expect([...namedWords('"Find the weather." Also: Check the Louvre hours')]).toEqual(['louvre']);
    const parsed = parseQuery('Plan a trip to New York and find the schedule');
    expect(parsed.terms.find((term) => term.term === 'york')?.named).toBe(true);
    expect(parsed.terms.find((term) => term.term === 'new')?.named).toBe(true);
    expect(parsed.terms.find((term) => term.term === 'schedul')?.named).toBeUndefined();
  });

  test('a name is never a word the request also writes in lower case (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            word,
            word.map((text) => text[0]?.toUpperCase() + text.slice(1)),
            fc.constant('.'),
          ),
          {
            maxLength: 30,
          },
        ),
        (parts) => {
          const text = parts.join(' ');
          const lower = new Set(
            parts.filter((part) => part === part.toLowerCase()).map((part) => part.toLowerCase()),
          );
          for (const name of namedWords(text)) expect(lower.has(name)).toBe(false);
        },
      ),
    );
  });
});
