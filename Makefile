# dlsim - discrete-event real-time scheduling simulator and analysis tool.
#
#   make                    the optimised build (-O2 -g, link-time optimisation)
#                           in build/release/: dlsim, libdlsim.a, libdlsim.so.X.Y.Z
#                           (soname libdlsim.so.X, + libdlsim.so), the man page
#   make test               build and run every CUnit suite, the CLI checks, the
#                           tutorial's doc tests, the shared library's exports,
#                           the man page against every --help, the Python
#                           bindings (+ layer check)
#   make check-asan         the suite under ASan + UBSan (same as VARIANT=san test)
#   make VARIANT=debug      -O0 -g in build/debug/ (for gdb; any goal)
#   make run                analyse + simulate the bundled example (Dario's case)
#   make bench              throughput benchmarks (release build)
#   make fuzz               libFuzzer targets, FUZZ_SECONDS (60) each (clang)
#   make valgrind           run + analyze every example under valgrind
#   make install PREFIX=DIR install the release DIR/bin/dlsim and the bash completion
#                           (DIR/share/bash-completion/completions/dlsim; DESTDIR honoured)
#   make V=1                show full compiler command lines
#   make WERROR=0           for packagers on newer compilers
#   make NO_DEPS_INSTALL=1  never call scripts/install-deps.sh
#
# CFLAGS/LDFLAGS are yours to override; the project's own flags live in
# RT_CFLAGS and are always applied.  When pkg-config cannot find a library
# (or GNU parallel, used by make test to run a sharded experiment, is
# missing), scripts/install-deps.sh installs the Debian packages (as root,
# apt-get).
VARIANT ?= release
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
PKG_CONFIG ?= pkg-config
PYTHON  ?= python3
WERROR  ?= 1
BUILDDIR := build/$(VARIANT)
ifeq ($(filter $(VARIANT),debug release san),)
$(error VARIANT must be debug, release or san)
endif

DEPS      := libcyaml yaml-0.1 cairo cairo-png cairo-svg cairo-pdf gmp jansson
TEST_DEPS := cunit

# Install missing packages once, before any flag is computed.
ifneq ($(NO_DEPS_INSTALL),1)
ifneq ($(filter-out clean uninstall check-layers,$(or $(MAKECMDGOALS),all)),)
# Chart fonts: DejaVu Sans (default) and Liberation Serif (--font serif,
# Times metrics; fonts-liberation2 has the subscript digits of tau_1).
DEPS_OK := $(shell $(PKG_CONFIG) --exists $(DEPS) $(TEST_DEPS) 2>/dev/null && \
	parallel --version 2>/dev/null | grep -q 'GNU parallel' && \
	fc-list 'Liberation Serif' family 2>/dev/null | grep -q . && \
	fc-list 'DejaVu Sans' family 2>/dev/null | grep -q . && echo yes)
ifneq ($(DEPS_OK),yes)
$(info dlsim: installing missing build dependencies (scripts/install-deps.sh))
DEPS_RC := $(shell sh scripts/install-deps.sh >&2; echo $$?)
ifneq ($(DEPS_RC),0)
$(error scripts/install-deps.sh failed; install: pkg-config libcyaml-dev libyaml-dev libcairo2-dev libjansson-dev libcunit1-dev libgmp-dev fonts-dejavu-core fonts-liberation2 parallel)
endif
endif
endif
endif

RT_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pedantic \
	-Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wconversion \
	-Wno-sign-conversion -Wvla -Wwrite-strings -Wundef -I. -Iinclude -pthread \
	$(if $(filter 1,$(WERROR)),-Werror) \
	$(shell $(PKG_CONFIG) --cflags $(DEPS) 2>/dev/null)
RT_LIBS   := $(shell $(PKG_CONFIG) --libs $(DEPS) 2>/dev/null) -lm -pthread
TEST_LIBS := $(shell $(PKG_CONFIG) --libs $(TEST_DEPS) 2>/dev/null)

ifeq ($(VARIANT),debug)
  CFLAGS ?= -O0 -g
else ifeq ($(VARIANT),san)
  CFLAGS ?= -O1 -g
  RT_CFLAGS += -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
  LDFLAGS   += -fsanitize=address,undefined
else
  # Link-time optimisation: the engine's hot path crosses files (engine,
  # dispatch, crq, evq, rq); inlining across them saves ~9 % of the
  # instructions per job.  Fat objects keep libdlsim.a usable by a linker
  # without the LTO plugin; gcc-ar indexes the LTO symbols.
  CFLAGS ?= -O2 -g
  RT_CFLAGS += -DNDEBUG -flto=auto -ffat-lto-objects
  LDFLAGS   += -flto=auto
  ifneq ($(shell command -v gcc-ar 2>/dev/null),)
    AR := gcc-ar
  endif
endif
Q := $(if $(V),,@)

LIB_SRCS   := $(sort $(wildcard models/*.c sim/*.c scenarios/*.c render/*.c api/*.c))
CLI_SRCS   := $(sort $(wildcard cli/*.c))
TEST_SRCS  := $(sort $(wildcard tests/*.c))
BENCH_SRCS := $(sort $(wildcard bench/*.c))
LIB_OBJS   := $(LIB_SRCS:%.c=$(BUILDDIR)/%.o)
CLI_OBJS   := $(CLI_SRCS:%.c=$(BUILDDIR)/%.o)
TEST_OBJS  := $(TEST_SRCS:%.c=$(BUILDDIR)/%.o)
BENCH_BINS := $(BENCH_SRCS:bench/%.c=$(BUILDDIR)/bench/%)
LIB  := $(BUILDDIR)/libdlsim.a
PROG := $(BUILDDIR)/dlsim

# The shared library's version is DLSIM_VERSION of include/dlsim.h, the one
# place it is written; its soname carries the major number.
DLSIM_VERSION := $(shell sed -n 's/^\#define DLSIM_VERSION "\(.*\)"/\1/p' include/dlsim.h)
SONAME := libdlsim.so.$(firstword $(subst ., ,$(DLSIM_VERSION)))
SHLIB  := $(BUILDDIR)/libdlsim.so.$(DLSIM_VERSION)
SHLINKS := $(BUILDDIR)/$(SONAME) $(BUILDDIR)/libdlsim.so
MANPAGE := $(BUILDDIR)/dlsim.1.in

.PHONY: all test check check-asan check-layers run bench install uninstall clean \
	fuzz fuzz-build fuzz-deps valgrind
all: $(PROG) $(LIB) $(SHLIB) $(SHLINKS) $(MANPAGE)

$(BUILDDIR)/%.o: %.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(RT_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<
$(BUILDDIR)/tests/%.o: RT_CFLAGS += $(shell $(PKG_CONFIG) --cflags $(TEST_DEPS) 2>/dev/null) \
	-DDLSIM_SRCDIR='"$(CURDIR)"'

# One set of library objects serves libdlsim.a and libdlsim.so: position
# independent, and calls between them bound at link time (no semantic
# interposition), which costs the engine no measurable instruction (+0.01 %
# under callgrind).
PIC_CFLAGS := -fPIC -fno-semantic-interposition
$(LIB_OBJS): RT_CFLAGS += $(PIC_CFLAGS)

# Objects remember the flags they were compiled with: a change (VARIANT
# aside, which has its own folder: CFLAGS, WERROR, a new flag here)
# rebuilds them instead of linking stale ones.
$(BUILDDIR)/gen/cflags: FORCE
	$(shell mkdir -p $(@D))$(file >$@.tmp,$(CC) $(RT_CFLAGS) $(CFLAGS) | $(PIC_CFLAGS))
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(LIB_OBJS) $(CLI_OBJS) $(TEST_OBJS) $(BENCH_BINS:%=%.o): $(BUILDDIR)/gen/cflags

$(LIB): $(LIB_OBJS)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && $(AR) rcs $@ $^

# libdlsim.so exports the functions of include/dlsim.h and nothing else
# (scripts/libdlsim.map; tests/shlib.sh checks it); -z defs: every symbol
# it needs comes from a library it names.
$(SHLIB): $(LIB_OBJS) scripts/libdlsim.map
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=scripts/libdlsim.map \
		-Wl,-z,defs $(CFLAGS) $(LDFLAGS) -o $@ $(LIB_OBJS) $(RT_LIBS)
$(BUILDDIR)/$(SONAME): $(SHLIB)
	$(Q)ln -sf $(<F) $@
$(BUILDDIR)/libdlsim.so: $(BUILDDIR)/$(SONAME)
	$(Q)ln -sf $(<F) $@

# The man page: docs/dlsim.1.in around every help text of the binary
# (scripts/gen-man.sh); install fills in the folders (@DOCDIR@, ...).
$(MANPAGE): $(PROG) docs/dlsim.1.in scripts/gen-man.sh
	@$(if $(Q),echo "  MAN     $@")
	$(Q)sh scripts/gen-man.sh $(PROG) docs/dlsim.1.in > $@.tmp && mv $@.tmp $@

# dlsim --version: the version number and, in a git checkout, `git
# describe` baked in at build time (the header changes only when it does).
GIT_DESCRIBE  := $(shell git -C "$(CURDIR)" describe --always --dirty --tags 2>/dev/null)
.PHONY: FORCE
$(BUILDDIR)/gen/version.h: FORCE
	@mkdir -p $(@D)
	@{ echo '#define DLSIM_GIT_DESCRIBE "$(GIT_DESCRIBE)"'; } > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(BUILDDIR)/cli/main.o: $(BUILDDIR)/gen/version.h
$(BUILDDIR)/cli/main.o: RT_CFLAGS += -I$(BUILDDIR)/gen

$(PROG): $(CLI_OBJS) $(LIB)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJS) $(LIB) $(RT_LIBS)

$(BUILDDIR)/run-tests: $(TEST_OBJS) $(LIB)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJS) $(LIB) $(TEST_LIBS) $(RT_LIBS)

# examples/embed.c: a program that sees only the public header (no -I.);
# make test runs it on Dario's case.
EMBED := $(BUILDDIR)/examples/embed
EMBED_CFLAGS := -std=c11 -Wall -Wextra -pedantic -Wconversion \
	-Wno-sign-conversion $(if $(filter 1,$(WERROR)),-Werror) -Iinclude
$(EMBED): examples/embed.c include/dlsim.h $(LIB)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(EMBED_CFLAGS) $(CFLAGS) -c -o $@.o $<
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $@.o $(LIB) $(RT_LIBS)

$(BUILDDIR)/bench/%: $(BUILDDIR)/bench/%.o $(LIB)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(RT_LIBS)

# The suite also runs the CLI end to end (tests/cli.sh), compares every
# writer's bytes with tests/golden/ (tests/golden.sh) and every example's
# answers and charts with tests/golden/pipeline/ (tests/golden_pipeline.sh),
# checks what libdlsim.so exports (tests/shlib.sh), the man page against
# every --help (tests/man.sh), and the Python bindings against the command
# (tests/test_python.py, docs/python.md).
test check: all $(BUILDDIR)/run-tests $(EMBED) check-layers
	$(Q)$(BUILDDIR)/run-tests
	$(Q)$(EMBED) scenarios/examples/dario.yaml > $(BUILDDIR)/embed.out && \
	printf '%s\n' 'miss: P2 job 0, deadline 5, by 3' \
		'dario-4-10-5: 2 jobs, 1 missed, max tardiness 3' \
		'verdict: NOT schedulable (exact test pdc)' | \
	cmp -s - $(BUILDDIR)/embed.out && echo "  EMBED   ok (Dario's case)" || \
	{ echo "examples/embed: unexpected output:"; cat $(BUILDDIR)/embed.out; exit 1; }
	$(Q)sh tests/cli.sh $(PROG)
	$(Q)sh tests/doctest.sh $(PROG) docs/tutorial.md
	$(Q)sh tests/targets.sh $(PROG)
	$(Q)sh tests/scale.sh $(PROG)
	$(Q)sh tests/hostile.sh $(PROG)
	$(Q)sh tests/golden.sh $(PROG)
	$(Q)sh tests/golden_pipeline.sh $(PROG)
	$(Q)CC="$(CC)" LDFLAGS="$(LDFLAGS)" sh tests/shlib.sh $(BUILDDIR)
	$(Q)sh tests/man.sh $(PROG) $(MANPAGE)
	$(Q)$(PY_ENV) DLSIM_LIBRARY=$(CURDIR)/$(BUILDDIR)/$(SONAME) PYTHONPATH=python \
		PYTHONDONTWRITEBYTECODE=1 $(PYTHON) tests/test_python.py $(PROG)
	$(Q)$(PY_ENV) DLSIM_LIBRARY=$(CURDIR)/$(BUILDDIR)/$(SONAME) PYTHONPATH=python \
		PYTHONDONTWRITEBYTECODE=1 $(PYTHON) -m doctest docs/python.md && \
		echo "  DOCTEST ok (docs/python.md)"

# Python loads the sanitized libdlsim.so of VARIANT=san: the sanitizer
# runtimes must come first, and the interpreter's own allocations at exit
# are not leaks of the library.
ifeq ($(VARIANT),san)
PY_ENV := LD_PRELOAD="$(shell $(CC) -print-file-name=libasan.so) \
	$(shell $(CC) -print-file-name=libubsan.so)" ASAN_OPTIONS=detect_leaks=0
endif

check-asan:
	$(Q)$(MAKE) --no-print-directory VARIANT=san test

# Every arrow of docs/design.md section 1, allowed or forbidden: third-party
# headers stay inside the module that wraps them; models includes nothing
# above it; sim never includes scenarios, render or cli; scenarios reads only
# sim/engine.h of sim and render only sim/trace.h and sim/engine.h; render
# reads only scenarios/json.h of scenarios (the JSON reader both share, which
# itself reads only models); scenarios never includes render; api (the
# library behind include/dlsim.h) may include every layer, and nothing
# below it includes api or the public header; cli includes only
# <dlsim.h>, its own cli/*.h and libc; nothing includes cli; only cli
# prints.
CLI_LIBC := assert|ctype|errno|inttypes|limits|signal|stdarg|stdbool|stddef|stdint|stdio|stdlib|string|strings|time|unistd|fcntl|sys/[a-z]+
check-layers:   # (tests/fuzz/fuzz_cli.c fuzzes the CLI itself: it may include cli/)
	$(Q)! grep -rlnE '<cyaml/|<yaml\.h>' models sim render cli api tests bench
	$(Q)! grep -rln '<cairo' models sim scenarios cli api tests bench
	$(Q)! grep -rlnE '#include <jansson' models sim render cli api tests bench scenarios | grep -vx 'scenarios/json.c'
	$(Q)! grep -nE '#include "(\.\./)?(sim|scenarios|render|cli|api)/' scenarios/json.h scenarios/json.c | grep -v '"scenarios/json\.h"'
	$(Q)! grep -rlnE '#include "(\.\./)?(sim|scenarios|render|cli|api)/' models
	$(Q)! grep -rlnE '#include "(\.\./)?(scenarios|render|cli|api)/' sim
	$(Q)! grep -rnE '#include "(\.\./)?sim/' scenarios | grep -v '"sim/engine\.h"'
	$(Q)! grep -rnE '#include "(\.\./)?sim/' render | grep -vE '"sim/(trace|engine)\.h"'
	$(Q)! grep -rlnE '#include "(\.\./)?(render|api)/' scenarios
	$(Q)! grep -rnE '#include "(\.\./)?scenarios/' render | grep -v '"scenarios/json\.h"'
	$(Q)! grep -rlnE '#include "(\.\./)?api/' render cli bench
	$(Q)! grep -rlnE '#include [<"](include/)?dlsim\.h[>"]' models sim scenarios render
	$(Q)! grep -rnE '#include' cli | grep -vE '#include (<($(CLI_LIBC)|dlsim)\.h>|"cli/[a-z_]+\.h"|"version\.h")'
	$(Q)! grep -rlnE --exclude=fuzz_cli.c '#include "(\.\./)?cli/' models sim scenarios render api tests bench
	$(Q)! grep -rlnE '\b(printf|puts|exit|abort)\(|fprintf\(std(out|err)' models sim scenarios render api
	@echo "  LAYERS  ok"

# libFuzzer targets (tests/fuzz/fuzz_*.c), built with clang into build/fuzz
# under ASan + UBSan; `make fuzz` runs each for FUZZ_SECONDS on a copy of
# its seed corpus tests/fuzz/<target>/ and fails on any crash, leak,
# timeout (> 10 s) or memory blow-up (> 2 GiB); the input is kept as
# build/fuzz/crash-<target>-*.  Add it to tests/fuzz/<target>/ (make test
# replays those: tests/test_fuzz_corpus.c).
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZDIR      := build/fuzz
FUZZ_TARGETS := scenario replay cli
FUZZ_FLAGS   := -g -O1 -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_OBJS    := $(LIB_SRCS:%.c=$(FUZZDIR)/%.o) \
	$(filter-out $(FUZZDIR)/cli/main.o,$(CLI_SRCS:%.c=$(FUZZDIR)/%.o))
$(FUZZDIR)/%.o: %.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  FUZZCC  $<")
	$(Q)$(FUZZ_CC) $(filter-out -Werror,$(RT_CFLAGS)) $(FUZZ_FLAGS) -MMD -MP -c -o $@ $<
$(FUZZDIR)/fuzz_%: $(FUZZDIR)/tests/fuzz/fuzz_%.o $(FUZZ_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ $(RT_LIBS)
.SECONDARY: $(FUZZ_OBJS) $(FUZZ_TARGETS:%=$(FUZZDIR)/tests/fuzz/fuzz_%.o)
fuzz-build: fuzz-deps $(FUZZ_TARGETS:%=$(FUZZDIR)/fuzz_%)
fuzz-deps:      # clang (libFuzzer) from Debian, when missing
	$(Q)command -v $(FUZZ_CC) >/dev/null 2>&1 || \
		DLSIM_EXTRA_DEPS=1 sh scripts/install-deps.sh
$(FUZZ_OBJS) $(FUZZ_TARGETS:%=$(FUZZDIR)/tests/fuzz/fuzz_%.o): | fuzz-deps
fuzz: fuzz-build
	$(Q)for t in $(FUZZ_TARGETS); do \
		rm -rf $(FUZZDIR)/corpus/$$t && mkdir -p $(FUZZDIR)/corpus/$$t && \
		cp tests/fuzz/$$t/* $(FUZZDIR)/corpus/$$t/ && \
		echo "  FUZZ    $$t ($(FUZZ_SECONDS) s)" && \
		$(FUZZDIR)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
			-rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
			-artifact_prefix=$(FUZZDIR)/crash-$$t- \
			$(FUZZDIR)/corpus/$$t > $(FUZZDIR)/$$t.log 2>&1 || \
			{ tail -40 $(FUZZDIR)/$$t.log; exit 1; }; \
		grep -E 'stat::number_of_executed_units' $(FUZZDIR)/$$t.log | \
			sed "s/^/        $$t: /"; \
	done

# valgrind over the examples: `run` (with every output) and `analyze` of
# each scenarios/examples/*.yaml; any report fails.
VALGRIND ?= valgrind --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite,indirect --quiet
valgrind: $(PROG)
	$(Q)command -v valgrind >/dev/null 2>&1 || \
		DLSIM_EXTRA_DEPS=1 sh scripts/install-deps.sh
	$(Q)mkdir -p build/valgrind && for f in scenarios/examples/*.yaml; do \
		$(VALGRIND) $(PROG) analyze $$f --until 100 > /dev/null 2>build/valgrind/err || \
		{ [ $$? -eq 99 ] && { echo "valgrind: analyze $$f"; cat build/valgrind/err; exit 1; }; }; \
		$(VALGRIND) $(PROG) run $$f --until 100 -q --jobs build/valgrind/j.csv \
			--log build/valgrind/l.jsonl --trace build/valgrind/t.json \
			--gantt build/valgrind/g.svg > /dev/null 2>build/valgrind/err || \
		{ [ $$? -eq 99 ] && { echo "valgrind: run $$f"; cat build/valgrind/err; exit 1; }; }; \
	done; echo "  VALGRIND ok ($$(ls scenarios/examples/*.yaml | wc -l) examples)"

run: $(PROG)
	$(PROG) analyze scenarios/examples/dario.yaml
	$(PROG) run scenarios/examples/dario.yaml --until 20 --gantt build/dario.png \
		--width 3.5in --font serif
	@echo "chart: build/dario.png (docs/dario.png is the copy the README shows)"

bench:
	$(Q)$(MAKE) --no-print-directory VARIANT=release bench-run
bench-run: $(BENCH_BINS) $(PROG)
	$(Q)for b in $(BENCH_BINS); do echo "== $$b"; DLSIM=$(PROG) $$b || exit 1; done

BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
install:        # always the optimised build, whatever VARIANT the tree uses
	$(Q)$(MAKE) --no-print-directory VARIANT=release all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(BASHCOMPDIR)
	install -m 755 build/release/dlsim $(DESTDIR)$(BINDIR)/dlsim
	install -m 644 scripts/dlsim.bash-completion $(DESTDIR)$(BASHCOMPDIR)/dlsim
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/dlsim $(DESTDIR)$(BASHCOMPDIR)/dlsim
clean:
	rm -rf build

-include $(shell find $(BUILDDIR) -name '*.d' 2>/dev/null)
ifneq ($(filter fuzz fuzz-build,$(MAKECMDGOALS)),)
-include $(shell find $(FUZZDIR) -name '*.d' 2>/dev/null)
endif
