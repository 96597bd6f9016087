/**
 * The known name a misspelled one most likely meant: the same letters in another case, or at most two
 * edits away (and fewer than half of its letters). Undefined when none is close.
 *
 * @example
 * ```ts
 * closestName('reservationLeaseMS', ['prefix', 'reservationLeaseMs']); // 'reservationLeaseMs'
 * ```
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.min(3, Math.ceil(name.length / 2));
  for (const candidate of known) {
    if (candidate.toLowerCase() === lower) return candidate;
    const distance = editDistance(lower, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (answering `limit`) once it cannot stay under `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? i) + 1,
        (current[j - 1] ?? i) + 1,
        (previous[j - 1] ?? i) + cost,
      );
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin >= limit) return limit;
    previous = current;
  }
  return Math.min(previous[b.length] ?? limit, limit);
}
