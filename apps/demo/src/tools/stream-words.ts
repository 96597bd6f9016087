import { createTool } from '@armorer/core';
import { z } from 'zod';

/**
 * Streams a text word by word, reporting progress: a stand-in for a tool that produces tokens. Runs under
 * Bun and Node (the inspector serves the demo under either).
 */
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
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      yield word;
      progress({ percent: Math.round(((index + 1) / words.length) * 100), message: word });
    }
  },
});
