# Sourced by .ci/run: the README's test command again on Node 22, the older supported LTS line.
step "npm test on Node 22"
if ( use_node 22 "$NODE22_VERSION" && node --version && npm test -- --reporter=default --reporter=json --outputFile.json="$results_dir/node22.json" ); then
  :
else
  failed_steps+=("npm test on Node 22")
fi
