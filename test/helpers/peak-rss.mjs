// Preloaded (`--import`) into a process a test starts, to measure its memory: on exit, appends
// `<pid> <peak resident set size in KiB>` to the file PEAK_RSS_FILE names. Plain JavaScript, loaded
// before any TypeScript loader.
import { appendFileSync } from 'node:fs'

const file = process.env.PEAK_RSS_FILE
if (file) process.on('exit', () => appendFileSync(file, `${process.pid} ${process.resourceUsage().maxRSS}\n`))
