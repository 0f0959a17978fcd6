# Sourced by .ci/run: the client package as a frontend team gets it. `npm run build:client` writes
# it and reports its size; `npm run test:client-package` packs it, checks it with publint and
# @arethetypeswrong/cli, installs the tarball into a project in the OS temp directory (npm registry
# only) and runs that project's type-checks, a script against the sandbox, a jsdom test and MSW
# tests under msw 2 and 3.
step "client package (npm run build:client, npm run test:client-package)"
npm run build:client || failed_steps+=("build:client")
npm run test:client-package -- --reporter=default --reporter=json --outputFile.json="$results_dir/client-package.json" ||
  failed_steps+=("client package test")
