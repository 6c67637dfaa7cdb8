// One October of deploy failures, the same on GitHub and GitLab, whose figures are worked out by hand in
// test/integration/cli/stats.test.ts. Times are UTC.
import type { SeededDeployment } from './loopback-deployments.ts'
import type { SeedIssue } from './stats-seed.ts'

export const OCTOBER: readonly SeedIssue[] = [
  // production, 2 Oct: three runs on one commit, one on another, and a race's duplicate; one outage.
  {
    env: 'production',
    sha: 'abc1234',
    created: '2026-10-02T10:00:00Z',
    comments: [
      { kind: 'occurrence', at: '2026-10-02T10:30:00Z' },
      { kind: 'occurrence', at: '2026-10-02T11:00:00Z' },
      { kind: 'recovery', at: '2026-10-02T12:13:00Z' },
    ],
    closed: { at: '2026-10-02T12:13:05Z' },
  },
  { env: 'production', sha: 'def5678', created: '2026-10-02T10:05:00Z', comments: [{ kind: 'recovery', at: '2026-10-02T12:13:01Z' }], closed: { at: '2026-10-02T12:13:06Z' } },
  { env: 'production', sha: 'def5678', created: '2026-10-02T10:06:00Z', closed: { at: '2026-10-02T10:06:30Z', as: 'duplicate' } },
  // production, 5 Oct: closed by a person as not planned.
  { env: 'production', sha: 'aaa0001', created: '2026-10-05T00:00:00Z', closed: { at: '2026-10-05T05:00:00Z', as: 'not_planned' } },
  // production, 10 Oct: recovered after 38 min, then reopened by a regression on 12 Oct and failing since.
  {
    env: 'production',
    sha: 'bbb0002',
    created: '2026-10-10T08:00:00Z',
    comments: [
      { kind: 'recovery', at: '2026-10-10T08:38:00Z' },
      { kind: 'regression', at: '2026-10-12T09:00:00Z' },
      { kind: 'occurrence', at: '2026-10-12T09:20:00Z' },
    ],
  },
  // staging, 15 Oct: recovered after 45 min.
  { env: 'staging', sha: 'ccc0003', created: '2026-10-15T14:00:00Z', comments: [{ kind: 'recovery', at: '2026-10-15T14:45:00Z' }], closed: { at: '2026-10-15T14:45:00Z' } },
  // Not the reporter's: no label, another title format, and one last touched before the period.
  { env: 'staging', created: '2026-10-16T10:00:00Z', labels: ['ops'] },
  { env: 'preprod', title: 'preprod is slow', created: '2026-10-17T10:00:00Z' },
  { env: 'staging', sha: 'ddd0004', created: '2026-09-20T00:00:00Z', comments: [{ kind: 'recovery', at: '2026-09-20T01:00:00Z' }], closed: { at: '2026-09-20T01:00:00Z' } },
]

const at = (day: number, hour: number) => `2026-10-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`

/**
 * production's deployments: 40 attempts in October (7 of them failed, by their statuses: fewer than the
 * 9 failed runs the issues record, as when a run fails before its deploy step) and 5 in September.
 */
export const OCTOBER_DEPLOYMENTS: readonly SeededDeployment[] = [
  ...Array.from({ length: 40 }, (_, i) => ({ environment: 'production', createdAt: at(1 + (i % 30), 6 + Math.floor(i / 30)), status: i < 7 ? ('failed' as const) : ('success' as const) })),
  ...Array.from({ length: 5 }, (_, i) => ({ environment: 'production', createdAt: `2026-09-${10 + i}T06:00:00Z`, status: 'success' as const })),
]
