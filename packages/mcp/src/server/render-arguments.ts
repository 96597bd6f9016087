/**
 * What a human is shown of a paused call's arguments: a sanitized, bounded rendering. Arguments come
 * from a model (and through it from any text the model read), so they may hold characters that reorder
 * the prompt (bidi overrides and isolates), hide text (zero-width and other invisible characters), fake
 * lines (newlines, line separators), or simply run for megabytes. Each such character is shown as a
 * visible escape (`\u{202E}`, `\n`); long strings, long lists, deep structures and the whole text are cut
 * with a marker that says how much was left out.
 */

/** The bounds of a rendering, in UTF-16 code units. */
export const RENDER_LIMITS = {
  /** The whole rendering. */
  maxLength: 1000,
  /** One string value or key. */
  maxString: 120,
  /** Nesting shown before `{…}` / `[…]`. */
  maxDepth: 4,
  /** Entries shown per object or array. */
  maxEntries: 20,
  /** Combining marks shown in a row after one base character (more stack into an unreadable smear). */
  maxMarks: 4,
} as const;

/**
 * Characters shown as escapes: controls (Cc), format characters (Cf: bidi controls, zero-width
 * characters, tags, the soft hyphen), line and paragraph separators, private-use, unassigned and
 * surrogate code points, every space but U+0020, and the invisible letters and fillers that are not
 * in those classes (Hangul fillers, the combining grapheme joiner, variation selectors, the blank
 * Braille pattern, Khmer inherent vowels, Mongolian selectors).
 */
const HIDDEN_CLASS =
  // A string: the class lists combining characters (each matched alone, on purpose), which the linter
  // would read as a character joined to a mark.
  '[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Co}\\p{Cn}\\p{Cs}\\u00A0\\u1680\\u2000-\\u200A\\u202F\\u205F\\u3000\\u034F\\u115F\\u1160' +
  '\\u17B4\\u17B5\\u180B-\\u180F\\u2800\\u3164\\uFE00-\\uFE0F\\uFFA0\\u{E0100}-\\u{E01EF}]';
/**
 * Built on the first rendering: constructing it (the unassigned code points alone are a large class)
 * took about 0.35 ms of CPU under Node 22 at every import of the package (issue 36).
 */
let hidden: RegExp | undefined;
function isHidden(character: string): boolean {
  hidden ??= new RegExp(HIDDEN_CLASS, 'u');
  return hidden.test(character);
}
const MARK = /\p{M}/u;

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '"': '\\"',
  '\\': '\\\\',
};

function hexEscape(code: number): string {
  return `\\u{${code.toString(16).toUpperCase().padStart(4, '0')}}`;
}

function shownCharacter(character: string, code: number, quoted: boolean): string {
  const short = SHORT_ESCAPES[character];
  if (short !== undefined) return quoted || (character !== '"' && character !== '\\') ? short : character;
  return isHidden(character) ? hexEscape(code) : character;
}

/**
 * The body of a sanitized string (no quotes), at most `limit` code units including the cut marker. Units
 * are appended whole, so a cut never splits an escape or a surrogate pair.
 */
function sanitizeBody(text: string, limit: number, quoted: boolean): string {
  let out = '';
  let marks = 0;
  for (let index = 0; index < text.length; ) {
    const code = text.codePointAt(index) ?? 0;
    const character = String.fromCodePoint(code);
    let shown: string;
    if (MARK.test(character) && !isHidden(character)) {
      marks++;
      shown = marks > RENDER_LIMITS.maxMarks ? hexEscape(code) : character;
    } else {
      marks = 0;
      shown = shownCharacter(character, code, quoted);
    }
    const rest = text.length - index;
    const marker = `… (+${rest} chars)`;
    const last = index + character.length >= text.length;
    if (out.length + shown.length > (last ? limit : limit - marker.length)) {
      // The marker shrinks as the rest does, so it fits after what an earlier unit left room for.
      return marker.length > limit ? '…' : `${out}${marker}`;
    }
    out += shown;
    index += character.length;
  }
  return out;
}

/**
 * A string as it may be shown to a human: every hidden or line-breaking character escaped visibly, and
 * at most `limit` code units long (a cut ends with a marker).
 *
 * @example
 * ```ts
 * sanitizeText('pay\u202Eevil', 80); // 'pay\\u{202E}evil'
 * ```
 */
export function sanitizeText(text: string, limit: number = RENDER_LIMITS.maxLength): string {
  return sanitizeBody(String(text), limit, false);
}

function quote(text: string): string {
  return `"${sanitizeBody(text, RENDER_LIMITS.maxString, true)}"`;
}

/** A bounded writer: once full, nothing more is written and the text ends with ` …`. */
class Output {
  text = '';
  full = false;

  write(part: string): void {
    if (this.full) return;
    const room = RENDER_LIMITS.maxLength - 2 - this.text.length;
    if (part.length > room) {
      let head = part.slice(0, Math.max(0, room));
      // Never end on half of a surrogate pair: a lone surrogate is itself a hidden character.
      if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
      this.text = `${this.text}${head} …`;
      this.full = true;
      return;
    }
    this.text += part;
  }
}

interface Entries {
  readonly items: Array<readonly [string, unknown]>;
  /** Entries left out past {@link RENDER_LIMITS.maxEntries}. */
  readonly more: number;
}

const UNREADABLE = Symbol('unreadable');

/** The first entries of an object or array; undefined when even its keys cannot be read (a Proxy). */
function readEntries(value: object): Entries | undefined {
  let keys: string[];
  try {
    keys = Object.keys(value);
  } catch {
    return undefined;
  }
  const items: Array<readonly [string, unknown]> = [];
  for (const key of keys.slice(0, RENDER_LIMITS.maxEntries)) {
    let item: unknown;
    try {
      item = (value as Record<string, unknown>)[key];
    } catch {
      item = UNREADABLE;
    }
    items.push([key, item]);
  }
  return { items, more: Math.max(0, keys.length - RENDER_LIMITS.maxEntries) };
}

function scalar(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'undefined':
      return 'undefined';
    case 'symbol':
    case 'function':
      return `[${typeof value}]`;
    default:
      return value === null ? 'null' : value === UNREADABLE ? '[unreadable]' : undefined;
  }
}

function render(value: unknown, out: Output, depth: number, seen: Set<object>): void {
  if (out.full) return;
  const shown = scalar(value);
  if (shown !== undefined) {
    out.write(shown);
    return;
  }
  const object = value as object;
  const isArray = Array.isArray(object);
  const entries = seen.has(object) || depth >= RENDER_LIMITS.maxDepth ? undefined : readEntries(object);
  if (entries === undefined) {
    out.write(
      seen.has(object)
        ? '[circular]'
        : depth >= RENDER_LIMITS.maxDepth
          ? isArray
            ? '[…]'
            : '{…}'
          : '[unreadable]',
    );
    return;
  }
  seen.add(object);
  out.write(isArray ? '[' : '{');
  entries.items.forEach(([key, item], position) => {
    if (position > 0) out.write(', ');
    if (!isArray) out.write(`${quote(key)}: `);
    render(item, out, depth + 1, seen);
  });
  if (entries.more > 0) out.write(`${entries.items.length > 0 ? ', ' : ''}… +${entries.more} more`);
  out.write(isArray ? ']' : '}');
  seen.delete(object);
}

/**
 * A sanitized, bounded rendering of a call's arguments for a human's approval prompt: JSON-like, every
 * string quoted with its quotes and hidden characters escaped, at most {@link RENDER_LIMITS} long, deep and
 * wide. Never throws, whatever the value holds (cycles, BigInts, throwing getters, Proxies).
 *
 * @example
 * ```ts
 * renderArguments({ to: 'acct\u202E9', amount: 5 }); // '{"to": "acct\\u{202E}9", "amount": 5}'
 * ```
 */
export function renderArguments(value: unknown): string {
  const out = new Output();
  try {
    render(value, out, 0, new Set());
  } catch {
    out.write(' [unreadable]');
  }
  return out.text;
}
