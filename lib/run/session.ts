// What every command starts from, read once: the configuration, the log that masks its secrets from the
// first line it prints, the environment and the moment the run began. Each face (command line, GitHub
// Action, plugin API) opens one and hands it to the run layer, which never reads `process` itself.
import { loadConfig, loadDotenv, type Config } from '../config/config.ts'
import { secretsOf } from '../config/secrets.ts'
import type { Log } from '../core/log.ts'
import { ioLog, type Io } from './io.ts'

type Env = Record<string, string | undefined>

/** One command's run: what every step of the run layer reads. */
export interface Session<C extends Config = Config> {
  readonly config: C
  readonly log: Log
  readonly env: Env
  /** When the run started: the time and the report's date are this moment. */
  readonly time: Date
  /** Inside a GitHub Actions step, where chat's strict mode hands its annotation (lib/run/io.ts). */
  readonly annotate?: ((line: string) => void) | undefined
}

/** A log whose lines are masked with whatever secrets `hide` was last given: none before the configuration is read. */
export interface MaskingLog {
  readonly log: Log
  hide(secrets: readonly string[]): void
}

/** The spec's lines on `io`'s streams, masked from the moment {@link MaskingLog.hide} is told the secrets. */
export function maskingLog(io: Io): MaskingLog {
  let secrets: readonly string[] = []
  return { log: ioLog(io, () => secrets), hide: (next) => void (secrets = next) }
}

/** A log that prints nothing: the plugin API's `quiet`. */
export const SILENT: Log = { info: () => {}, warn: () => {}, error: () => {} }

export interface ConfigureOptions {
  /** Read a `.env` file in the current folder first (the command line; never the plugin API). */
  readonly dotenv?: boolean
  /** ISSUE_TOKEN may be missing (a dry run). */
  readonly requireToken?: boolean
  /** Print the configuration's warnings (default true; the doctor shows its own checks instead). */
  readonly warnings?: boolean
}

/**
 * Reads the configuration from `env` (a `.env` file first when asked), tells `masking` its secrets before
 * anything is printed, and prints the configuration's warnings. Throws the `ConfigError` listing every problem.
 */
export function configure(env: Env, masking: Pick<MaskingLog, 'log' | 'hide'>, { dotenv = false, requireToken = true, warnings = true }: ConfigureOptions = {}): Config {
  if (dotenv) loadDotenv(env)
  const config = loadConfig(env, { requireToken })
  masking.hide(secretsOf(config))
  if (warnings) for (const warning of config.warnings) masking.log.warn(warning)
  return config
}

/** How a command run by a face ends: the flags every writing command takes. */
export interface CommandFlags {
  /** Say what it would do, write nothing, record no outcome. */
  readonly dryRun?: boolean
  /** End stdout with the result as one JSON line, whatever the exit code. */
  readonly json?: boolean
}
