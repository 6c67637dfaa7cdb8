// What the configuration's readers share: the environment as given, read with one rule for empty values.

/** The environment a reader is given: `process.env`, or a caller's own (the plugin API, the tests). */
export type Env = Record<string, string | undefined>

/** `env[name]`, or undefined when it is unset or empty: a CI variable set to '' means "not given". */
export function value(env: Env, name: string): string | undefined {
  const v = env[name]
  return v === undefined || v === '' ? undefined : v
}

/** Whether `text` is an http: or https: URL. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** {@link value} without the spaces around it: for names, numbers and words, where a space is a slip. */
export function trimmedValue(env: Env, name: string): string | undefined {
  const v = env[name]?.trim()
  return v === undefined || v === '' ? undefined : v
}
