import { createTool } from '@armorer/core';
import { z } from 'zod';

/** Streams a text word by word, reporting progress: a stand-in for a tool that produces tokens. */
export const streamWords = createTool({
  name: 'stream-words',
  description: 'Stream the words of a text one at a time, for incremental display.',
  input: z.object({ text: z.string().min(1), delayMs: z.number().int().min(0).max(100).default(2) }),
  tags: ['text', 'streaming'],
  metadata: { readOnly: true },
  async *execute({ text, delayMs }, { progress, signal }) {
    const words = text.split(/\s+/).filter((word) => word.length > 0);
    for (const [index, word] of words.entries()) {
      if (signal.aborted) return;
      await Bun.sleep(delayMs);
      yield word;
      progress({ percent: Math.round(((index + 1) / words.length) * 100), message: word });
    }
  },
});
