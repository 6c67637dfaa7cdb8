// Where a page's samples are: everything between `<!-- sample: <name> -->` and the next
// `<!-- /sample -->`, each on a line of its own. The markers stay; what is between them is the sample's
// fresh output. (HTML comments: GitHub and npm show nothing of them.)

const MARKER = /^<!-- sample: ([\w-]+) -->\n([\s\S]*?)^<!-- \/sample -->$/gm

/** `page` with each sample's text replaced by `render(name)`, and the names in order. Throws on a sample with no end marker. */
export function replaceSamples(page: string, render: (name: string) => string, where = 'the page'): { text: string; names: string[] } {
  const names: string[] = []
  const text = page.replace(MARKER, (_, name: string) => {
    names.push(name)
    return `<!-- sample: ${name} -->\n${render(name)}<!-- /sample -->`
  })
  const opened = [...page.matchAll(/^<!-- sample: ([\w-]+) -->$/gm)].map((m) => m[1]!)
  const unclosed = opened.find((name, i) => names[i] !== name)
  if (unclosed !== undefined) throw new Error(`sample ${unclosed} in ${where} has no <!-- /sample --> after it`)
  return { text, names }
}

/** The names of the samples on `page`, in order. */
export function sampleNames(page: string): string[] {
  return [...page.matchAll(MARKER)].map((m) => m[1]!)
}
