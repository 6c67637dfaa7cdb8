import { redact } from './redact.ts'

// The one list of secrets and its redactor live in redact.ts; re-exported for the modules that print.
export { redact, registerSecret } from './redact.ts'

/** Where the tools write their `[INFO]`, `[WARN]` and `[ERROR]` lines. */
export interface Log {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

/**
 * The spec's line format on the standard streams: `[INFO]` to stdout, `[WARN]` and `[ERROR]` to stderr.
 * Every line passes through {@link redact} first, so a secret that slips into an error message never prints.
 */
export function consoleLog(secrets: () => readonly string[] = () => []): Log {
  const line = (level: string, message: string) => `[${level}] ${redact(message, secrets())}\n`
  return {
    info: (message) => void process.stdout.write(line('INFO', message)),
    warn: (message) => void process.stderr.write(line('WARN', message)),
    error: (message) => void process.stderr.write(line('ERROR', message)),
  }
}

/** A log that keeps its lines, for tests and for callers that decide later what to print. */
export function memoryLog(): Log & { lines: string[] } {
  const lines: string[] = []
  return {
    lines,
    info: (message) => void lines.push(`[INFO] ${message}`),
    warn: (message) => void lines.push(`[WARN] ${message}`),
    error: (message) => void lines.push(`[ERROR] ${message}`),
  }
}
