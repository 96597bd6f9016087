/** Zero-width and soft-hyphen characters an attacker can slip between letters. */
const INVISIBLE = '[\\u00AD\\u200B-\\u200D\\u2060\\uFEFF]{0,4}';
/** What may stand between the words of a marker keyword: spacing, underscores, dashes, dots. */
const SEPARATOR = '[\\s_.\\-\\u2010-\\u2015\\uFF0D\\uFF3F\\u00AD\\u200B-\\u200D\\u2060\\uFEFF]{0,8}';
const MAX_INVISIBLE = 4;
const MAX_SEPARATOR = 8;

/** Rewrites text that imitates a fence so it cannot read as one. */
export interface Neutralizer {
  /** What replaces an imitation: `[marker removed]`, or `[…]` when a keyword would match that. */
  readonly replacement: string;
  /** Replaces marker keywords (any case, spacing or full-width form) and the call's token. */
  neutralize(text: string, token: string): string;
  /** The longest text a single replacement can cover: how much a stream must hold back between chunks. */
  readonly hold: number;
}

const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;

/** A character class matching an ASCII letter or digit in either case and its full-width forms. */
function characterClass(character: string): string {
  const variants = new Set([character.toLowerCase(), character.toUpperCase()]);
  const codes = [...variants].flatMap((variant) => {
    const code = variant.charCodeAt(0);
    return [code, code - 0x21 + 0xff01];
  });
  return `[${codes.map(hex).join('')}]`;
}

/** Word runs of at least four characters in the fixed parts of the delimiters: the fence's keywords. */
export function keywordsOf(fixedParts: readonly string[]): string[] {
  const keywords = new Set<string>();
  for (const part of fixedParts)
    for (const match of part.matchAll(/[A-Za-z0-9_]{4,}/g)) keywords.add(match[0]);
  return [...keywords].sort((left, right) => right.length - left.length);
}

/**
 * Builds the neutralizer for a set of keywords. The replacement never contains a keyword, so neutralizing
 * twice (as a stream does across chunk boundaries) changes nothing more.
 */
export function createNeutralizer(keywords: readonly string[]): Neutralizer {
  let hold = 64;
  const alternatives = keywords.map((keyword) => {
    const words = keyword.split('_').filter(Boolean);
    const letters = words.join('').length;
    hold = Math.max(hold, letters * (1 + MAX_INVISIBLE) + words.length * MAX_SEPARATOR);
    return words.map((word) => [...word].map(characterClass).join(INVISIBLE)).join(SEPARATOR);
  });
  const pattern = alternatives.length === 0 ? undefined : new RegExp(alternatives.join('|'), 'giu');
  const replacement =
    pattern !== undefined && new RegExp(pattern.source, 'iu').test('[marker removed]')
      ? '[…]'
      : '[marker removed]';
  return {
    replacement,
    hold,
    neutralize(text, token) {
      const withoutToken = text.includes(token) ? text.split(token).join(replacement) : text;
      return pattern === undefined ? withoutToken : withoutToken.replace(pattern, replacement);
    },
  };
}
