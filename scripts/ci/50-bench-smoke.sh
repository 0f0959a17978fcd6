# Sourced by .ci/run: a short run of npm run bench and of its depth mode (every request answers as
# expected, every figure is reported); the figures themselves are not judged on a CI machine.
step "benchmark smoke run"
npm run test:bench -- --reporter=default --reporter=json --outputFile.json="$results_dir/bench-smoke.json" || failed_steps+=("benchmark smoke run")
