import { normalizeToolName as normalize } from './name-resolution';

/** Levenshtein distance with an early exit once `limit` is exceeded. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/**
 * The registered names closest to an unknown one (case, separators and small typos forgiven), best
 * first, at most `max`. Used for the suggestions of TOOL_NOT_FOUND.
 *
 * @example
 * ```ts
 * suggestToolNames('add_number', ['add-numbers', 'greet']); // ['add-numbers']
 * ```
 */
export function suggestToolNames(name: string, candidates: Iterable<string>, max = 3): string[] {
  if (typeof name !== 'string' || name.length === 0 || name.length > 256) return [];
  const wanted = normalize(name);
  const scored: { name: string; score: number }[] = [];
  for (const candidate of candidates) {
    const normalized = normalize(candidate);
    const limit = Math.max(2, Math.floor(Math.max(wanted.length, normalized.length) * 0.4));
    let score = distance(wanted, normalized, limit);
    if (score > limit && (normalized.endsWith(wanted) || wanted.endsWith(normalized))) score = limit;
    if (score <= limit) scored.push({ name: candidate, score });
  }
  scored.sort((left, right) => left.score - right.score || left.name.localeCompare(right.name));
  return scored.slice(0, max).map((entry) => entry.name);
}
