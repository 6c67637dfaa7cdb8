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
  /** Set when `stderr` already turns every `[WARN]`/`[ERROR]` line into an annotation (the GitHub Action). */
  readonly annotated?: boolean
}

/**
 * `writer` with every text passed through the redactor first (lib/core/redact.ts): the door out for the
 * standard streams, whatever a command writes to them (a log line, a dry run's body, the --json line).
 * The commands write whole lines, so a secret is never split across two writes.
 */
export function redacting(writer: Writer): Writer {
  return { write: (text: string) => writer.write(redact(text)) }
}

/** The running process's environment and standard streams, every byte written through {@link redacting}. */
export function processIo(): Io {
  return { env: process.env, stdout: redacting(process.stdout), stderr: redacting(process.stderr) }
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

/**
 * Where the chat's strict mode hands its warning annotation: stdout inside a GitHub Actions step, unless
 * `io` annotates every warning already (the Action's entry), which would show the same warning twice.
 */
export function chatAnnotations(io: Io): ((line: string) => void) | undefined {
  return io.env.GITHUB_ACTIONS === 'true' && !io.annotated ? (line) => void io.stdout.write(`${line}\n`) : undefined
}
