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
# Tests that need a real kernel (build tag vmtest, run by make vmtest); vetted
# even when QEMU is missing so that they keep compiling.
VMTEST_PKGS := ./hw/buttons ./hw/pi
# falling --version prints this.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo unknown)
LDFLAGS := -X main.version=$(VERSION)

.PHONY: all build run test test-race vmtest bench lint fuzz fuzz-short pi clean crash

all: build

build:
	$(GO) build -tags '$(TAGS)' -ldflags '$(LDFLAGS)' -o $(BIN)/falling ./cmd/falling

run: build
	$(BIN)/falling play

test:
	$(GO) vet $(PKGS)
	$(GO) test -count=1 $(PKGS)
	$(GO) test -count=1 -race -short $(RACE_PKGS)
	$(MAKE) --no-print-directory fuzz-short
	@if command -v qemu-system-x86_64 >/dev/null 2>&1; then $(MAKE) --no-print-directory vmtest; \
	else echo "make test: vmtest skipped: qemu-system-x86_64 is not installed (hw/vmtest/deps.sh installs it)"; \
	$(GO) vet -tags vmtest $(VMTEST_PKGS); fi

# The seat buttons and the reader's bus on a real Linux kernel: Debian's 6.1
# under QEMU (TCG, no KVM) with gpio-sim and i2c-stub. The kernel, modules
# and initramfs are built once per kernel release and cached; see
# hw/vmtest/doc.go. Missing apt packages are installed by hw/vmtest/deps.sh.
vmtest:
	GO=$(GO) hw/vmtest/run.sh

bench:
	$(GO) test -run '^$$' -bench . -benchmem -cpu 1 ./game/ ./game/bot/
	$(GO) test -run '^$$' -bench . -benchmem ./hw/... ./drivers/... ./game/playlog/... ./game/dealer/... ./game/review/ ./game/serve/

lint:
	gofmt -l . | (! grep .) || (echo "gofmt would change the files above" && exit 1)
	$(GO) vet $(PKGS)
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 $(PKGS)

# The crash and power-cut harness: SIGKILLs of a log writer process at random
# moments; power-cut images of a log (a random subset of the pages written
# since the last fsync written back, the file size old or new), each read back
# and resumed; and power cuts of a whole night (index and hand logs) followed
# by --resume, the night going on, and its review. It prints the figures:
# records acknowledged durable, lost, misread, logs and nights that resume.
# make test runs a few of each.
CRASH_KILLS  ?= 400
CRASH_IMAGES ?= 400
CRASH_NIGHTS ?= 300
crash:
	@out=$$(mktemp) && echo "make crash: $(CRASH_KILLS) kills, $(CRASH_IMAGES) power-cut images per log format, $(CRASH_NIGHTS) night power cuts, on $$(nproc) cores"; \
	{ $(GO) test -count=1 -v -run '^(TestCrashSafety|TestPowerCutImages)$$' ./game/playlog/wal/ \
	    -wal.crashes=$(CRASH_KILLS) -wal.images=$(CRASH_IMAGES) && \
	  $(GO) test -count=1 -v -run '^TestNightPowerCuts$$' ./game/night/ -night.cuts=$(CRASH_NIGHTS); } >$$out 2>&1; rc=$$?; \
	grep -E 'figures|^(--- |ok|FAIL|panic)' $$out; [ $$rc -eq 0 ] || tail -n 30 $$out; rm -f $$out; exit $$rc

# A minute of each fuzz target, one after another.
fuzz:
	@for p in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list 'Fuzz.*' $$p | grep ^Fuzz); do \
	    echo "== $$p $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime 60s $$p || exit 1; \
	  done; \
	done

# A short fuzz of each target CI runs, package:Target. A package not in this
# tree (a branch not merged yet) is skipped with a note; a package without
# its target fails, so a renamed target is not silently dropped.
FUZZ_SHORT      := ./game:FuzzApply ./game/messy:FuzzMessy
FUZZ_SHORT_TIME ?= 20s
# Each new input is minimized for up to 60 s by default; one still being
# minimized when the run's time is up fails it with "context deadline
# exceeded" (seen on a loaded 2-core machine), so a short run minimizes
# briefly.
FUZZ_MINIMIZE   ?= 1s
fuzz-short:
	@for pt in $(FUZZ_SHORT); do p=$${pt%%:*}; f=$${pt##*:}; \
	  if [ ! -d "$$p" ]; then echo "make fuzz-short: $$p is not in this tree: $$f skipped"; continue; fi; \
	  $(GO) test -list "^$$f$$" $$p | grep -qx "$$f" || { echo "make fuzz-short: $$p has no $$f"; exit 1; }; \
	  echo "== $$p $$f for $(FUZZ_SHORT_TIME)"; \
	  $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZ_SHORT_TIME) -fuzzminimizetime $(FUZZ_MINIMIZE) $$p || exit 1; \
	done

# Cross-builds for the Pi: arm64 (Pi 3/4/5/Zero 2 W on 64-bit OS), armv7
# (Pi 2/3 on 32-bit OS) and armv6 (Zero, Pi 1). CGO_ENABLED=0 builds have no
# speaker (WAV and silent sinks only); the -alsa builds link ALSA through
# Debian's cross compilers and multiarch libasound2-dev (see PI_CROSS_DEBS).
# There is no armv6 ALSA build: Debian's armhf is ARMv7 (Thumb-2 C runtime
# and libasound), so a binary linked against it dies with SIGILL on a Zero;
# the Zero and Pi 1 run the static armv6 build, silent or into a WAV file.
# PI_ALSA=0 builds only the static binaries, with nothing but Go installed.
PI_ALSA       ?= 1
PI_GOFLAGS    ?= -trimpath -ldflags='-s -w $(LDFLAGS)'
PI_CROSS_DEBS := gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf libasound2-dev:arm64 libasound2-dev:armhf pkg-config
pi:
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 $(GO) build $(PI_GOFLAGS) -o $(BIN)/falling-linux-arm64 ./cmd/falling
	GOOS=linux GOARCH=arm GOARM=7 CGO_ENABLED=0 $(GO) build $(PI_GOFLAGS) -o $(BIN)/falling-linux-armv7 ./cmd/falling
	GOOS=linux GOARCH=arm GOARM=6 CGO_ENABLED=0 $(GO) build $(PI_GOFLAGS) -o $(BIN)/falling-linux-armv6 ./cmd/falling
ifneq ($(PI_ALSA),0)
	@for cc in aarch64-linux-gnu-gcc arm-linux-gnueabihf-gcc; do command -v $$cc >/dev/null || { \
	  echo "make pi: $$cc is missing; install with: dpkg --add-architecture arm64 && dpkg --add-architecture armhf && apt-get update && apt-get install $(PI_CROSS_DEBS)"; \
	  echo "         or run make pi PI_ALSA=0 for the builds without sound"; exit 1; }; done
	GOOS=linux GOARCH=arm64 CGO_ENABLED=1 CC=aarch64-linux-gnu-gcc PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig \
	  $(GO) build -tags alsa $(PI_GOFLAGS) -o $(BIN)/falling-linux-arm64-alsa ./cmd/falling
	GOOS=linux GOARCH=arm GOARM=7 CGO_ENABLED=1 CC=arm-linux-gnueabihf-gcc PKG_CONFIG_LIBDIR=/usr/lib/arm-linux-gnueabihf/pkgconfig:/usr/share/pkgconfig \
	  $(GO) build -tags alsa $(PI_GOFLAGS) -o $(BIN)/falling-linux-armv7-alsa ./cmd/falling
endif
	@ls -l $(BIN)/falling-linux-*

clean:
	rm -rf $(BIN)
