// What varies from one run of a sample to the next, made the same every time, so that a fresh run of
// `npm run docs:examples` on an unchanged tree rewrites nothing (CI fails when it does): the loopback
// servers' ports, dates, times and durations. Everything else is the run's own output, byte for byte.

/** The date every sample shows. */
export const SAMPLE_DATE = '2026-11-26'

/**
 * `text` with its varying parts fixed: each 127.0.0.1 port (above 1023: a low one such as :1 is part of
 * the example) becomes 45201, 45202, … in order of first appearance; every date `YYYY-MM-DD` is
 * {@link SAMPLE_DATE}, every clock time 08:00:00 (ISO timestamps likewise); a duration in ms is 12 ms and a
 * recovery time in seconds 3 s (`Recovered after`, and Google Chat's `Recovered: after`).
 */
export function normalise(text: string): string {
  const ports = new Map<string, string>()
  return text
    .replace(/127\.0\.0\.1:(\d{4,5})\b/g, (_, port: string) => {
      if (!ports.has(port)) ports.set(port, String(45201 + ports.size))
      return `127.0.0.1:${ports.get(port)}`
    })
    .replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, (_, fraction: string | undefined) => `${SAMPLE_DATE}T08:00:00${fraction ? '.000' : ''}Z`)
    .replace(/\b20\d\d-[01]\d-[0-3]\d\b/g, SAMPLE_DATE)
    .replace(/\b[0-2]\d:[0-5]\d:[0-5]\d\b/g, '08:00:00')
    .replace(/\b\d+ ms\b/g, '12 ms')
    .replace(/Recovered(:?) after \d+ s\b/g, 'Recovered$1 after 3 s')
}
