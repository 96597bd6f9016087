import { describe, expect, test } from 'bun:test';
import { type AnyTool, createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { tokenize } from '../text/tokenize';
import { searchTools } from './search-tools';

const tool = (name: string, description: string): AnyTool =>
  createTool({ name, description, execute: () => null });

/** A catalog where each request clause has one right tool and several tools share its words. */
function catalog(): AnyTool[] {
  return [
    tool('getFilmDetails', 'Retrieve details of a film'),
    tool('getFilmLighting', 'Retrieve information about film lighting techniques'),
    tool('getLightingInfo', 'Retrieve information about film lighting'),
    tool('calculateLightingIntensity', 'Calculate the intensity of film lighting'),
    tool('controlLight', 'Control the light in a home automation system'),
    tool('getPhotoInfo', 'Retrieve information about a specific photograph'),
    tool('getPhotoExposure', 'Retrieve the exposure settings of a photograph'),
    tool('getBookInfo', 'Retrieve information about a book'),
    tool('requestArticle', 'Request an article from a library'),
    tool('getMentalHealthStatus', 'Retrieve the mental health status of a person'),
    tool('assessMentalHealth', "Assess an individual's mental health status"),
    tool('getTechnologyImpact', 'Retrieve the impact of technology on society'),
  ];
}

const names = (matches: readonly { name: string }[]) => matches.map((match) => match.name);

describe('searchTools: requests for several things', () => {
  test('a clause that asks for two things lifts the best tool of the words its leader leaves', async () => {
    const toolbox = createToolbox([
      tool('linear_regression_fit', 'Fit a linear regression model to data'),
      tool('linear_regression', 'Applies linear regression to a set of variables'),
      tool('run_linear_regression', 'Build a linear regression model from predictors'),
      tool('regression_report', 'Report on a regression model'),
      tool('data_loading', 'Load data from a csv file'),
      tool('weather_today', 'The weather of a city'),
    ]);
    const matches = await searchTools(toolbox, {
      query:
        'Use the numbers in sales.csv and fit a linear regression model to them. Then show the weather of Paris.',
      limit: 5,
    });
    // `data_loading` answers the clause's other request; `regression_report` only repeats its leader's words.
    expect(names(matches).slice(0, 2)).toEqual(['linear_regression_fit', 'weather_today']);
    expect(names(matches)).toContain('data_loading');
    expect(names(matches)).not.toContain('regression_report');
  });

  test("each clause's best tool reaches the top, not only the tools of the wordiest clause", async () => {
    const toolbox = createToolbox(catalog());
    const matches = await searchTools(toolbox, {
      query:
        'Please provide me with the details of the film Arrival. Additionally, I would like to know about the ' +
        'lighting techniques used in the film, such as three-point lighting, high-key lighting and low-key ' +
        'lighting. Finally, describe the photograph with the ID AijaeA15T0.',
      limit: 3,
    });
    expect(new Set(names(matches))).toEqual(new Set(['getFilmDetails', 'getFilmLighting', 'getPhotoInfo']));
  });

  test('quoted titles are values: the tool asked for wins over tools named like the title', async () => {
    const toolbox = createToolbox(catalog());
    const matches = await searchTools(toolbox, {
      query: 'Request the article titled "The Impact of Technology on Mental Health" with card 789123456',
      limit: 1,
    });
    expect(names(matches)).toEqual(['requestArticle']);
  });

  test('a result says which words matched and where', async () => {
    const toolbox = createToolbox(catalog());
    const [first] = await searchTools(toolbox, { query: 'film lighting', limit: 1 });
    expect(first?.matched).toEqual([
      { word: 'film', term: 'film', fields: ['name', 'description'] },
      { word: 'lighting', term: 'light', fields: ['name', 'description'] },
    ]);
  });

  test('any request ranks without throwing; every match names only query words (property)', async () => {
    const toolbox = createToolbox(catalog());
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (query) => {
        const matches = await searchTools(toolbox, { query, limit: 5 });
        expect(matches.length).toBeLessThanOrEqual(5);
        const words = tokenize(query);
        for (const match of matches) {
          for (const entry of match.matched) {
            expect(words).toContain(entry.word);
            expect(entry.fields.length).toBeGreaterThan(0);
          }
        }
        for (let index = 1; index < matches.length; index++) {
          expect(matches[index - 1]?.score ?? 0).toBeGreaterThanOrEqual(matches[index]?.score ?? 0);
        }
      }),
      { numRuns: 200 },
    );
  });
});
