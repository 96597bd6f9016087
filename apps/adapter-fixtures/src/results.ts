import { createTool, createToolbox, type ToolResult } from '@armorer/core';
import { z } from 'zod';

/** Returns its text: a success whose output is a string. */
export const echo = createTool({
  name: 'echo',
  description: 'Echo text',
  input: { text: z.string() },
  execute: ({ text }) => text,
});

/** Streams the words of its text. */
export const words = createTool({
  name: 'words',
  description: 'Stream words',
  input: { text: z.string() },
  async *execute({ text }) {
    yield* text.split(' ');
  },
});

/** The result of calling {@link words} (call id `s`, text `a b`) with `{ stream: true }`: a live stream. */
export function liveStreamResults(): Promise<ToolResult[]> {
  return createToolbox([words]).execute([{ id: 's', name: 'words', arguments: { text: 'a b' } }], {
    stream: true,
  });
}
