import { createTool } from '@armorer/core';
import { z } from 'zod';

/** Word, sentence and reading-time statistics of a text. */
export interface TextStats {
  readonly characters: number;
  readonly words: number;
  readonly sentences: number;
  readonly longestWord: string;
  readonly readingSeconds: number;
}

const WORDS_PER_MINUTE = 230;

export function textStats(text: string): TextStats {
  const words = text.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  const sentences = text.split(/[.!?]+(?:\s|$)/).filter((part) => part.trim().length > 0);
  const longestWord = words.reduce((longest, word) => (word.length > longest.length ? word : longest), '');
  return {
    characters: text.length,
    words: words.length,
    sentences: sentences.length,
    longestWord,
    readingSeconds: Math.ceil((words.length / WORDS_PER_MINUTE) * 60),
  };
}

export const textStatistics = createTool({
  name: 'text-stats',
  description: 'Count the characters, words and sentences of a text and estimate its reading time.',
  input: { text: z.string().min(1).max(100_000) },
  tags: ['text'],
  metadata: { readOnly: true },
  async execute({ text }) {
    return textStats(text);
  },
});
