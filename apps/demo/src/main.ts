/**
 * `bun run demo`: the armorer demo, end to end, with no API key.
 *
 * @module
 */
import { runDemo } from './demo';
import { runProviderLoop } from './provider-loop';
import { runResponsesLoop } from './responses-loop';
import { shouldColor } from './style';

export type { DemoOptions, DemoSummary } from './demo';
export { runDemo };

if (import.meta.main) {
  const print = (line: string): void => console.log(line);
  await runDemo(print, { color: shouldColor(process.stdout) });
  print('');
  print('== A full provider loop with the official OpenAI client');
  print(
    process.env['OPENAI_API_KEY']
      ? '   (OPENAI_API_KEY is set: talking to the real API)'
      : '   (no OPENAI_API_KEY: talking to a loopback stub that answers like the API)',
  );
  await runProviderLoop({ print, apiKey: process.env['OPENAI_API_KEY'] });
  print('');
  print('== The same loop on the OpenAI Responses API (responses.create, parallel function calls)');
  await runResponsesLoop({ print, apiKey: process.env['OPENAI_API_KEY'] });
}
