// Text a run attaches from a file or standard input: the job log's tail (`--log`) and a reason too long
// for a command line (`--reason-file`; Linux limits one argument to 128 KiB). Reading fails softly: a
// missing file is one [WARN] line, and the issue is still filed.
import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { Config } from '../config/config.ts'
import { secretsOf } from '../config/secrets.ts'
import { ConfigError } from '../core/errors.ts'
import { cleanLog, logTail, type LogExcerpt } from '../core/text/log-tail.ts'
import type { Log } from '../core/log.ts'

/** Most of a log's end that is read: far more than the issue body holds, so cutting is the budget's job. */
export const TAIL_BYTES = 1 << 20
/** Most of a reason file that is read; the body keeps at most 64 KiB of it anyway. */
export const REASON_BYTES = 8 << 20

const CHUNK = 64 * 1024
const NEWLINE = 0x0a

/** Where a source named `-` is read from, and how much of a source is kept. */
export interface ReadOptions {
  readonly stdin?: Readable & { isTTY?: boolean }
  readonly maxBytes?: number
}

const nameOf = (source: string) => (source === '-' ? 'standard input' : source)

/** What a window cut inside one giant line with no space drops of its start (of its end, for the reason file): more than any secret is long. */
export const CUT_MARGIN = 4_096

// A window that starts inside the text starts inside a line, maybe inside a token, which would then no
// longer look like one: that partial line is dropped (or, in one giant line, the part before a space, or
// without one, its first CUT_MARGIN bytes, where a secret cut in part would be).
const fromWholeLine = (bytes: Buffer, cut: boolean): Buffer => {
  if (!cut) return bytes
  const newline = bytes.indexOf(NEWLINE)
  if (newline >= 0) return bytes.subarray(newline + 1)
  const space = bytes.findIndex((b) => b === 0x20 || b === 0x09)
  return bytes.subarray(space >= 0 ? space + 1 : Math.min(bytes.length, CUT_MARGIN))
}

// The same rule at the other end, for a text whose start is kept (the reason file): its last line, cut,
// is dropped (in one giant line, the part after its last space, or without one, its last CUT_MARGIN
// bytes), so masking, which comes after, never sees a secret in part. This, rather than reading a margin
// past the cap, masking and cutting the masked text (as stream-lines.ts does for one line of a CI log):
// the reason file's cut, like the log's window, is of the whole text, and masks shorter than what they
// replace move a cut made in masked text further into the original, toward a secret read only in part.
// Nothing is read past the cap.
const toWholeLine = (bytes: Buffer, cut: boolean): Buffer => {
  if (!cut) return bytes
  const newline = bytes.lastIndexOf(NEWLINE)
  if (newline >= 0) return bytes.subarray(0, newline + 1)
  const space = Math.max(bytes.lastIndexOf(0x20), bytes.lastIndexOf(0x09))
  return bytes.subarray(0, space >= 0 ? space : Math.max(0, bytes.length - CUT_MARGIN))
}

// Reads a stream to its end (so a writer never blocks on a full pipe), keeping its last `max` bytes, or
// its first `max` when `keepStart`; `cut` tells whether anything was left out.
async function readStream(stream: Readable, max: number, keepStart: boolean): Promise<{ bytes: Buffer; cut: boolean }> {
  let chunks: Buffer[] = []
  let size = 0
  let seen = 0
  for await (const chunk of stream) {
    const bytes = Buffer.from(chunk as Uint8Array)
    seen += bytes.length
    if (keepStart) {
      if (size < max) chunks.push(bytes.subarray(0, max - size))
      size = Math.min(max, size + bytes.length)
      continue
    }
    chunks.push(bytes)
    size += bytes.length
    // Compacted now and then rather than on every chunk: a long log arrives in many small pieces.
    if (size > 2 * max) {
      chunks = [Buffer.concat(chunks).subarray(size - max)]
      size = max
    }
  }
  const all = Buffer.concat(chunks)
  return { bytes: keepStart ? all : all.subarray(Math.max(0, all.length - max)), cut: seen > max }
}

/**
 * The end of `source` (a file, or `-` for `options.stdin`) as text: read backwards from the end of a
 * regular file until `lines` whole lines or `maxBytes` are in hand, so a huge log costs no more than
 * its end; a pipe or standard input is read through, keeping its last `maxBytes`. Throws what the file
 * system throws.
 */
export async function readTail(source: string, lines: number, { stdin = process.stdin, maxBytes = TAIL_BYTES }: ReadOptions = {}): Promise<string> {
  if (source === '-') {
    const { bytes, cut } = await readStream(stdin, maxBytes, false)
    return fromWholeLine(bytes, cut).toString('utf8')
  }
  const file = await open(source, 'r')
  try {
    const stat = await file.stat()
    if (!stat.isFile()) {
      const { bytes, cut } = await readStream(file.createReadStream({ autoClose: false }), maxBytes, false)
      return fromWholeLine(bytes, cut).toString('utf8')
    }
    const parts: Buffer[] = []
    let position = stat.size
    let newlines = 0
    // One more line feed than lines wanted: the file's last byte is usually one.
    while (position > 0 && stat.size - position < maxBytes && newlines <= lines) {
      const length = Math.min(CHUNK, position, maxBytes - (stat.size - position))
      position -= length
      const buffer = Buffer.alloc(length)
      const { bytesRead } = await file.read(buffer, 0, length, position)
      const part = buffer.subarray(0, bytesRead)
      for (const byte of part) if (byte === NEWLINE) newlines++
      parts.unshift(part)
    }
    return fromWholeLine(Buffer.concat(parts), position > 0).toString('utf8')
  } finally {
    await file.close()
  }
}

const why = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error as Error).message ?? String(error)

/**
 * The log excerpt for the issue from `source`: its last `lines` lines, cleaned and with secrets (the
 * well-known shapes and `known`) masked. A source that cannot be read, or holds nothing, is one
 * `[WARN]` line and undefined: the issue is filed without the excerpt.
 */
export async function readLogExcerpt(
  source: string,
  settings: { readonly lines: number; readonly jobUrl?: string | undefined; readonly known: readonly string[] },
  log: Log,
  options: ReadOptions = {},
): Promise<LogExcerpt | undefined> {
  const name = nameOf(source)
  const stdin = options.stdin ?? process.stdin
  if (source === '-' && stdin.isTTY) {
    log.warn('The log is standard input, but that is a terminal, so the issue has no log excerpt (pipe the log in, or give a file)')
    return undefined
  }
  let text: string
  try {
    text = logTail(await readTail(source, settings.lines, { ...options, stdin }), settings.lines, settings.known)
  } catch (error) {
    log.warn(`Could not read the log ${name} (${why(error)}), so the issue has no log excerpt`)
    return undefined
  }
  if (text.trim() === '') {
    log.warn(`The log ${name} is empty, so the issue has no log excerpt`)
    return undefined
  }
  return { text, source: name, jobUrl: settings.jobUrl }
}

/**
 * The reason held in `source` (a file, or `-` for standard input), read like the log (terminal codes
 * stripped, secrets masked) and without trailing white space; at most `maxBytes` of its start, less the
 * line the cut falls in. A source that cannot be read, or holds only white space, is one `[WARN]` line
 * and undefined.
 */
export async function readReasonFile(source: string, known: readonly string[], log: Log, options: ReadOptions = {}): Promise<string | undefined> {
  const name = nameOf(source)
  let raw: string
  try {
    const stream = source === '-' ? (options.stdin ?? process.stdin) : (await open(source, 'r')).createReadStream()
    const { bytes, cut } = await readStream(stream, options.maxBytes ?? REASON_BYTES, true)
    raw = toWholeLine(bytes, cut).toString('utf8')
  } catch (error) {
    log.warn(`Could not read the reason file ${name} (${why(error)}), so the default reason is used`)
    return undefined
  }
  const reason = cleanLog(raw, known).replace(/\s+$/, '')
  if (reason === '') log.warn(`The reason file ${name} is empty, so the default reason is used`)
  return reason || undefined
}

/** What the reporter was asked to attach: `--reason-file`, the reason argument, `--log` or REPORT_LOG_FILE. */
export interface InputRequest {
  readonly reasonFile?: string | undefined
  readonly reason?: string | undefined
  readonly log?: string | undefined
}

/**
 * Reads what `request` names. Asking for two things at once that cannot both be had (a reason argument
 * and a reason file, standard input twice) is a usage error: a {@link ConfigError}, exit 2. A file
 * that cannot be read is a `[WARN]` and is left out; the default reason stands in for a reason file.
 */
export async function readInputs(
  request: InputRequest,
  config: Pick<Config, 'token' | 'chatWebhook' | 'logLines' | 'jobUrl'>,
  log: Log,
  options: ReadOptions = {},
): Promise<{ reason?: string; log?: LogExcerpt }> {
  if (request.reasonFile !== undefined && request.reason) {
    throw new ConfigError(['Give the reason as an argument or with --reason-file, not both; see --help'])
  }
  if (request.reasonFile === '-' && request.log === '-') {
    throw new ConfigError(['--reason-file and the log cannot both be standard input (-); see --help'])
  }
  // Every secret of the run (lib/core/redact.ts), masked before the tail and the body's budget cut anything.
  const known = secretsOf(config)
  const reason = request.reasonFile === undefined ? undefined : await readReasonFile(request.reasonFile, known, log, options)
  const excerpt = request.log === undefined ? undefined : await readLogExcerpt(request.log, { lines: config.logLines, jobUrl: config.jobUrl, known }, log, options)
  return { ...(reason === undefined ? {} : { reason }), ...(excerpt === undefined ? {} : { log: excerpt }) }
}
