/** Tests one code point of a path. */
export type UnitTest = (codePoint: number) => boolean;

/** One piece of a parsed glob pattern. */
export type GlobItem =
  /** Exactly one code point that passes `test`. */
  | { readonly kind: 'unit'; readonly test: UnitTest }
  /** Any run of code points inside one segment (`*`). */
  | { readonly kind: 'star' }
  /** Whole segments (`**`): anything when `last`, else nothing or anything ending in `/`. */
  | { readonly kind: 'globstar'; readonly last: boolean }
  /** One of several sequences (`{a,b}`). */
  | { readonly kind: 'alternatives'; readonly parts: readonly (readonly GlobItem[])[] };

const SLASH = 0x2f;
const MATCH = 0;
const UNIT = 1;
const SPLIT = 2;

interface Node {
  readonly op: typeof MATCH | typeof UNIT | typeof SPLIT;
  readonly test?: UnitTest;
  /** UNIT: the node after the code point; SPLIT: the first branch. */
  next: number;
  /** SPLIT: the second branch. */
  other: number;
}

const notSlash: UnitTest = (codePoint) => codePoint !== SLASH;
const anything: UnitTest = () => true;
const slash: UnitTest = (codePoint) => codePoint === SLASH;

/** Thompson construction: every node is built once and alternatives share their continuation. */
class ProgramBuilder {
  readonly nodes: Node[] = [{ op: MATCH, next: -1, other: -1 }];

  unit(test: UnitTest, next: number): number {
    return this.nodes.push({ op: UNIT, test, next, other: -1 }) - 1;
  }

  split(first: number, second: number): number {
    return this.nodes.push({ op: SPLIT, next: first, other: second }) - 1;
  }

  /** `test*` followed by `next`. */
  loop(test: UnitTest, next: number): number {
    const entry = this.split(-1, next);
    (this.nodes[entry] as Node).next = this.unit(test, entry);
    return entry;
  }

  sequence(items: readonly GlobItem[], next: number): number {
    let entry = next;
    for (let index = items.length - 1; index >= 0; index--)
      entry = this.item(items[index] as GlobItem, entry);
    return entry;
  }

  item(item: GlobItem, next: number): number {
    switch (item.kind) {
      case 'unit':
        return this.unit(item.test, next);
      case 'star':
        return this.loop(notSlash, next);
      case 'globstar':
        return item.last
          ? this.loop(anything, next)
          : this.split(this.loop(anything, this.unit(slash, next)), next);
      case 'alternatives': {
        const entries = item.parts.map((part) => this.sequence(part, next));
        let entry = entries[entries.length - 1] as number;
        for (let index = entries.length - 2; index >= 0; index--)
          entry = this.split(entries[index] as number, entry);
        return entry;
      }
    }
  }
}

/** Most automaton states remembered by default; past it the cache starts over (the match stays linear). */
const MAX_CACHED_STATES = 4096;

interface State {
  /** The program nodes (UNIT or MATCH) the state stands for. */
  readonly nodes: readonly number[];
  readonly accepts: boolean;
  /** The state after each ASCII code point (-1: not computed yet). */
  readonly ascii: Int32Array;
  readonly other: Map<number, number>;
}

/**
 * Compiles parsed glob items to a matcher that runs in time linear in the path times the pattern, whatever
 * the pattern: a Thompson automaton simulated on sets of states (never backtracking, so no pattern can make
 * a match take exponential or high polynomial time), with the sets cached as they are met (a lazy DFA), so
 * a path costs one table lookup per character once the common states are known. `maxCachedStates` bounds
 * the memory one matcher keeps (each state holds a 128-entry table).
 */
export function compileAutomaton(
  items: readonly GlobItem[],
  maxCachedStates: number = MAX_CACHED_STATES,
): (path: string) => boolean {
  const builder = new ProgramBuilder();
  const start = builder.sequence(items, MATCH);
  const nodes = builder.nodes;
  const marks = new Int32Array(nodes.length);
  let generation = 0;
  let states: State[] = [];
  let ids = new Map<string, number>();
  /** Counts the times the cache started over, which invalidates every state id. */
  let epoch = 0;

  const closure = (roots: readonly number[]): number[] => {
    generation++;
    const found: number[] = [];
    const stack = [...roots].reverse();
    while (stack.length > 0) {
      const index = stack.pop() as number;
      if (marks[index] === generation) continue;
      marks[index] = generation;
      const node = nodes[index] as Node;
      if (node.op === SPLIT) stack.push(node.other, node.next);
      else found.push(index);
    }
    return found.sort((a, b) => a - b);
  };

  const stateOf = (set: readonly number[]): number => {
    const key = set.join(',');
    const known = ids.get(key);
    if (known !== undefined) return known;
    if (states.length >= maxCachedStates) {
      states = [];
      ids = new Map();
      epoch++;
    }
    const accepts = set.some((index) => (nodes[index] as Node).op === MATCH);
    states.push({ nodes: set, accepts, ascii: new Int32Array(128).fill(-1), other: new Map() });
    ids.set(key, states.length - 1);
    return states.length - 1;
  };

  const step = (state: State, codePoint: number): number => {
    const next: number[] = [];
    for (const index of state.nodes) {
      const node = nodes[index] as Node;
      if (node.op === UNIT && (node.test as UnitTest)(codePoint)) next.push(node.next);
    }
    return stateOf(closure(next));
  };

  const startSet = closure([start]);
  let startId = -1;
  let startEpoch = -1;

  return (path) => {
    if (startEpoch !== epoch) {
      startId = stateOf(startSet);
      startEpoch = epoch;
    }
    // The cache may start over during a step: states are looked up by id only between steps.
    let current = startId;
    for (let index = 0; index < path.length; index++) {
      let codePoint = path.charCodeAt(index);
      if (codePoint >= 0xd800 && codePoint < 0xdc00 && index + 1 < path.length) {
        const low = path.charCodeAt(index + 1);
        if (low >= 0xdc00 && low < 0xe000) {
          codePoint = (codePoint - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
          index++;
        }
      }
      const state = states[current] as State;
      if (state.nodes.length === 0) return false;
      let next = codePoint < 128 ? (state.ascii[codePoint] as number) : (state.other.get(codePoint) ?? -1);
      if (next === -1) {
        const before = epoch;
        next = step(state, codePoint);
        if (epoch === before) {
          if (codePoint < 128) state.ascii[codePoint] = next;
          else if (state.other.size < 256) state.other.set(codePoint, next);
        }
      }
      current = next;
    }
    return (states[current] as State).accepts;
  };
}
