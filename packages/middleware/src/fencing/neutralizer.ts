import { keywordSkeleton, lastLettersStart, locate, skeletonOf } from './fold';

/** Rewrites text that imitates a fence so it cannot read as one. */
export interface Neutralizer {
  /** What replaces an imitation: `[marker removed]`, or `[…]` when a keyword would match that. */
  readonly replacement: string;
  /**
   * Replaces the call's token and every imitation of a marker keyword, however it is disguised (case,
   * any spacing or punctuation, zero-width, bidi and tag characters, compatibility forms such as
   * full-width or mathematical letters, accents, Cyrillic and Greek look-alikes): see `fold.ts`.
   */
  neutralize(text: string, token: string): string;
  /**
   * Where a stream may cut already neutralized text: everything before the returned index can be sent,
   * because no marker can start there and be completed by later text.
   */
  safeCut(text: string): number;
}

const NON_ASCII = /[^\t\n\r\u0020-\u007e]/;

function escapeForClass(character: string): string {
  return /[A-Za-z0-9]/.test(character) ? character : `\\${character}`;
}

/** Longest text a stream holds back, whatever the disguise: a marker spread wider does not read as one. */
const MAX_HOLD = 64 * 1024;

/** Word runs of at least four characters in the fixed parts of the delimiters: the fence's keywords. */
export function keywordsOf(fixedParts: readonly string[]): string[] {
  const keywords = new Set<string>();
  for (const part of fixedParts)
    for (const match of part.matchAll(/[A-Za-z0-9_]{4,}/g)) keywords.add(match[0]);
  return [...keywords].sort((left, right) => right.length - left.length);
}

/** Non-overlapping matches of the keyword skeletons in a skeleton, longest keyword first at each place. */
function findMatches(skeleton: string, keywords: readonly string[]): [number, number][] {
  const found: [number, number][] = [];
  for (const keyword of keywords) {
    for (let at = skeleton.indexOf(keyword); at !== -1; at = skeleton.indexOf(keyword, at + 1)) {
      found.push([at, at + keyword.length]);
    }
  }
  found.sort((left, right) => left[0] - right[0] || right[1] - left[1]);
  const kept: [number, number][] = [];
  for (const match of found) {
    const last = kept[kept.length - 1];
    if (last !== undefined && match[0] < last[1]) {
      if (match[1] > last[1]) last[1] = match[1];
      continue;
    }
    kept.push(match);
  }
  return kept;
}

/**
 * Builds the neutralizer for a set of keywords. The replacement never contains a keyword, so neutralizing
 * twice (as a stream does across chunk boundaries) changes nothing more.
 */
export function createNeutralizer(keywords: readonly string[]): Neutralizer {
  const skeletons = [...new Set(keywords.map(keywordSkeleton).filter((keyword) => keyword.length > 0))].sort(
    (left, right) => right.length - left.length,
  );
  const longest = skeletons[0]?.length ?? 0;
  const replacement = skeletons.some((keyword) => skeletonOf('[marker removed]').includes(keyword))
    ? '[…]'
    : '[marker removed]';

  // ASCII text (the common case) is matched directly: letters in order, anything but letters and digits
  // between them. The classes are disjoint from the letters, so matching is linear.
  const asciiPattern =
    skeletons.length === 0
      ? undefined
      : new RegExp(
          skeletons.map((keyword) => [...keyword].map(escapeForClass).join('[^A-Za-z0-9]*')).join('|'),
          'gi',
        );

  const replaceKeywords = (text: string): string => {
    if (asciiPattern === undefined) return text;
    if (!NON_ASCII.test(text)) return text.replace(asciiPattern, replacement);
    // The quick pass decides; the positions are computed only for text that holds an imitation.
    const skeleton = skeletonOf(text);
    if (!skeletons.some((keyword) => skeleton.includes(keyword))) return text;
    const matches = findMatches(skeleton, skeletons);
    const places = locate(
      text,
      matches.flatMap(([start, end]) => [start, end - 1]),
    );
    let out = '';
    let from = 0;
    for (let index = 0; index < matches.length; index++) {
      const first = places[2 * index];
      const last = places[2 * index + 1];
      if (first === undefined || last === undefined || first.start < from) continue;
      out += text.slice(from, first.start) + replacement;
      from = last.end;
    }
    return out + text.slice(from);
  };

  return {
    replacement,
    neutralize(text, token) {
      const withoutToken =
        token.length > 0 && text.includes(token) ? text.split(token).join(replacement) : text;
      return replaceKeywords(withoutToken);
    },
    safeCut(text) {
      if (longest <= 1) return text.length;
      // A marker completed by later text can start no earlier than the first of the last
      // `longest - 1` letters or digits of the skeleton.
      return lastLettersStart(text, longest - 1, MAX_HOLD);
    },
  };
}
