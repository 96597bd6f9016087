/** How many leading bytes are inspected to tell binary files from text (as Git and GNU grep do). */
export const BINARY_SNIFF_BYTES = 8000;

/** A file is treated as binary when its first {@link BINARY_SNIFF_BYTES} bytes contain a NUL byte. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

const NEWLINE = 0x0a;

/** Index of the last `\n` in `bytes`, or -1. */
export function lastNewline(bytes: Uint8Array): number {
  return bytes.lastIndexOf(NEWLINE);
}

/** Length of the longest prefix of `bytes` that does not end inside a UTF-8 sequence. */
export function utf8Boundary(bytes: Uint8Array, length: number): number {
  let end = length;
  // Step back over continuation bytes (10xxxxxx) to the lead byte, then drop it if its sequence is cut.
  let back = 0;
  while (end - back > 0 && back < 4 && ((bytes[end - back - 1] as number) & 0xc0) === 0x80) back++;
  if (end - back === 0) return end;
  const lead = bytes[end - back - 1] as number;
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (needed > back + 1) end -= back + 1;
  return end;
}
