// `npm run test:mutation`: StrykerJS mutates the code that keeps secrets out and text within bounds (issue
// 31 §4), and runs the unit tests that cover it against each mutant; a mutant no test notices is a bug
// the suite would let through. Not part of `npm test` or CI: a full run takes minutes (see
// maintainers/development.md for how long, and the score).
// https://stryker-mutator.io/docs/stryker-js/configuration/
// https://stryker-mutator.io/docs/stryker-js/command-runner/

// Each mutated module and the unit test files that cover it, as a pattern over paths under test/
// (`.test.ts` added): test/mutation/command.mjs runs only those for a mutant in it, so that one mutant
// runs in about half a second. The property tests are left
// out (fast-check's runs take seconds each); the example tests pin each boundary: at the limit, one past it.
export const TESTS_OF = {
  // The redactor: the one list of secrets, and the shapes it masks.
  'lib/core/redact.ts': 'core/redact',
  'lib/core/text/secrets.ts': 'core/(redact|text/secrets)',
  // The budgets: the limits and the cuts that fit a text within them.
  'lib/core/text/budget.ts': 'core/text/budget',
  // The escaping: Markdown text, references and code, and a template's other landings (fence, HTML, table
  // cell, link text and address).
  'lib/core/text/markdown.ts': 'core/text/markdown(-gitlab)?',
  'lib/core/text/template-escape.ts': 'core/text/template-escape',
  // The cutters: the log excerpt (masked, then cut to its tail and the body's room), GitHub's per-step
  // cut, and GitLab's trace tail, whose long lines are masked before they are cut.
  'lib/core/text/log-tail.ts': 'core/text/log-tail',
  'lib/github/log-cutter.ts': 'github/log-cutter',
  'lib/gitlab/trace.ts': 'gitlab/trace',
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: Object.keys(TESTS_OF),
  testRunner: 'command',
  // NODE_OPTIONS emptied: under npm it loads the TypeScript hook of the project folder, not of Stryker's
  // sandbox copy; the command loads the sandbox's own.
  commandRunner: { command: 'NODE_OPTIONS= node --import ./scripts/ts-hook.mjs --import ./test/helpers/loopback-only.mjs test/mutation/command.mjs' },
  // The machine is shared: two mutants at a time at most.
  concurrency: 2,
  // A mutant that loops for ever (a bisection that never ends) is ended after the initial run's time (all
  // the files) × 1.25 + 2.5 s, and counts as found; no single file's tests take that long.
  timeoutFactor: 1.25,
  timeoutMS: 2500,
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  // Stryker rewrites the tsconfig's `extends` and `references` for its sandbox through TypeScript's JS
  // API, which TypeScript 7 (the native compiler) no longer has. This project's tsconfig.json has neither,
  // so there is nothing to rewrite: pointing the option at no file skips the step.
  tsconfigFile: 'no-tsconfig-to-rewrite.json',
  cleanTempDir: 'always',
}
