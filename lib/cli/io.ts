// Where a command reads its environment and writes its lines. The bin and the scripts pass the process's
// own; tests and the plugin API can pass others, so that no command body touches `process` directly.
import { redact, type Log } from '../core/log.ts'

/** Anything text can be written to: `process.stdout`, or a collector in tests. */
export interface Writer {
  write(text: string): unknown
}

/** A command's environment and output streams. */
export interface Io {
  readonly env: Record<string, string | undefined>
  readonly stdout: Writer
  readonly stderr: Writer
}

/** The running process's environment and standard streams. */
export function processIo(): Io {
  return { env: process.env, stdout: process.stdout, stderr: process.stderr }
}

/**
 * The spec's line format on `io`'s streams: `[INFO]` to stdout, `[WARN]` and `[ERROR]` to stderr, every
 * line with the current `secrets()` taken out first.
 */
export function ioLog(io: Io, secrets: () => readonly string[] = () => []): Log {
  const line = (level: string, message: string) => `[${level}] ${redact(message, secrets())}\n`
  return {
    info: (message) => void io.stdout.write(line('INFO', message)),
    warn: (message) => void io.stderr.write(line('WARN', message)),
    error: (message) => void io.stderr.write(line('ERROR', message)),
  }
}
