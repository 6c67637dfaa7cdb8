/** One line of the doctor's report: a tracker, a chat or the CLI each contribute theirs. */
export interface Check {
  readonly ok: boolean
  readonly text: string
}
