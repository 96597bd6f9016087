import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { fromOpenAPI } from './from-openapi';

const BASE = 'https://api.example.com/tenants/acme';
/** Characters that URL parsers treat specially, plus plain ones. */
const HOSTILE = [
  '.',
  '.',
  '%',
  '2',
  'e',
  'E',
  '/',
  '\\',
  '?',
  '#',
  '@',
  ':',
  ';',
  '=',
  ',',
  'a',
  'é',
  ' ',
  '\t',
  '{',
  '}',
];
const text = (maxLength: number) =>
  fc.array(fc.constantFrom(...HOSTILE), { maxLength }).map((chars) => chars.join(''));

function recorder(urls: string[]) {
  return async (url: string) => {
    urls.push(url);
    return Response.json(null);
  };
}

function segmentsOf(pathname: string): number {
  return pathname.split('/').length;
}

describe('property: request URLs stay under the baseUrl', () => {
  test('any path key is refused at import or yields URLs on the base origin under the base path', async () => {
    await fc.assert(
      fc.asyncProperty(text(12), text(6), async (suffix, value) => {
        const key = `/${suffix}`.replace(/\{[^}]*\}/g, '{p}');
        const parameters = key.includes('{p}')
          ? [{ name: 'p', in: 'path', required: true, schema: { type: 'string' } }]
          : [];
        const urls: string[] = [];
        const { toolbox } = fromOpenAPI(
          {
            openapi: '3.1.0',
            info: { title: 't', version: '1' },
            paths: { [key]: { get: { parameters, responses: {} } } },
          },
          { baseUrl: BASE, fetch: recorder(urls) },
        );
        const [tool] = toolbox.tools();
        if (tool === undefined) return;
        await toolbox.execute({
          name: tool.configuration.name,
          arguments: parameters.length > 0 ? { p: value } : {},
        });
        for (const url of urls) {
          const parsed = new URL(url);
          expect(parsed.origin).toBe('https://api.example.com');
          expect(parsed.pathname.startsWith('/tenants/acme/')).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('path parameter values never add, remove or climb segments, in every style', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('simple', 'label', 'matrix'),
        fc.boolean(),
        fc.oneof(
          text(6),
          fc.array(text(4), { maxLength: 3 }),
          fc.dictionary(text(3), text(3), { maxKeys: 2 }),
        ),
        fc.oneof(text(6), fc.array(text(4), { maxLength: 3 })),
        async (style, explode, first, second) => {
          const param = (name: string) => ({ name, in: 'path', required: true, style, explode, schema: {} });
          const template = '/x/{a}/{a}{b}/y';
          const urls: string[] = [];
          const { toolbox } = fromOpenAPI(
            {
              openapi: '3.1.0',
              info: { title: 't', version: '1' },
              paths: {
                [template]: {
                  get: { operationId: 'op', parameters: [param('a'), param('b')], responses: {} },
                },
              },
            },
            { baseUrl: BASE, fetch: recorder(urls) },
          );
          const result = await toolbox.execute({ name: 'op', arguments: { a: first, b: second } });
          if (result.outcome !== 'success') {
            expect(result.error?.code).toBe('INVALID_ARGUMENTS');
            expect(urls).toEqual([]);
            return;
          }
          const parsed = new URL(urls[0] as string);
          expect(parsed.origin).toBe('https://api.example.com');
          expect(parsed.pathname.startsWith('/tenants/acme/x/')).toBe(true);
          expect(parsed.pathname.endsWith('/y')).toBe(true);
          expect(segmentsOf(parsed.pathname)).toBe(segmentsOf(`/tenants/acme${template}`));
        },
      ),
      { numRuns: 400 },
    );
  });
});
