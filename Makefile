# Every npm script a user needs, as a make target. `make help` lists them.
NPM ?= npm
export REDOCLY_TELEMETRY := off

.PHONY: help install start test lint generate docs typecheck ci
help:            ## List the targets
	@grep -E '^[a-z:-]+: .*## ' Makefile | sed 's/:.*## /\t/'
install:         ## Install dependencies (clean, from package-lock.json)
	$(NPM) ci
start:           ## Serve the backend on the embedded store (PORT, default 3000)
	$(NPM) start
test:            ## Run the test suite
	$(NPM) test
lint:            ## Lint the contract (0 errors, 0 warnings)
	$(NPM) run lint
generate:        ## Lint, bundle and generate types into generated/
	$(NPM) run generate
docs:            ## Build the offline Redoc page at dist/docs/index.html
	$(NPM) run docs
typecheck:       ## Type-check src/ and test/
	$(NPM) run typecheck
ci:              ## Run CI as it runs on a clean clone
	bash .ci/run
