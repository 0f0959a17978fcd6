# Sourced by .ci/run: the backend suites again on PostgreSQL (a fresh schema per suite).
step "backend suites on PostgreSQL"
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if node -e "const c=new (require('pg').Client)({connectionString:process.env.TEST_DATABASE_URL});c.connect().then(()=>c.end()).catch(()=>process.exit(1))"; then
  npm run test:pg -- --reporter=default --reporter=json --outputFile.json="$results_dir/postgres.json" || failed_steps+=("PostgreSQL suite")
else
  echo "PostgreSQL at $TEST_DATABASE_URL is not reachable"
  failed_steps+=("PostgreSQL unreachable")
fi
