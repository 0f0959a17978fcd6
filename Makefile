# Every npm script a user needs, as a make target. `make help` lists them.
NPM ?= npm
export REDOCLY_TELEMETRY := off

.PHONY: help install start sandbox test test-pg migrate cli lint generate docs typecheck ci
help:            ## List the targets
	@grep -E '^[a-z:-]+: .*## ' Makefile | sed 's/:.*## /\t/'
install:         ## Install dependencies (clean, from package-lock.json)
	$(NPM) ci
start:           ## Serve the backend on the embedded store (PORT, default 3000)
	$(NPM) start
.PHONY: build dev
build:           ## Compile src/ to dist/src/ and build the docs page (npm install runs it too)
	$(NPM) run build
.PHONY: build-client test-client-package
build-client:    ## Build the client package in dist/client-package/ (then npm pack there) and report its gzip size
	$(NPM) run build:client
test-client-package: ## Pack the client, install the tarball in a temp project, type-check and run it there (a minute)
	$(NPM) run test:client-package
dev:             ## Run the backend from source, restarting on every change (tsx watch)
	$(NPM) run dev
test:            ## Run the test suite
	$(NPM) test
.PHONY: test-changed
test-changed:    ## Only the tests related to uncommitted changes (SINCE=origin/main: the branch's); the inner loop, not the check
	$(NPM) run test:changed -- $(SINCE)
.PHONY: test-durations
test-durations:  ## After a full npm test: record each file's duration, so a fresh clone starts the longest first
	$(NPM) run test:durations
test-pg:         ## Run the backend suites on PostgreSQL (TEST_DATABASE_URL)
	$(NPM) run test:pg
.PHONY: fuzz
fuzz:            ## Fuzz every operation (RUNS, default 20000; SEED) on SQLite and, with TEST_DATABASE_URL, PostgreSQL
	$(NPM) run fuzz -- --runs $(or $(RUNS),20000) $(if $(SEED),--seed $(SEED))
sandbox:         ## Backend on a throw-away in-memory store with demo data and a fixed key
	$(NPM) run sandbox
.PHONY: example-engine
example-engine:  ## The example flow engine of docs/engines.md (API_URL, API_KEY of an ENGINE key; ARGS=--once)
	$(NPM) run example-engine -- $(ARGS)
migrate:         ## Apply migrations to the configured store
	$(NPM) run migrate
cli:             ## Admin command line, e.g. make cli ARGS="create-platform --name Acme --admin-email a@example.com"
	$(NPM) run cli -- $(ARGS)
lint:            ## Lint the contract (Redocly, Spectral OWASP) and the code (Biome): fails on any finding
	$(NPM) run lint
.PHONY: lint-security
lint-security:   ## Security lint of the bundled contract (Spectral, OWASP API Security ruleset, openapi/spectral.yaml)
	$(NPM) run lint:security
.PHONY: format
format:          ## Format the code and organise imports (Biome)
	$(NPM) run format
generate:        ## Lint, bundle and generate types into generated/
	$(NPM) run generate
docs:            ## Build the offline Redoc page at dist/docs/index.html
	$(NPM) run docs
.PHONY: test-workflows
test-workflows:  ## The Arazzo workflows against the backend (and PostgreSQL with TEST_DATABASE_URL), a sandbox session, and the conformance run
	$(NPM) run test:workflows
.PHONY: test-docs
test-docs:       ## Build the docs and check them in headless Chromium (/usr/bin/chromium); screenshot in dist/docs/
	$(NPM) run test:docs
.PHONY: mock mock-proxy
mock:            ## Mock server of the contract at http://127.0.0.1:4010/api (MOCK_PORT, MOCK_HOST, MOCK_LOG_LEVEL)
	$(NPM) run mock
mock-proxy:      ## Proxy at :4010/api checking a running backend against the contract (MOCK_UPSTREAM)
	$(NPM) run mock:proxy
.PHONY: conformance
conformance:     ## Check a deployment (workflows, isolation, use-after-free, problems, idempotency, webhooks): SERVER (or API_BASE_URL), KEY (or API_KEY), OUT, OTHER_KEY, RECEIVER_URL, LISTEN, CLEANUP=1
	$(NPM) run conformance -- $(if $(SERVER),--server $(SERVER)) $(if $(KEY),--key $(KEY)) $(if $(OUT),--out $(OUT)) $(if $(OTHER_KEY),--other-key $(OTHER_KEY)) $(if $(RECEIVER_URL),--receiver-url $(RECEIVER_URL)) $(if $(LISTEN),--listen $(LISTEN)) $(if $(CLEANUP),--cleanup)
.PHONY: check-compat
check-compat:    ## Fail on breaking contract changes since a git ref, e.g. make check-compat AGAINST=main
	$(NPM) run check:compat -- --against $(or $(AGAINST),main)
.PHONY: bench-mock
bench-mock:      ## Throughput of the mock vs Prism alone with its default logging (autocannon; fails under 1.5x)
	$(NPM) run bench:mock
typecheck:       ## Type-check src/, test/ and scripts/ (incremental: node_modules/.cache/tsc, shared with npm test's check)
	$(NPM) run typecheck
ci:              ## Run CI as it runs on a clean clone
	bash .ci/run
.PHONY: bench bench-pg bench-depth bench-instances bench-stores
bench:           ## Benchmark the server (production) against a node:http baseline and the mock; dist/bench/ (ARGS="--profile")
	$(NPM) run bench -- $(ARGS)
bench-pg:        ## The same benchmark on PostgreSQL (TEST_DATABASE_URL or DATABASE_URL)
	$(NPM) run bench -- --store postgres $(ARGS)
bench-stores:    ## The server's CPU per request on PostgreSQL against SQLite, in turns (TEST_DATABASE_URL)
	$(NPM) run bench -- --stores $(ARGS)
bench-instances: ## One instance against two on one PostgreSQL database, in turns (TEST_DATABASE_URL; ARGS="--instances 3")
	$(NPM) run bench -- --store postgres --instances 2 $(ARGS)
bench-depth:     ## First page against a page ~1,000,000 runs deep, every listFlowRuns filter (ARGS="--store postgres")
	$(NPM) run bench -- --depth $(ARGS)
.PHONY: bench-mcp
bench-mcp:       ## MCP in a sandbox session: tools/list of 100 tools, tools/call at 50 at a time (builds first; ARGS="--mcp-calls 2000")
	$(NPM) run build
	$(NPM) run bench -- --mcp $(ARGS)
.PHONY: bench-compare
bench-compare:   ## This checkout against another one (AGAINST=DIR, built), in turns: req/s and CPU per request (ARGS="--cases createFlow")
	$(NPM) run bench -- --against $(AGAINST) $(ARGS)
.PHONY: test-bench
test-bench:      ## A short smoke run of the benchmark and its depth mode (about a minute; CI runs it)
	$(NPM) run test:bench
.PHONY: test-cluster
test-cluster:    ## Two instances on one PostgreSQL and one Redis, SIGKILL during writes (TEST_DATABASE_URL, TEST_REDIS_URL)
	$(NPM) run test:cluster
