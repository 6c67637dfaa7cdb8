/** The npm cache for what tests start: npm's own when it can be written, else `<repo>/.cache/npm`. */
export declare function npmCache(env?: NodeJS.ProcessEnv): string
