// A GitHub App made up for a test: a fresh RSA key pair, the App as the loopback GitHub knows it (public
// key), and the environment the tools need to act as it (private key).
import { createPublicKey, generateKeyPairSync } from 'node:crypto'
import type { LoopbackApp, LoopbackGitHub } from './loopback-github.ts'

/** A test App: `loopback` goes into startLoopbackGitHub's options, `privateKey` into ISSUE_APP_PRIVATE_KEY. */
export interface TestApp {
  readonly loopback: LoopbackApp
  /** PKCS#1 PEM, the format GitHub hands out. */
  readonly privateKey: string
}

/** Generates a key pair (2048-bit RSA, as GitHub's) and an App with id 4242 installed as 777. */
export function testApp(options: Partial<Pick<LoopbackApp, 'permissions' | 'tokens'>> = {}): TestApp {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  })
  return { privateKey, loopback: { id: 4242, slug: 'deploy-reporter', publicKey: createPublicKey(publicKey), installationId: 777, ...options } }
}

/** `gh.env(extra)` acting as `app` instead of with a token. */
export function appEnv(gh: LoopbackGitHub, app: TestApp, extra: Record<string, string> = {}): Record<string, string> {
  const { ISSUE_TOKEN: _token, ...env } = gh.env({ ISSUE_APP_ID: String(app.loopback.id), ISSUE_APP_PRIVATE_KEY: app.privateKey, ...extra })
  return env
}
