import { tokenize } from '../text/tokenize';

/**
 * Weight of a word that is a value rather than a request: text in quotes (a title, a message to send),
 * identifiers (`VEp6UqIMsxap`) and values a person states about themselves ("my username is foo"). Such
 * words still match, so a tool named after a quoted word is found, but they no longer outweigh the words that
 * say what to do.
 */
export const LITERAL_WEIGHT = 0.25;
/** Weight of the words of request prose ("could you provide me the information ...") that name no tool. */
export const FILLER_WEIGHT = 0.3;

/**
 * Weight of the function words a request keeps for their meaning (`on`, `off`, `up`, `down`, `out`, `not`,
 * `no`: "turn the lights off", "scale up"): they say what to do with the words around them, but on their
 * own they meet the "based on" and "up to" of every other description, so they count less than a word that
 * names a thing or an action.
 */
export const PARTICLE_WEIGHT = 0.7;

const PARTICLES = new Set(['on', 'off', 'up', 'down', 'out', 'not', 'no']);

/** True for the function words a request keeps (see {@link PARTICLE_WEIGHT}). */
export function isParticle(word: string): boolean {
  return PARTICLES.has(word);
}

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
/** `is <value>` up to the end of the clause (a conjunction that starts another clause ends it too). */
const STATED_VALUE = String.raw`(?:is|are|was|were)\s+(?:(?!\s(?:and|but|so|then|to|because)\s)[^.?!,;\n]){1,60}`;
const NOUN_WORD = String.raw`[\p{L}\p{N}'_-]+\s+`;
/**
 * A value the person states about themselves, at the start of a clause: "My username is foo, password is
 * bar, and email is foo@example.com", "our budget is 500 dollars". Such clauses give a tool its arguments
 * (who, which account, how much); the rest of the request says what to do.
 */
const STATED = new RegExp(
  String.raw`(?<=^|[.?!,;]\s*|\band\s+)(?:my|our)\s+(?:${NOUN_WORD}){0,3}?${STATED_VALUE}` +
    String.raw`(?:,\s*(?:and\s+)?(?:my\s+|our\s+)?(?:${NOUN_WORD}){1,3}?${STATED_VALUE})*`,
  'giu',
);

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
 * A single Latin letter is a variable or a value ("x = 3", "4 ft x 4 ft", "coefficients a, b and c"), unless
 * it ends a contraction (the `s` of "it's").
 */
function isVariable(token: string, before: string): boolean {
  return /^[a-z]$/iu.test(token) && before !== "'" && before !== '\u2019';
}

/**
 * Splits a request into the text that asks (words at full weight) and the literal values in it (quoted text,
 * identifiers, and the values a person states about themselves: "my password is ..."), which get
 * {@link LITERAL_WEIGHT}.
 */
export function splitLiterals(text: string): { readonly asking: string; readonly literal: string } {
  const literal: string[] = [];
  const unstated = text.replace(STATED, (statement) => {
    literal.push(statement);
    return ' ';
  });
  let asking = unstated.replace(QUOTED, (quoted) => {
    literal.push(quoted);
    return ' ';
  });
  asking = asking.replace(RAW_TOKEN, (token, at: number, whole: string) => {
    if (!isIdentifierLike(token) && !isVariable(token, whole.charAt(at - 1))) return token;
    literal.push(token);
    return ' ';
  });
  return { asking, literal: literal.join(' ') };
}

const WORD_AT = /[\p{L}\p{N}]+/gu;
/** What ends a sentence: the next word starts it, so its capital says nothing. */
const SENTENCE_END = /[.?!:;\n]/u;
/** What may stand between the end of a sentence and its first word: spaces, quotes, brackets. */
const OPENING = /[\s"'\u201c\u2018([-]/u;

function isCapitalized(token: string): boolean {
  const code = token.charCodeAt(0);
  if (code < 128) return code >= 65 && code <= 90;
  const first = token.charAt(0);
  return first === first.toUpperCase() && first !== first.toLowerCase();
}

/**
 * The words a request writes only as parts of names: capitalized inside a sentence ("New York", "Golden
 * State", "Louvre"), never in lower case. A name is matched as written: it has no synonyms (the `new` of
 * "New York" is not "create") and is no typo of another word.
 */
export function namedWords(text: string): ReadonlySet<string> {
  const named = new Set<string>();
  // Only capitalized words are read closely; the others are kept as written, to be looked up.
  const lower = new Set<string>();
  const capitalized: string[] = [];
  for (const match of text.matchAll(WORD_AT)) {
    const token = match[0];
    if (isCapitalized(token)) {
      let before = match.index - 1;
      while (before >= 0 && OPENING.test(text.charAt(before))) before--;
      if (before < 0 || SENTENCE_END.test(text.charAt(before))) lower.add(token.toLowerCase());
      else capitalized.push(token);
    } else lower.add(token);
  }
  for (const token of capitalized) for (const word of tokenize(token)) if (!lower.has(word)) named.add(word);
  return named;
}
