import type { FileHandle } from 'node:fs/promises';
import { BINARY_SNIFF_BYTES, lastNewline, looksBinary, utf8Boundary } from './binary';

/** What `read-file` returns. */
export interface ReadFileResult {
  /** Root-relative path of the file that was read (symlinks resolved). */
  readonly path: string;
  /** The lines of the window, exactly as in the file (line endings included); empty for binary files. */
  readonly content: string;
  /** 1-based number of the first line in `content`. */
  readonly startLine: number;
  /** 1-based number of the last line in `content` (`startLine - 1` when `content` is empty). */
  readonly endLine: number;
  /** The file's size in bytes. */
  readonly size: number;
  /** True when the file looks binary (a NUL byte in its first 8,000 bytes); `content` is then empty. */
  readonly binary: boolean;
  /** True when `maxBytes` cut the window short. */
  readonly truncated: boolean;
  readonly truncatedReason?: 'maxBytes';
  /** The `offset` that continues after this window, when the file has more lines. */
  readonly nextOffset?: number;
  /** The number of lines in the file, when the read reached its end. */
  readonly totalLines?: number;
}

export interface ReadWindowOptions {
  /** 1-based first line. */
  readonly offset: number;
  /** Most lines to return; unbounded when undefined. */
  readonly limit: number | undefined;
  /** Most bytes read for the window. */
  readonly maxBytes: number;
  /** Throws (ends the read) when the call's time budget or signal says so. */
  readonly checkpoint: () => void;
}

const SCAN_CHUNK = 64 * 1024;
const decoder = new TextDecoder();

async function readAt(handle: FileHandle, length: number, position: number): Promise<Uint8Array> {
  const buffer = new Uint8Array(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** Byte position where line `offset` starts and how many lines were passed, scanning in fixed chunks. */
async function seekLine(
  handle: FileHandle,
  offset: number,
  checkpoint: () => void,
): Promise<{ position: number; found: boolean; lines: number }> {
  let position = 0;
  let lines = 1;
  let last = 0;
  while (lines < offset) {
    checkpoint();
    const chunk = await readAt(handle, SCAN_CHUNK, position);
    if (chunk.length === 0) break;
    for (let index = chunk.indexOf(0x0a); index !== -1; index = chunk.indexOf(0x0a, index + 1)) {
      lines++;
      if (lines === offset) return { position: position + index + 1, found: true, lines };
    }
    last = chunk[chunk.length - 1] as number;
    position += chunk.length;
  }
  // Past the end: the last line counts even without a final newline.
  return { position, found: lines >= offset, lines: last === 0x0a || position === 0 ? lines - 1 : lines };
}

/** Where the first `limit` lines of `bytes` end (just after their last `\n`), or -1 when there are fewer. */
function endOfLines(bytes: Uint8Array, limit: number): number {
  let index = -1;
  for (let line = 0; line < limit; line++) {
    index = bytes.indexOf(0x0a, index + 1);
    if (index === -1) return -1;
  }
  return index + 1;
}

function countLines(bytes: Uint8Array): number {
  let lines = 0;
  for (let index = bytes.indexOf(0x0a); index !== -1; index = bytes.indexOf(0x0a, index + 1)) lines++;
  return bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a ? lines + 1 : lines;
}

/** Reads a line window of an open regular file within `maxBytes`, reporting truncation instead of hiding it. */
export async function readWindow(
  handle: FileHandle,
  path: string,
  size: number,
  options: ReadWindowOptions,
): Promise<ReadFileResult> {
  const { offset, limit, maxBytes } = options;
  const binary = {
    path,
    content: '',
    startLine: offset,
    endLine: offset - 1,
    size,
    binary: true,
    truncated: false,
  };
  let start = 0;
  if (offset > 1) {
    if (looksBinary(await readAt(handle, Math.min(BINARY_SNIFF_BYTES, maxBytes), 0))) return binary;
    const seek = await seekLine(handle, offset, options.checkpoint);
    if (!seek.found) {
      const empty = { path, content: '', startLine: offset, endLine: offset - 1, size, binary: false };
      return { ...empty, truncated: false, totalLines: seek.lines };
    }
    start = seek.position;
  }
  options.checkpoint();
  // One byte more than allowed tells whether the window was cut; it is never returned.
  const read = await readAt(handle, Math.min(maxBytes + 1, Math.max(0, size - start) + 1), start);
  if (offset === 1 && looksBinary(read)) return binary;
  const capped = read.length > maxBytes;
  let bytes = capped ? read.subarray(0, maxBytes) : read;
  const limitEnd = limit === undefined ? -1 : endOfLines(bytes, limit);
  const truncated = limitEnd === -1 && capped;
  if (limitEnd !== -1) {
    bytes = bytes.subarray(0, limitEnd);
  } else if (truncated) {
    // Whole lines when at least one fits; otherwise the start of one very long line.
    const newline = lastNewline(bytes);
    bytes = bytes.subarray(
      0,
      newline === -1 ? utf8Boundary(bytes, bytes.length) || bytes.length : newline + 1,
    );
  }
  const endLine = offset + countLines(bytes) - 1;
  const more = bytes.length < read.length;
  return {
    path,
    content: decoder.decode(bytes),
    startLine: offset,
    endLine,
    size,
    binary: false,
    truncated,
    ...(truncated ? { truncatedReason: 'maxBytes' as const } : {}),
    ...(more ? { nextOffset: endLine + 1 } : { totalLines: endLine }),
  };
}
