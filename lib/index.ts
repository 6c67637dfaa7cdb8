// The package's plugin API: `import { reportDeployFailure } from 'deploy-failure-reporter'`. Importing it
// runs nothing (no command, no .env read, no request); only the functions below act, when called.
export { reportDeployFailure, type ReportOptions, type ReportResult } from './api/report.ts'
export { resolveDeployFailures, type ResolveOptions, type ResolveResult } from './api/resolve.ts'
export { deployStats, type StatsApiOptions, type StatsResult } from './api/stats.ts'
export { checkHealth, type HealthCheckOptions, type HealthResult } from './api/health.ts'
export { backoff, retry } from './api/retry.ts'
export type { CommonOptions } from './api/options.ts'
export { ApiError, AttemptsExhausted, ConfigError, CreateFailed, ListFailed, RateLimited, ResolveFailed, StatsReadFailed, Unreachable } from './core/errors.ts'
