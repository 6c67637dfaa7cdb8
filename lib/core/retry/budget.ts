// How long one run may spend waiting out every service's rate limits together: one budget, REPORT_MAX_WAIT,
// shared by the tracker and chat, whichever service asks to slow down.

/** The total rate-limit wait of one run: `take` books `seconds` if they still fit under the cap. */
export function waitBudget(maxSeconds: number): { take(seconds: number): boolean; readonly waited: number } {
  let waited = 0
  return {
    take(seconds) {
      if (waited + seconds > maxSeconds) return false
      waited += seconds
      return true
    },
    get waited() {
      return waited
    },
  }
}

