// GitHub App identity from the environment: ISSUE_APP_ID and ISSUE_APP_PRIVATE_KEY (the PEM itself, or
// a path to it), optionally ISSUE_APP_INSTALLATION_ID. The key is a secret from the moment it is read.
import { createPrivateKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { registerSecret } from '../core/log.ts'
import { value, type Env } from './env.ts'

/** What the tools need to act as a GitHub App's installation. */
export interface AppCredentials {
  /** The App's id, or its client id (`Iv…`); both are accepted as the JWT's issuer. */
  readonly appId: string
  /** PEM, PKCS#1 as GitHub hands it out, or PKCS#8. */
  readonly privateKey: string
  /** Looked up from the repository when undefined. */
  readonly installationId: number | undefined
}

// CI secret stores often flatten a PEM's newlines into the two characters `\n`.
const unflatten = (pem: string) => (pem.includes('\n') ? pem : pem.replace(/\\n/g, '\n'))

function readKey(raw: string, problems: string[]): string | undefined {
  let pem = raw.trim()
  if (!pem.startsWith('-----BEGIN')) {
    try {
      pem = readFileSync(raw, 'utf8').trim()
    } catch (error) {
      // Neither a PEM nor a readable file: the value may be a mangled key, so it is not echoed.
      problems.push(`ISSUE_APP_PRIVATE_KEY must be a PEM private key or the path of one (reading it as a path failed: ${(error as NodeJS.ErrnoException).code ?? 'error'})`)
      return undefined
    }
  }
  pem = unflatten(pem)
  // Every line of the key is a secret on its own: an error could print one line of it. A key saved on
  // Windows ends its lines with \r\n; each line is registered without the \r, as a log that splits
  // lines (or prints the key with \n endings) shows it.
  const lines = pem.split(/\r?\n/)
  registerSecret(raw, pem, lines.join('\n'), ...lines.filter((line) => !line.startsWith('-----')))
  try {
    createPrivateKey(pem)
  } catch {
    problems.push('ISSUE_APP_PRIVATE_KEY is not a valid PEM private key (download a new one from the App\'s settings)')
    return undefined
  }
  return pem
}

/**
 * The App credentials in `env`, or undefined when ISSUE_APP_ID and ISSUE_APP_PRIVATE_KEY are both unset.
 * Pushes one line per problem onto `problems`: one of the pair missing, a key that is neither a PEM nor
 * a readable file, a malformed id, or ISSUE_TOKEN set as well (one identity per run).
 */
export function appCredentials(env: Env, problems: string[]): AppCredentials | undefined {
  const appId = value(env, 'ISSUE_APP_ID')
  const rawKey = value(env, 'ISSUE_APP_PRIVATE_KEY')
  const rawInstallation = value(env, 'ISSUE_APP_INSTALLATION_ID')
  if (appId === undefined && rawKey === undefined) {
    if (rawInstallation !== undefined) problems.push('ISSUE_APP_INSTALLATION_ID is set, but ISSUE_APP_ID and ISSUE_APP_PRIVATE_KEY are not')
    return undefined
  }
  const before = problems.length
  if (value(env, 'ISSUE_TOKEN') !== undefined) {
    problems.push('ISSUE_TOKEN and ISSUE_APP_ID are both set: use either a token or a GitHub App (ISSUE_APP_ID, ISSUE_APP_PRIVATE_KEY), not both')
  }
  if (appId === undefined) problems.push('ISSUE_APP_ID is required with ISSUE_APP_PRIVATE_KEY (the App\'s id, from its settings page)')
  else if (!/^(\d+|Iv[0-9A-Za-z.]+)$/.test(appId)) problems.push(`ISSUE_APP_ID must be the App's numeric id or its client id (Iv…), got ${JSON.stringify(appId)}`)
  if (rawKey === undefined) problems.push('ISSUE_APP_PRIVATE_KEY is required with ISSUE_APP_ID (the PEM, or the path of the .pem file)')
  const privateKey = rawKey === undefined ? undefined : readKey(rawKey, problems)
  const installationId = rawInstallation === undefined ? undefined : Number(rawInstallation)
  if (rawInstallation !== undefined && !(Number.isSafeInteger(installationId) && installationId! > 0)) {
    problems.push(`ISSUE_APP_INSTALLATION_ID must be a positive whole number, got ${JSON.stringify(rawInstallation)}`)
  }
  if (problems.length > before || appId === undefined || privateKey === undefined) return undefined
  return Object.freeze({ appId, privateKey, installationId })
}
