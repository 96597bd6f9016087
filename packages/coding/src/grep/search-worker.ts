import type * as NodeFs from 'node:fs';
import type { FileOutcome, LineMatch, SearchRequest, SearchResponse } from './protocol';

/** The part of a worker's `parentPort` the search worker uses. */
export interface SearchWorkerPort {
  on(event: 'message', listener: (request: SearchRequest) => void): unknown;
  postMessage(response: SearchResponse): void;
}

/**
 * The search worker's whole program: reads each file of a batch with synchronous calls (cheap off the main
 * thread), proves each descriptor is the enumerated file, skips binaries, and matches line by line. It runs
 * from its own source text (`String(searchWorkerMain)`), so it must stay self-contained: no imports (the
 * `fs` module is passed in), no references outside its body except globals. A runaway regular expression
 * blocks only this thread, which the caller terminates when the call's budget runs out.
 */
export function searchWorkerMain(port: SearchWorkerPort, fs: typeof NodeFs): void {
  const SNIFF_BYTES = 8000;
  const constants = fs.constants;
  const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  const decoder = new TextDecoder();
  let cachedKey = '';
  let cachedRegExp = /$^/gm;
  let cachedLiterals: readonly Buffer[] | undefined;

  function skipped(reason: 'not-a-file' | 'unreadable' | 'changed', message: string): FileOutcome {
    return { kind: 'skipped', matches: [], note: { reason, message } };
  }

  function fromError(error: unknown): FileOutcome {
    const code = String((error as { code?: unknown }).code ?? error);
    if (code === 'ELOOP')
      return skipped('changed', 'The file was replaced by a symbolic link; it was not read.');
    if (code === 'ENXIO' || code === 'ENODEV' || code === 'EISDIR')
      return skipped('not-a-file', `Not a regular file (${code}).`);
    return skipped('unreadable', `Could not read the file (${code}).`);
  }

  function fill(fd: number, buffer: Uint8Array, from: number): number {
    let filled = from;
    while (filled < buffer.length) {
      const read = fs.readSync(fd, buffer, filled, buffer.length - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return filled;
  }

  function isSameFile(fd: number, path: string, stats: NodeFs.Stats, useProcFd: boolean): boolean {
    if (useProcFd) return fs.readlinkSync(`/proc/self/fd/${fd}`) === path;
    if (fs.realpathSync(path) !== path) return false;
    const now = fs.lstatSync(path);
    return now.dev === stats.dev && now.ino === stats.ino;
  }

  type Readable = { readonly bytes: Uint8Array; readonly note?: FileOutcome['note'] };

  function readText(fd: number, path: string, request: SearchRequest): Readable | FileOutcome {
    const stats = fs.fstatSync(fd);
    if (!stats.isFile()) return skipped('not-a-file', 'Not a regular file; it was not read.');
    if (!isSameFile(fd, path, stats, request.useProcFd)) {
      return skipped('changed', 'The path changed while it was being opened; it was not read.');
    }
    const buffer = new Uint8Array(Math.min(stats.size, request.maxFileBytes));
    // Large files are sniffed first so that binaries are not read whole.
    let filled = buffer.length > 8 * SNIFF_BYTES ? fill(fd, buffer.subarray(0, SNIFF_BYTES), 0) : 0;
    if (buffer.subarray(0, filled).includes(0)) return { kind: 'binary', matches: [] };
    filled = fill(fd, buffer, filled);
    const bytes = buffer.subarray(0, filled);
    if (bytes.subarray(0, SNIFF_BYTES).includes(0)) return { kind: 'binary', matches: [] };
    if (stats.size <= request.maxFileBytes) return { bytes };
    const cut = bytes.lastIndexOf(10) + 1 || bytes.length;
    const message = `Only the first ${cut} of ${stats.size} bytes were searched (maxFileBytes is ${request.maxFileBytes}).`;
    return { bytes: bytes.subarray(0, cut), note: { reason: 'too-large', message } };
  }

  function lineText(text: string, lineStart: number, lineEnd: number, at: number, max: number) {
    let end = lineEnd;
    if (end > lineStart && text.charCodeAt(end - 1) === 13) end--;
    if (end - lineStart <= max) return { text: text.slice(lineStart, end), textTruncated: false };
    // A window around the match: a little context before it, the rest after.
    const from = Math.max(lineStart, Math.min(at - Math.floor(max / 4), end - max));
    return { text: text.slice(from, from + max), textTruncated: true };
  }

  function matchText(text: string, regexp: RegExp, limit: number, max: number): LineMatch[] {
    const matches: LineMatch[] = [];
    let line = 1;
    let lineStart = 0;
    let newline = text.indexOf('\n');
    regexp.lastIndex = 0;
    for (let found = regexp.exec(text); found !== null; found = regexp.exec(text)) {
      const at = found.index;
      // An empty match at the very end of a file that ends with a newline (or is empty) is on no line.
      if (at === text.length && (at === 0 || text.charCodeAt(at - 1) === 10)) break;
      while (newline !== -1 && newline < at) {
        line++;
        lineStart = newline + 1;
        newline = text.indexOf('\n', lineStart);
      }
      matches.push({
        line,
        column: at - lineStart + 1,
        ...lineText(text, lineStart, newline === -1 ? text.length : newline, at, max),
      });
      if (matches.length >= limit || newline === -1) break;
      // One match per line, as grep reports: go on at the next line.
      regexp.lastIndex = newline + 1;
    }
    return matches;
  }

  function mayMatch(bytes: Uint8Array): boolean {
    if (cachedLiterals === undefined) return true;
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return cachedLiterals.some((literal) => buffer.indexOf(literal) !== -1);
  }

  function searchFile(path: string, request: SearchRequest, regexp: RegExp, limit: number): FileOutcome {
    let fd: number;
    try {
      fd = fs.openSync(path, READ_FLAGS);
    } catch (error) {
      return fromError(error);
    }
    try {
      const read = readText(fd, path, request);
      if (!('bytes' in read)) return read;
      // A file without any required literal cannot match: it is not even decoded.
      const matches = mayMatch(read.bytes)
        ? matchText(decoder.decode(read.bytes), regexp, limit, request.maxLineLength)
        : [];
      return read.note === undefined ? { kind: 'text', matches } : { kind: 'text', matches, note: read.note };
    } catch (error) {
      return fromError(error);
    } finally {
      fs.closeSync(fd);
    }
  }

  port.on('message', (request) => {
    try {
      const key = `${request.flags}/${request.source}`;
      if (key !== cachedKey) {
        cachedRegExp = new RegExp(request.source, request.flags);
        cachedLiterals = request.literals?.map((literal) => Buffer.from(literal, 'latin1'));
        cachedKey = key;
      }
      // Matches past the batch's limit could never be reported: the files after it are not searched.
      let remaining = request.limit;
      const outcomes = request.files.map((path): FileOutcome => {
        if (remaining <= 0) return { kind: 'unsearched', matches: [] };
        const outcome = searchFile(path, request, cachedRegExp, remaining);
        remaining -= outcome.matches.length;
        return outcome;
      });
      port.postMessage({ id: request.id, outcomes });
    } catch (error) {
      port.postMessage({
        id: request.id,
        outcomes: [],
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
}
