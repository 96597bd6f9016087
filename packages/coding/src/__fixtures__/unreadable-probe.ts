/**
 * Run in a child process (as an unprivileged user when the tests run as root, since root reads files of
 * any mode): calls the three tools on a tree holding an unreadable file and an unlistable directory, and
 * prints what they returned as JSON.
 */
import { createCodingTools } from '../create-coding-tools';

const root = process.argv[2];
if (root === undefined) throw new Error('usage: unreadable-probe.ts <root>');
const { readFile, grep, glob } = createCodingTools({ root });
const output = {
  uid: process.getuid?.(),
  grep: await grep.execute({ id: '1', name: 'grep', arguments: { pattern: 'needle' } }),
  readFile: await readFile.execute({ id: '2', name: 'read-file', arguments: { path: 'locked.txt' } }),
  glob: await glob.execute({ id: '3', name: 'glob', arguments: { pattern: '**/*' } }),
};
console.log(JSON.stringify(output));
