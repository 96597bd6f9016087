import { describe, expect, test } from 'bun:test';
import { type AnyTool, createTool, createToolbox } from '@armorer/core';
import { searchTools } from './search-tools';

const tool = (name: string, description: string): AnyTool =>
  createTool({ name, description, execute: () => null });
const names = (matches: readonly { name: string }[]) => matches.map((match) => match.name);

describe('searchTools: name phrases and name feedback', () => {
  test('request words in a row that are name terms in a row outrank the same words apart', async () => {
    // Same words in both names and the same description: only the order of the name's terms differs.
    const toolbox = createToolbox([
      tool('ranking_of_world_cities', 'Rankings by year'),
      tool('world_ranking_cities', 'Rankings by year'),
      tool('weather_today', 'The weather'),
    ]);
    const matches = await searchTools(toolbox, { query: 'the world rankings of cities this year', limit: 2 });
    expect(names(matches)).toEqual(['world_ranking_cities', 'ranking_of_world_cities']);
    // The explanation names the words, never the phrase.
    for (const term of matches[0]?.matched ?? []) expect(term.word).not.toContain(' ');
  });

  test("the best tool's rarer name terms raise its siblings over look-alikes of other services", async () => {
    const toolbox = createToolbox([
      tool('scorecards_for_live_golf_data', 'Fetch a scorecard for a round'),
      tool('points_for_cricket_stats', 'Points earned per player'),
      tool('points_for_live_golf_data', 'Points earned per player'),
      tool('teams_for_cricket_stats', 'Teams of a league'),
      tool('weather_for_open_meteo', 'Weather forecast'),
      tool('geocode_for_open_meteo', 'Coordinates of a place'),
      tool('send_email_for_mailer', 'Send an email'),
      tool('list_files_for_storage', 'List stored files'),
      tool('convert_currency_for_fx', 'Convert an amount'),
      tool('translate_text_for_lingo', 'Translate a text'),
    ]);
    const matches = await searchTools(toolbox, {
      query: 'Fetch the scorecard of my last round, and my points',
      limit: 3,
    });
    // Without feedback the two points tools tie and the first registered wins; the scorecards tool's
    // service (live golf data) decides for its sibling.
    expect(names(matches)).toEqual([
      'scorecards_for_live_golf_data',
      'points_for_live_golf_data',
      'points_for_cricket_stats',
    ]);
  });

  test('a request phrase in a description outranks the same words apart', async () => {
    // The same words in each description (stopwords aside); only their order differs.
    const toolbox = createToolbox([
      tool('story_tool', 'Rate the heart of a story'),
      tool('vitals_tool', 'The heart rate of a story'),
      tool('weather_tool', 'The weather of a city'),
    ]);
    const matches = await searchTools(toolbox, { query: 'what is my heart rate', limit: 2 });
    expect(names(matches)).toEqual(['vitals_tool', 'story_tool']);
    for (const term of matches[0]?.matched ?? []) expect(term.fields).toEqual(['description']);
  });

  test('a word the request repeats adds less each time (query-term saturation)', async () => {
    const toolbox = createToolbox([
      tool('book_appointment', 'Book an appointment'),
      tool('record_vitals', 'Record the pulse and the temperature of a patient'),
      tool('weather_today', 'The weather'),
    ]);
    const matches = await searchTools(toolbox, {
      query:
        'My appointment, the appointment, that appointment: the appointment moved. Appointment aside, record my pulse',
      limit: 2,
    });
    expect(names(matches)).toEqual(['record_vitals', 'book_appointment']);
  });

  test('a name in the request meets its own word only, never a synonym or a typo of one', async () => {
    const toolbox = createToolbox([
      tool('model_make', 'Make a model'),
      tool('restaurant_find', 'Find restaurants in a city'),
    ]);
    // The `new` of "New York" is part of a name: it does not meet `make` (a synonym of `new` as "create").
    const named = await searchTools(toolbox, { query: 'restaurants in New York', limit: 5 });
    expect(names(named)).toEqual(['restaurant_find']);
    // Written as a word of the request, it does.
    const asked = await searchTools(toolbox, { query: 'a new model', limit: 1 });
    expect(names(asked)).toEqual(['model_make']);
  });

  test('a tool whose whole name the request states outranks longer names that share the phrase', async () => {
    const toolbox = createToolbox([
      tool('weather_forecast_humidity', 'Retrieve a humidity forecast for a location for a number of days'),
      tool('weather_forecast', 'Retrieve a weather forecast for a location and time frame'),
      tool(
        'weather_forecast_temperature',
        'Retrieve a temperature forecast for a location for a number of days',
      ),
    ]);
    const matches = await searchTools(toolbox, {
      query: 'I need the weather forecast for Seattle for the next 5 days',
      limit: 3,
    });
    expect(names(matches)[0]).toBe('weather_forecast');
    // The same words out of order do not state the name.
    const reordered = await searchTools(toolbox, {
      query: 'forecast the weather of the next 5 days',
      limit: 3,
    });
    expect(names(reordered)[0]).not.toBe('weather_forecast');
  });

  test('a name is a noun: its plural meets the singular, an -ed or -ing ending is part of the name', async () => {
    const tools = [
      tool('unit_conversion', 'Convert a value from one unit to another'),
      tool('get_population', 'Population data for a country and year'),
      tool('euro_rates', 'Exchange rates of the euro'),
    ];
    // "United" is not `unit`: it meets no tool, since none writes it.
    const population = await searchTools(createToolbox(tools), {
      query: 'The population of the United States',
      limit: 5,
    });
    expect(names(population)).toEqual(['get_population']);
    // A tool that writes the name as it is written meets it.
    const airline = tool('airline_flights', 'Flights of United Airlines');
    const flights = await searchTools(createToolbox([...tools, airline]), {
      query: 'Book a seat on a United flight',
      limit: 1,
    });
    expect(names(flights)).toEqual(['airline_flights']);
    // A plural name meets its singular.
    const rates = await searchTools(createToolbox(tools), { query: 'What do I get for my Euros?', limit: 1 });
    expect(names(rates)).toEqual(['euro_rates']);
  });

  test('a typo keeps its first letter: a word one edit from another there is another word', async () => {
    const toolbox = createToolbox([
      tool('winner_of_game', 'Get the winner of a game'),
      tool('recipe_find', 'Find a recipe'),
      tool('weather_today', 'The weather of a city'),
    ]);
    expect(names(await searchTools(toolbox, { query: 'dinner recipes', limit: 5 }))).toEqual(['recipe_find']);
    // A slip past the first letter is still forgiven.
    expect(names(await searchTools(toolbox, { query: 'wether today', limit: 1 }))).toEqual(['weather_today']);
  });

  test('in task prose a short word no tool uses is not read as a typo', async () => {
    const toolbox = createToolbox([
      tool('chess_play', 'Make a move in a chess game'),
      tool('trip_itinerary', 'Build an itinerary for a trip with hotels and sights'),
    ]);
    const prose =
      'Could you help me plan my summer trip to the coast next month with hotels, sights and a budget?';
    const matches = await searchTools(toolbox, { query: prose, limit: 2 });
    expect(names(matches)).toEqual(['trip_itinerary']);
    // A short request keeps its typo tolerance: `chess plya` still meets `play`.
    expect(names(await searchTools(toolbox, { query: 'chess plya', limit: 1 }))).toEqual(['chess_play']);
  });

  test('a word no tool uses meets the tool words of its family, and the match says which', async () => {
    const toolbox = createToolbox([
      tool('query_history_today', 'What happened on a date in history'),
      tool('hotel_booking', 'Book a hotel room'),
      tool('weather_today', 'The weather of a city'),
    ]);
    const matches = await searchTools(toolbox, { query: 'historical events of April 21st', limit: 3 });
    expect(names(matches)).toEqual(['query_history_today']);
    expect(matches[0]?.matched).toEqual([
      // The indexed term is the stem: `history` is written `histori` (Porter's final y -> i).
      { word: 'historical', term: 'histori', fields: ['name', 'description'] },
    ]);
    // A word the tools use is not widened: `history` does not meet `historian`.
    const widened = await searchTools(
      createToolbox([tool('history_log', 'The history'), tool('historian_profile', 'A historian')]),
      { query: 'history' },
    );
    expect(names(widened)).toEqual(['history_log']);
  });

  test('a request that restates a description lifts that tool (description coverage)', async () => {
    // Without the coverage boost the name hits win (3.35 against 2.86); the description the request restates
    // gains half its score.
    const toolbox = createToolbox([
      tool(
        'quadratic_equation_roots',
        'A toolkit for algebra homework with explanations for teachers and students',
      ),
      tool('math_helper', 'Roots of a quadratic equation'),
      tool('weather_today', 'The weather of a city'),
    ]);
    const matches = await searchTools(toolbox, { query: 'roots of the quadratic equation', limit: 2 });
    expect(names(matches)).toEqual(['math_helper', 'quadratic_equation_roots']);
    for (const term of matches[0]?.matched ?? []) expect(term.fields).toEqual(['description']);
  });
});
