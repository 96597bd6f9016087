import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { declaredParameters, readsContext } from './reads-context';

describe('readsContext', () => {
  test('one declared parameter that cannot reach a second argument: no context', () => {
    expect(readsContext(async ({ a, b }: { a: number; b: number }) => a + b)).toBe(false);
    expect(readsContext((params: unknown) => params)).toBe(false);
    expect(
      readsContext(async function named(params: unknown) {
        return params;
      }),
    ).toBe(false);
    const methods = {
      async execute({ a = 1, b = [2, 3] }: { a?: number; b?: number[] }) {
        return a + (b[0] ?? 0);
      },
    };
    expect(readsContext(methods.execute)).toBe(false);
    expect(readsContext(() => 1)).toBe(false);
  });

  test('anything that can see the second argument gets the context', () => {
    expect(readsContext((_params: unknown, context: unknown) => context)).toBe(true);
    // A default value or a rest parameter does not count in `length`.
    expect(readsContext(new Function('params', 'context = {}', 'return context'))).toBe(true);
    expect(readsContext(new Function('...all', 'return all[1]'))).toBe(true);
    expect(readsContext(new Function('params, ...rest', 'return rest'))).toBe(true);
    expect(readsContext(new Function('params', 'return arguments[1]'))).toBe(true);
    expect(readsContext(new Function('params', 'return eval("arguments")[1]'))).toBe(true);
    const twoParams = (prefix: string, params: unknown, context: unknown) => [prefix, params, context];
    expect(readsContext(twoParams.bind(null, 'x'))).toBe(true);
    expect(readsContext(new Proxy((params: unknown) => params, {}))).toBe(true);
    expect(readsContext('not a function')).toBe(true);
  });

  test('a parameter list the scan cannot read with certainty counts as reading the context', () => {
    expect(declaredParameters('function (a = /,/) {}')).toBeUndefined();
    expect(declaredParameters('function (a = `${b}`) {}')).toBeUndefined();
    expect(declaredParameters('function (a /* , b */) {}')).toBeUndefined();
    expect(declaredParameters('[Symbol.iterator](a) {}')).toBeUndefined();
    expect(declaredParameters('function (a, b')).toBeUndefined();
    expect(declaredParameters('function (a = ")", b) {}')).toBe(2);
    expect(declaredParameters("function (a = '\\'', b) {}")).toBe(2);
    expect(declaredParameters('function ({ a, b }, [c, d]) {}')).toBe(2);
    expect(declaredParameters('function (a,) {}')).toBe(1);
    expect(declaredParameters('async (a) => a')).toBe(1);
    expect(declaredParameters('async a => a')).toBe(1);
    expect(declaredParameters('() => 1')).toBe(0);
  });

  test('generated functions: the scan never claims fewer parameters than the function declares', () => {
    const name = fc.constantFrom('a', 'b', 'params', 'context', '_x', '$y');
    const defaultValue = fc.constantFrom('', ' = 1', ' = { a: [1, 2] }', " = ')'", ' = (1, 2)', ' = [3, 4]');
    const parameter = fc.oneof(
      fc.tuple(name, defaultValue).map(([n, d]) => `${n}${d}`),
      fc.tuple(name, name).map(([x, y]) => `{ ${x}, k: ${y} }`),
      name.map((n) => `...${n}`),
    );
    fc.assert(
      fc.property(fc.array(parameter, { maxLength: 4 }), (parameters) => {
        const rest = parameters.findIndex((p) => p.startsWith('...'));
        const list = rest === -1 ? parameters : parameters.slice(0, rest + 1);
        const unique = list.map((p, index) => p.replace(/\b(a|b|params|context|_x|\$y)\b/g, `$1${index}`));
        let fn: unknown;
        try {
          fn = new Function(...unique, 'return 0');
        } catch {
          return;
        }
        const declared = unique.some((p) => p.startsWith('...')) ? 2 : unique.length;
        const counted = declaredParameters(Function.prototype.toString.call(fn));
        if (counted !== undefined) expect(counted).toBeGreaterThanOrEqual(Math.min(declared, 2));
        expect(readsContext(fn)).toBe(declared >= 2 || counted === undefined);
      }),
    );
  });
});

describe('declaredParameters: the ASCII patterns answer as the Unicode ones', () => {
  /** The scan's answer with only the Unicode patterns (the reference the ASCII fast path must match). */
  function reference(source: string): number | undefined {
    if (/^(?:async\s+)?[\p{L}_$][\p{L}\p{N}_$]*\s*=>/u.test(source)) return 1;
    const open = source.indexOf('(');
    if (open < 0 || !/^[\s\p{L}\p{N}_$*]*$/u.test(source.slice(0, open))) return undefined;
    return declaredParameters(`function ${source.slice(open)}`);
  }

  test('generated heads of ASCII and non-ASCII names, arrows and parameter lists', () => {
    const name = fc.stringMatching(/^[A-Za-z_$ÀéßЖ名0-9]{1,6}$/);
    const head = fc.oneof(
      name.map((id) => `${id} => 0`),
      name.map((id) => `async ${id}=>0`),
      fc.tuple(name, name).map(([id, param]) => `function ${id}(${param}) {}`),
      fc.tuple(name, name, name).map(([id, a, b]) => `async function* ${id}(${a}, ${b}) {}`),
      fc.tuple(name, name).map(([id, param]) => `${id}(${param}) { return 1; }`),
      fc.string({ maxLength: 12 }).map((text) => `${text}(a) {}`),
    );
    fc.assert(
      fc.property(head, (source) => {
        expect(declaredParameters(source)).toBe(reference(source));
      }),
    );
  });
});
