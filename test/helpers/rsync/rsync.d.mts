// Types for the rsync stand-in (plain JavaScript, so that it runs on every Node without a loader).
export declare class Unsupported extends Error {}
export declare function parseArgs(argv: readonly string[]): {
  recursive: boolean
  relative: boolean
  archive: boolean
  delete: boolean
  deleteExcluded: boolean
  excludes: string[]
  filesFrom: string[] | undefined
  operands: string[]
}
export declare function excluder(patterns: readonly string[]): (path: string, isDir: boolean) => boolean
export declare function rsync(argv: readonly string[], cwd?: string): void
