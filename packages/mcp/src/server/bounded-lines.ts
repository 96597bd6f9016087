import { Transform } from 'node:stream';

const NEWLINE = 0x0a;

/**
 * A pass-through for newline-delimited JSON that never lets one line grow past `limit` bytes: the rest
 * of an overlong line is dropped up to its newline, so the reader buffers at most `limit` bytes and then
 * sees a truncated line (a JSON-RPC parse error) instead of buffering without bound. `@modelcontextprotocol/sdk`
 * before 1.30 has no limit of its own on stdio; later versions close the session at 10 MiB.
 */
export function boundedLines(limit: number): Transform {
  let lineBytes = 0;
  let dropping = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const kept: Buffer[] = [];
      let start = 0;
      while (start < chunk.length) {
        const newline = chunk.indexOf(NEWLINE, start);
        const end = newline === -1 ? chunk.length : newline;
        const room = dropping ? 0 : Math.max(0, limit - lineBytes);
        const take = Math.min(room, end - start);
        if (take > 0) kept.push(chunk.subarray(start, start + take));
        lineBytes += take;
        if (take < end - start) dropping = true;
        if (newline === -1) break;
        kept.push(chunk.subarray(newline, newline + 1));
        lineBytes = 0;
        dropping = false;
        start = newline + 1;
      }
      done(null, kept.length === 1 ? kept[0] : Buffer.concat(kept));
    },
  });
}
