/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), or `maxDistance + 1` as soon
 * as the distance is known to exceed `maxDistance`.
 *
 * @example
 * ```ts
 * editDistance('wether', 'weather', 2); // 1
 * ```
 */
export function editDistance(a: string, b: string, maxDistance: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > maxDistance) return maxDistance + 1;
  const width = b.length + 1;
  let twoBack = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, index) => index);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const charA = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const charB = b.charCodeAt(j - 1);
      const cost = charA === charB ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && charA === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === charB) {
        value = Math.min(value, (twoBack[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > maxDistance) return maxDistance + 1;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  const distance = previous[b.length] as number;
  return distance > maxDistance ? maxDistance + 1 : distance;
}
