/** Where the tools write their `[INFO]`, `[WARN]` and `[ERROR]` lines. */
export interface Log {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

// Secrets the process learns as it goes (a proxy's password, an App's key and installation token), taken
// out of everything redact() sees, on top of the ones each caller names.
const registered = new Set<string>()

/** Adds `values` to the secrets every {@link redact} call takes out, for the rest of the process. */
export function registerSecret(...values: readonly string[]): void {
  for (const value of values) registered.add(value)
}

/** Replaces every occurrence of each secret in `text`, and of each registered one, with `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text
  // Longest first, so that a secret containing another is taken out whole.
  for (const secret of [...secrets, ...registered].sort((a, b) => b.length - a.length)) {
    // Short values would blank out ordinary words; a real token is never this short.
    if (secret.length >= 4) out = out.split(secret).join('***')
  }
  return out
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
