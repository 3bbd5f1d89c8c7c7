// Issue 31: in CI (CI=true) `npm test` must run every suite on PostgreSQL as well as SQLite. Without
// the PostgreSQL databases the integration and end-to-end suites would quietly pass on SQLite alone,
// so a CI run without them fails here, before anything else runs. `.ci/run` sets both.
const missing = ['TEST_DATABASE_URL', 'E2E_DATABASE_URL'].filter((name) => !process.env[name]);
if (process.env.CI === 'true' && missing.length > 0) {
  console.error(`CI=true needs ${missing.join(' and ')} (PostgreSQL databases for the suites); see .ci/run.`);
  process.exit(1);
}
