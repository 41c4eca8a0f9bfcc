# Claimcheck — the two commands that matter are `make run` and `make test`.
GO       ?= go
BIN      ?= bin/claimcheck
PKGS     ?= ./...
BENCHTIME ?= 2s

.DEFAULT_GOAL := help

SHARED_DATA ?= ../shared/data

.PHONY: help run test build generate lint bench bench-search fuzz clean datasets
.PHONY: loadtest soak

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-10s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

run: ## start the service at http://localhost:3000 on ./data/claimcheck.db (set DATABASE_URL for PostgreSQL)
	$(GO) run ./cmd/claimcheck serve

datasets: ## install the optional data sets from ../shared/data (SHARED_DATA) into DATASETS_DIR (checksums checked; see README "Datasets")
	@for d in domain-quality-ratings stopwords-iso x-fact-label-maps; do \
		if [ -d "$(SHARED_DATA)/$$d" ]; then $(GO) run ./cmd/claimcheck data install "$(SHARED_DATA)/$$d" || exit 1; \
		else echo "$(SHARED_DATA)/$$d: not there, skipped"; fi; \
	done

test: ## run every test (PostgreSQL halves run when TEST_DATABASE_URL is set; data-set tests read ../shared/data)
	$(GO) vet $(PKGS)
	$(GO) test -count=1 -timeout 20m $(PKGS)

build: ## build the binary into bin/claimcheck
	$(GO) build -trimpath -o $(BIN) ./cmd/claimcheck

generate: ## regenerate templ components (*_templ.go, committed)
	$(GO) tool templ generate

lint: ## gofmt, go vet, staticcheck and a check that generated templ code is current
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) tool staticcheck $(PKGS)
	$(GO) tool templ generate >/dev/null && git diff --exit-code -- '*_templ.go'

bench: ## run the benchmarks but the million-claim search (both databases when TEST_DATABASE_URL is set)
	$(GO) test -run='^$$' -bench='^Benchmark([^S]|S[^e])' -benchmem -benchtime=$(BENCHTIME) $(PKGS)

bench-search: ## claim search at one million claims on both databases (seeds once, then reuses the data)
	CLAIMCHECK_BENCH_CLAIMS=$${CLAIMCHECK_BENCH_CLAIMS:-1000000} $(GO) test -run='^$$' -bench=BenchmarkSearch -benchtime=$(BENCHTIME) ./models/

fuzz: ## fuzz the PostgREST query parser and the claim analysis (pasted posts), 60s each
	$(GO) test -run='^$$' -fuzz=FuzzParse -fuzztime=60s ./internal/postgrest/
	$(GO) test -run='^$$' -fuzz=FuzzSearch -fuzztime=60s ./internal/matching/

loadtest: ## Claimcheck against the bare twin (bench/twin) over loopback, alternating rounds; LOADTEST_QUICK=1 for a quick look (README "Load test")
	$(GO) run ./cmd/loadtest

soak: ## the load and fault suite: hostile battery with RSS, kill -9 under writes, two processes on PostgreSQL; SOAK_QUICK=1 shortens it (README "Soak")
	$(GO) run ./cmd/soak

clean: ## remove build output
	rm -rf bin
