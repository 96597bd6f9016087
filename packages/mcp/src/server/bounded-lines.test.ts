import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { boundedLines } from './bounded-lines';

async function through(limit: number, chunks: readonly Buffer[]): Promise<Buffer> {
  const stream = boundedLines(limit);
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return Buffer.concat(out);
}

test('lines within the limit pass unchanged; longer ones are cut to the limit; newlines are kept', async () => {
  const text = fc.stringMatching(/^[ab\n]{0,60}$/);
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 8 }),
      fc.array(text, { maxLength: 6 }),
      async (limit, parts) => {
        const input = parts.join('');
        const output = (
          await through(
            limit,
            parts.map((part) => Buffer.from(part)),
          )
        ).toString();
        const expected = input
          .split('\n')
          .map((line) => line.slice(0, limit))
          .join('\n');
        expect(output).toBe(expected);
      },
    ),
  );
});
