/** The scripts that are thin entries over lib/cli/commands, and so compile alone. */
export declare const COMMAND_SCRIPTS: readonly string[]
/** Compiles the command scripts into a new folder under `.cache/` and returns it. */
export declare function buildScripts(): Promise<string>
