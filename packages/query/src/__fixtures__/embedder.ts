import type { EmbeddingVectors } from '@armorer/core';

/** Concepts and the words that evoke them: a tiny, deterministic stand-in for an embedding model. */
const CONCEPTS: readonly (readonly string[])[] = [
  ['email', 'mail', 'message', 'contact', 'notify', 'recipient', 'someone', 'tell', 'reach'],
  ['weather', 'forecast', 'temperature', 'rain', 'umbrella', 'sunny', 'climate'],
  ['calendar', 'meeting', 'schedule', 'event', 'appointment', 'invite', 'attendee'],
  ['github', 'issue', 'repository', 'bug', 'code', 'pull'],
  ['web', 'page', 'url', 'browse', 'website', 'fetch', 'internet'],
];

/** Counts concept words in each text; one call per batch is recorded in `calls`. */
export function createConceptEmbedder() {
  const calls: (readonly string[])[] = [];
  const embed = (texts: readonly string[]): EmbeddingVectors => {
    calls.push([...texts]);
    return texts.map((text) => {
      const words = text.toLowerCase().split(/[^a-z]+/);
      return CONCEPTS.map(
        (concept) => words.filter((word) => concept.some((root) => word.startsWith(root))).length,
      );
    });
  };
  return { embed, calls, dimensions: CONCEPTS.length };
}
