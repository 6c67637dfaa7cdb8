// Length limits of what is sent, and shortening that says what it cut.
//
// How lengths are counted: GitHub states its limits in characters ("title is too long (maximum is 256
// characters)", "body is too long (maximum is 65536 characters)"); its Ruby back end counts Unicode code
// points. Here every length is `String#length`, UTF-16 code units, which is never fewer than the code
// points (an emoji outside the BMP counts 2 here, 1 there), so a text within these limits is within
// GitHub's and Slack's whatever they count. Cuts never split a surrogate pair, and the notes of what was
// cut count code points, which is what a reader calls characters.

/** GitHub's longest issue title. */
export const TITLE_LIMIT = 256
/** GitLab's longest issue title; its description may be 1,048,576 characters. */
export const GITLAB_TITLE_LIMIT = 255
/** GitHub's longest issue body. */
export const BODY_LIMIT = 65_536
/**
 * The longest comment the reporter posts: GitHub's limit for a comment body, the same as for an issue body
 * (GitLab's notes allow 1,000,000 characters), so one rule holds on both trackers.
 */
export const COMMENT_LIMIT = 65_536
/** Slack's limit for a message's `text`; the chat text stays below it. */
export const CHAT_LIMIT = 40_000
/** The most any one-line field (environment, commit, pipeline) takes in the body or the chat. */
export const FIELD_LIMIT = 1_000

/** The visible note that stands where `count` characters (code points) of a text were cut. */
export function cutNote(count: number): string {
  return `[${count} characters cut]`
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff

// A surrogate pair: one code point in two UTF-16 units. Any other unit, a lone surrogate included, is one.
const PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g

/**
 * How many code points `text` holds from UTF-16 index `from` on: its units there, less one per pair.
 * The regular expression engine finds the pairs rather than a loop over charCodeAt: the loop's speed hung
 * on what V8 had seen before (2 to 5 times slower once other callers had passed it other kinds of
 * strings), and fitPrefix calls this once per step of its bisection over texts of any size.
 */
export function codePointsFrom(text: string, from = 0): number {
  if (from >= text.length) return 0
  let pairs = 0
  PAIR.lastIndex = from
  while (PAIR.test(text)) pairs++
  return text.length - from - pairs
}

/** The code points of one text before and after any UTF-16 index, as codePointsFrom counts them. */
export interface CodePointCounter {
  /** Code points in `text.slice(0, end)`: a pair cut in two there counts as two. */
  before(end: number): number
  /** Code points in `text.slice(from)`, as codePointsFrom(text, from). */
  after(from: number): number
}

/**
 * One pass notes where the text's pairs start; each count is then a binary search. fitPrefix and
 * fitSuffix ask at ~17 indexes of the same text, and a pass per index was most of their time on a
 * 100,000-character field.
 */
export function codePointCounter(text: string): CodePointCounter {
  const starts: number[] = []
  PAIR.lastIndex = 0
  while (PAIR.test(text)) starts.push(PAIR.lastIndex - 2)
  // How many pairs start before index `i`.
  const startingBefore = (i: number): number => {
    let lo = 0
    let hi = starts.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (starts[mid]! < i) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  return {
    // Only the pairs wholly before `end`: one starting at end - 1 is cut in two. (slice stops at the end.)
    before: (end) => Math.min(end, text.length) - startingBefore(Math.min(end, text.length) - 1),
    after: (from) => (from >= text.length ? 0 : text.length - from - (starts.length - startingBefore(from))),
  }
}

/**
 * `render(text, 0)` when that fits in `max`; otherwise `render(prefix, cutCount)` for the longest prefix of
 * `text` (never ending inside a surrogate pair) whose rendering fits, or for the empty prefix when none does.
 * `render` shows the prefix and, when `cutCount > 0`, says how many code points were cut. Found by bisection, since the
 * rendering may escape characters and so is longer than the prefix by an amount only rendering tells.
 */
export function fitPrefix(text: string, max: number, render: (kept: string, cutCount: number) => string): string {
  const whole = render(text, 0)
  if (whole.length <= max) return whole
  const count = codePointCounter(text)
  const at = (k: number): string => {
    // At k = 0, charCodeAt(-1) is NaN, no surrogate.
    const end = isHighSurrogate(text.charCodeAt(k - 1))
      ? // Stryker disable next-line ArithmeticOperator: stepping forward instead renders at(k + 1), which the bisection weighs anyway
        k - 1
      : k
    return render(text.slice(0, end), count.after(end))
  }
  let lo = 0
  // Stryker disable next-line ArithmeticOperator: any k from text.length on renders the whole text, which did not fit: never chosen
  let hi = text.length - 1
  // Stryker disable next-line ConditionalExpression: a shortcut; without it the bisection ends at lo = 0 all the same
  if (at(lo).length > max) return at(lo)
  // Invariant: at(lo) fits. Rendering grows with the prefix, so the largest fitting prefix is found;
  // were it not monotonic somewhere, the answer would still fit, only be a little shorter.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (at(mid).length <= max) lo = mid
    else hi = mid - 1
  }
  return at(lo)
}

/**
 * The suffix counterpart of {@link fitPrefix}, for text whose end matters most (a log): `render(text, 0)`
 * when that fits in `max`; otherwise `render(suffix, cutCount)` for the longest suffix of `text` (never
 * starting inside a surrogate pair) whose rendering fits, or for the empty suffix when none does.
 */
export function fitSuffix(text: string, max: number, render: (kept: string, cutCount: number) => string): string {
  const whole = render(text, 0)
  if (whole.length <= max) return whole
  const count = codePointCounter(text)
  const at = (k: number): string => {
    // At k = text.length the suffix is empty either way.
    const start = isHighSurrogate(text.charCodeAt(k - 1))
      ? // Stryker disable next-line ArithmeticOperator: stepping back instead renders at(k - 1), which the bisection weighs anyway
        k + 1
      : k
    return render(text.slice(start), count.before(start))
  }
  let lo = 1
  let hi = text.length
  // Stryker disable next-line ConditionalExpression: a shortcut; without it the bisection ends at hi = text.length all the same
  if (at(hi).length > max) return at(hi)
  // Invariant: at(hi) fits; the smallest fitting cut is found (see fitPrefix on monotonicity).
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (at(mid).length <= max) hi = mid
    else lo = mid + 1
  }
  return at(hi)
}

/**
 * Shares `room` between two parts given their full rendered lengths, cutting `first` before `second`:
 * `first` keeps at least `floor` (or its whole length when shorter), `second` gets what is left after
 * that, and `first` then gets whatever `second` did not need. Returns the room for `second`; give `first`
 * the room left once `second` is rendered.
 */
export function roomForSecond(room: number, firstLength: number, secondLength: number, floor: number): number {
  return Math.min(secondLength, room - Math.min(firstLength, floor))
}
