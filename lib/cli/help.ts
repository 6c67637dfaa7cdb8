// What the help of every command that files or closes issues says alike: its last two options, and the
// opening of its environment list with the two variables every run needs. One text, laid out at each
// command's own first column, so the commands cannot drift apart in what they say of them.

const row = (width: number, name: string, text: string) => `  ${name.padEnd(width)}${text}`

/** The help's lines from `-h, --help` to ISSUE_REPO, with the names padded to `width` columns. */
export function sharedHelp(width: number): string {
  return [
    row(width, '-h, --help', 'show this text'),
    row(width, '-v, --version', 'print the version'),
    '',
    'Environment (a .env file in the current folder is read too; set variables win; REPORT_DOTENV=off',
    'skips it). The key ones:',
    row(width, 'ISSUE_TOKEN', 'the token (or a GitHub App: ISSUE_APP_ID, ISSUE_APP_PRIVATE_KEY)'),
    row(width, 'ISSUE_REPO', 'owner/repo (ISSUE_TRACKER=gitlab: the project path)'),
  ].join('\n')
}
