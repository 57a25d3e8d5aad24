// Why a file or standard output cannot be written, in a few words: the one line a command prints
// before it exits (main.ts for standard output; output.ts, generate and slices for files).

const REASONS: Record<string, string> = {
  ENOENT: 'no such directory',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
}

/** Why a file cannot be written, in a few words. */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  return (code !== undefined && REASONS[code]) || (error instanceof Error ? error.message : String(error))
}
