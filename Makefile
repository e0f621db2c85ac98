# The table assistant for FALLING. `make run` plays a hand on the simulated
# table; `make test` is what CI runs.

GO      ?= go
BIN     ?= bin
PKGS    := ./...
# The speaker needs cgo and ALSA's headers; without them the build plays to
# a WAV file or stays silent, and says so.
TAGS    ?= $(shell pkg-config --exists alsa 2>/dev/null && echo alsa)
# Tests that fork, fuzz seeds and golden files all run under plain go test;
# -race on the packages with goroutines catches what a 2-core Pi would.
RACE_PKGS := ./hw/... ./game/playlog/... ./game/dealer/...

.PHONY: all build run test test-race bench lint fuzz pi clean

all: build

build:
	$(GO) build -tags '$(TAGS)' -o $(BIN)/falling ./cmd/falling

run: build
	$(BIN)/falling play

test:
	$(GO) vet $(PKGS)
	$(GO) test -count=1 $(PKGS)
	$(GO) test -count=1 -race -short $(RACE_PKGS)

bench:
	$(GO) test -run '^$$' -bench . -benchmem -cpu 1 ./game/ ./game/bot/
	$(GO) test -run '^$$' -bench . -benchmem ./hw/... ./drivers/... ./game/playlog/... ./game/dealer/...

lint:
	gofmt -l . | (! grep .) || (echo "gofmt would change the files above" && exit 1)
	$(GO) vet $(PKGS)
	$(GO) run honnef.co/go/tools/cmd/staticcheck@2025.1.1 $(PKGS)

# A minute of each fuzz target, one after another.
fuzz:
	@for p in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list 'Fuzz.*' $$p | grep ^Fuzz); do \
	    echo "== $$p $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime 60s $$p || exit 1; \
	  done; \
	done

# Cross-builds for the Pi: arm64 (Pi 3/4/5/Zero 2 W on 64-bit OS), armv7
# (Pi 2/3 on 32-bit OS) and armv6 (Zero, Pi 1). CGO_ENABLED=0 builds have no
# speaker (WAV and silent sinks only); the -alsa builds link ALSA through
# Debian's cross compilers and multiarch libasound2-dev.
pi:
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 $(GO) build -o $(BIN)/falling-linux-arm64 ./cmd/falling
	GOOS=linux GOARCH=arm GOARM=7 CGO_ENABLED=0 $(GO) build -o $(BIN)/falling-linux-armv7 ./cmd/falling
	GOOS=linux GOARCH=arm GOARM=6 CGO_ENABLED=0 $(GO) build -o $(BIN)/falling-linux-armv6 ./cmd/falling

clean:
	rm -rf $(BIN)
