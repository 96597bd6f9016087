import { wrapMessage } from '../errors/wrap-message';

/**
 * Why a tool skipped a file (or read only part of it), or could not list a directory. `ignored`: the
 * directory a pattern starts in is ignored (by an ignore file, or it is `.git`), so nothing was listed.
 */
export type FileNoteReason = 'too-large' | 'not-a-file' | 'unreadable' | 'changed' | 'unlistable' | 'ignored';

/**
 * A file `grep` skipped or searched only in part, a directory `grep` or `glob` could not list, or an ignore
 * file whose rules apply only in part or not at all.
 */
export interface FileNote {
  /** Root-relative path of the file or directory. */
  readonly path: string;
  readonly reason: FileNoteReason;
  readonly message: string;
}

/** Most notes a result carries. */
export const MAX_NOTES = 50;

/** The note for a directory that could not be listed. */
export function unlistableNote(path: string, error: unknown): FileNote {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  const message =
    typeof code === 'string'
      ? `Could not list the directory (${code}).`
      : wrapMessage('Could not list the directory', error);
  return { path, reason: 'unlistable', message };
}

/** The first {@link MAX_NOTES} notes by path, so that the same notes are kept on every run. */
export function firstNotes(notes: FileNote[]): FileNote[] {
  return notes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).slice(0, MAX_NOTES);
}
