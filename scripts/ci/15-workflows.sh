# Sourced by .ci/run: the Arazzo workflows (npm run test:workflows) against the backend on SQLite and,
# with the TEST_DATABASE_URL that 10-postgres.sh exports, on PostgreSQL; against a sandbox session;
# and the conformance run against our backend.
step "Arazzo workflows (npm run test:workflows)"
npm run test:workflows -- --reporter=default --reporter=json --outputFile.json="$results_dir/workflows.json" || failed_steps+=("Arazzo workflows")
