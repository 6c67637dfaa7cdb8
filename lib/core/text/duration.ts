// Durations as people read them in a comment, a table or a badge: the two largest units, rounded down.

const UNITS: readonly (readonly [string, number])[] = [
  ['d', 86_400],
  ['h', 3_600],
  ['min', 60],
  ['s', 1],
]

/** `seconds` as at most two units, largest first: `2 h 13 min`, `38 min`, `3 d 4 h`, `45 s`, `0 s`. */
export function formatDuration(seconds: number): string {
  let rest = Math.max(0, Math.floor(seconds))
  const parts: string[] = []
  for (const [unit, size] of UNITS) {
    if (parts.length === 2) break
    const n = Math.floor(rest / size)
    rest -= n * size
    if (n > 0 || parts.length > 0) parts.push(`${n} ${unit}`)
  }
  // `1 h 0 min` says no more than `1 h`.
  const kept = parts.filter((part, i) => i === 0 || !part.startsWith('0 '))
  return kept.length ? kept.join(' ') : '0 s'
}
