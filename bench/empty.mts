// Intentionally empty: `npx zx bench/empty.mts` times the launcher alone (npm's npx, the .npmrc loader hook,
// the zx CLI), so that the benchmark can subtract it from the reporter's time.
