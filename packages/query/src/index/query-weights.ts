import { tokenize } from '../text/tokenize';

/**
 * Weight of a word that is a value rather than a request: text in quotes (a title, a message to send) and
 * identifiers (`VEp6UqIMsxap`). Such words still match, so a tool named after a quoted word is found, but they
 * no longer outweigh the words that say what to do.
 */
export const LITERAL_WEIGHT = 0.25;
/** Weight of the words of request prose ("could you provide me the information ...") that name no tool. */
export const FILLER_WEIGHT = 0.3;

/** Words of task prose that say how a person asks, not what for. */
const FILLERS = new Set(
  (
    'provide tell give know like want need help interested curious assist firstly first ' +
    'assistance kindly hi hello thank thanks sure yes okay ok correct wonder wondering looking eager love ' +
    'possible able let would could request requested appreciate great'
  ).split(' '),
);

/** True for words of request prose (see {@link FILLER_WEIGHT}). */
export function isFiller(word: string): boolean {
  return FILLERS.has(word);
}

const QUOTED =
  /"[^"\n]{1,200}"|\u201c[^\u201d\n]{1,200}\u201d|(?<=^|[\s(])'[^'\n]{1,200}'(?=$|[\s.,;:!?)])/gu;
const RAW_TOKEN = /[\p{L}\p{N}]+/gu;

/**
 * An identifier or code rather than a word: mostly digits, or letters whose case changes so often that its
 * parts are one or two letters long (`VEp6UqIMsxap`, `KsuxdqnB`, `QKE091vBmySh`), unlike a camelCase name
 * (`getWaterQuality`) or a brand (`iPhone`, `GitHub`).
 */
export function isIdentifierLike(token: string): boolean {
  if (/^\d+$/u.test(token)) return true;
  if (token.length < 6) return false;
  // Letters and digits mixed over eight characters or more: a code (`QKE091vBmySh`), not `ec2` or `base64`.
  if (token.length >= 8 && /\d/u.test(token) && /\p{L}/u.test(token)) return true;
  const parts = tokenize(token);
  if (parts.length > 1) parts.pop(); // the whole camel-cased word, appended by tokenize
  if (parts.length < 2) return false;
  for (let index = 1; index < parts.length; index++) if ((parts[index] as string).length === 1) return true;
  const letters = parts.reduce((sum, part) => sum + part.length, 0);
  return letters / parts.length < 3;
}

/**
 * Splits a request into the text that asks (words at full weight) and the literal values in it (quoted text
 * and identifiers), which get {@link LITERAL_WEIGHT}.
 */
export function splitLiterals(text: string): { readonly asking: string; readonly literal: string } {
  const literal: string[] = [];
  let asking = text.replace(QUOTED, (quoted) => {
    literal.push(quoted);
    return ' ';
  });
  asking = asking.replace(RAW_TOKEN, (token) => {
    if (!isIdentifierLike(token)) return token;
    literal.push(token);
    return ' ';
  });
  return { asking, literal: literal.join(' ') };
}
