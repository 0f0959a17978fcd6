# Sourced by .ci/run: two service processes on one PostgreSQL database and one Redis (races,
# idempotent retries across instances, one shared rate-limit budget, SIGKILL during a write burst),
# and the SIGKILL burst on the embedded store. Prints the measured figures as [figures] lines.
step "two instances on PostgreSQL and Redis (npm run test:cluster)"
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
if ! node -e "const c=new (require('pg').Client)({connectionString:process.env.TEST_DATABASE_URL});c.connect().then(()=>c.end()).catch(()=>process.exit(1))"; then
  echo "PostgreSQL at $TEST_DATABASE_URL is not reachable"
  failed_steps+=("cluster suite: PostgreSQL unreachable")
elif ! node --input-type=module -e "import { createClient } from 'redis'; const c = createClient({ url: process.env.TEST_REDIS_URL }); c.on('error', () => process.exit(1)); await c.connect(); await c.close();"; then
  echo "Redis at $TEST_REDIS_URL is not reachable"
  failed_steps+=("cluster suite: Redis unreachable")
else
  npm run test:cluster -- --reporter=default --reporter=json --outputFile.json="$results_dir/cluster.json" || failed_steps+=("cluster suite")
fi
