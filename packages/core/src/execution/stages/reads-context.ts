/**
 * Whether an implementation can see its second argument, the call context. Building the context is an
 * allocation on every call, so a function that declares at most one parameter and mentions neither
 * `arguments` nor `eval` gets none: it has no way to observe it. Decided from the function's source once per
 * registration. Whatever the scan cannot read with certainty (bound functions, proxies and native code,
 * comments, regular expressions or template substitutions in the parameter list, computed method names) is
 * assumed to read it, so a wrong answer can only cost an allocation, never a missing context.
 *
 * @internal
 */
export function readsContext(implementation: unknown): boolean {
  if (typeof implementation !== 'function') return true;
  if (implementation.length >= 2) return true;
  let source: string;
  try {
    source = Function.prototype.toString.call(implementation);
  } catch {
    return true;
  }
  if (source.includes('[native code]') || /\b(?:arguments|eval)\b/.test(source)) return true;
  const declared = declaredParameters(source);
  return declared === undefined || declared > 1;
}

/** `x => ...` and `async x => ...`: one parameter, no parentheses. */
const BARE_ARROW = /^(?:async\s+)?[\p{L}_$][\p{L}\p{N}_$]*\s*=>/u;
/** What may precede the parameter list: `function`, `async`, `*`, a plain name, `get`/`set`. */
const HEAD = /^[\s\p{L}\p{N}_$*]*$/u;
/**
 * The same two patterns for sources that are all ASCII, where they answer alike: a Unicode property class
 * costs about half a millisecond to compile under Node, paid by the first call of a process otherwise.
 */
const BARE_ARROW_ASCII = /^(?:async\s+)?[A-Za-z_$][\w$]*\s*=>/;
const HEAD_ASCII = /^[\s\w$*]*$/;
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * The number of parameters a function's source declares (a rest parameter counts as two: it collects the
 * second argument), or undefined when the source is not read with certainty.
 */
export function declaredParameters(source: string): number | undefined {
  const unicode = NON_ASCII.test(source);
  if ((unicode ? BARE_ARROW : BARE_ARROW_ASCII).test(source)) return 1;
  const open = source.indexOf('(');
  if (open < 0 || !(unicode ? HEAD : HEAD_ASCII).test(source.slice(0, open))) return undefined;
  let depth = 0;
  let segments = 0;
  let current = false;
  for (let index = open + 1; index < source.length; index++) {
    const char = source[index] as string;
    if (char === '"' || char === "'" || char === '`') {
      const end = skipString(source, index, char);
      if (end === undefined) return undefined;
      index = end;
      current = true;
      continue;
    }
    if (char === '/') return undefined;
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ']' || char === '}') depth--;
    else if (char === ')') {
      if (depth === 0) return segments + (current ? 1 : 0);
      depth--;
    } else if (depth === 0 && char === ',') {
      segments++;
      current = false;
      continue;
    } else if (depth === 0 && char === '.' && source.startsWith('...', index)) {
      return 2;
    }
    if (!/\s/.test(char)) current = true;
  }
  return undefined;
}

function skipString(source: string, start: number, quote: string): number | undefined {
  for (let index = start + 1; index < source.length; index++) {
    const char = source[index];
    if (char === '\\') index++;
    else if (quote === '`' && char === '$' && source[index + 1] === '{') return undefined;
    else if (char === quote) return index;
  }
  return undefined;
}
