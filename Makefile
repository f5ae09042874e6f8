# dlsim - discrete-event real-time scheduling simulator and analysis tool.
#
#   make                    the optimised build (-O2 -g, link-time optimisation)
#                           in build/release/: dlsim, libdlsim.a, libdlsim.so.X.Y.Z
#                           (soname libdlsim.so.X, + libdlsim.so), the man page
#   make test               build and run every CUnit suite, the CLI checks, the
#                           doc tests, the shared library's exports, the Python
#                           bindings, an install into a temporary PREFIX (man
#                           page, pkg-config build of examples/embed.c, Python
#                           from the install, uninstall) and the layer check
#   make check-asan         the suite under ASan + UBSan (same as VARIANT=san test)
#   make VARIANT=debug      -O0 -g in build/debug/ (for gdb; any goal)
#   make run                analyse + simulate the bundled example (Dario's case)
#   make bench              throughput benchmarks (release build)
#   make fuzz               libFuzzer targets, FUZZ_SECONDS (60) each (clang)
#   make valgrind           run + analyze every example, and the output
#                           suites, under valgrind
#   make install PREFIX=DIR install the optimised build, whatever VARIANT the
#                           tree uses, under DIR (default /usr/local; DESTDIR
#                           honoured): bin/dlsim, lib/libdlsim.a, lib/libdlsim.so*,
#                           include/dlsim.h, lib/pkgconfig/dlsim.pc,
#                           share/man/man1/dlsim.1, share/dlsim/examples/,
#                           share/doc/dlsim/, the bash completion and the
#                           Python package (lib/python3/dist-packages/dlsim);
#                           each folder has its own variable (BINDIR, LIBDIR, ...
#                           below)
#   make uninstall PREFIX=DIR  remove what install put there
#   make V=1                show full compiler command lines
#   make WERROR=0           for packagers on newer compilers
#   make NO_DEPS_INSTALL=1  never call scripts/install-deps.sh
#
# CFLAGS/LDFLAGS are yours to override; the project's own flags live in
# RT_CFLAGS and are always applied.  When a goal needs a library pkg-config
# cannot find (or, for make test, CUnit, GNU parallel, the chart fonts,
# python3 with numpy, or groff), scripts/install-deps.sh installs the
# Debian packages (as root, apt-get); clean, uninstall and check-layers
# need nothing.
VARIANT ?= release
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DATADIR ?= $(PREFIX)/share
MANDIR  ?= $(DATADIR)/man
DOCDIR  ?= $(DATADIR)/doc/dlsim
EXAMPLESDIR ?= $(DATADIR)/dlsim/examples
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
PYTHONDIR ?= $(LIBDIR)/python3/dist-packages
LDCONFIG ?= ldconfig
PKG_CONFIG ?= pkg-config
# the system Python runs the bindings' and the binary-log reader's tests
# (the bindings need the standard library only and use numpy when it is
# there; make test installs python3-numpy so that those paths are tested)
PYTHON  ?= $(firstword $(wildcard /usr/bin/python3) python3)
WERROR  ?= 1
BUILDDIR := build/$(VARIANT)
ifeq ($(filter $(VARIANT),debug release san),)
$(error VARIANT must be debug, release or san)
endif

DEPS      := libcyaml yaml-0.1 cairo cairo-png cairo-svg cairo-pdf gmp jansson
TEST_DEPS := cunit

# Install missing packages once, before any flag is computed, and only
# those the goals need: the libraries for anything that builds, and for
# the goals that run the suite (valgrind runs some of its suites) or draw
# charts also the test tools and fonts
# (chart fonts: DejaVu Sans, the default, and Liberation Serif for --font
# serif, Times metrics; fonts-liberation2 has the subscript digits of
# tau_1).
DEP_GOALS  := $(filter-out clean uninstall check-layers,$(or $(MAKECMDGOALS),all))
TEST_GOALS := $(filter test check check-asan valgrind,$(DEP_GOALS))
FONT_GOALS := $(filter test check check-asan valgrind run bench,$(DEP_GOALS))
ifneq ($(NO_DEPS_INSTALL),1)
ifneq ($(DEP_GOALS),)
DEPS_OK := $(shell $(PKG_CONFIG) --exists $(DEPS) 2>/dev/null && echo yes)
ifneq ($(TEST_GOALS),)
DEPS_OK := $(and $(DEPS_OK),$(shell $(PKG_CONFIG) --exists $(TEST_DEPS) 2>/dev/null && \
	parallel --version 2>/dev/null | grep -q 'GNU parallel' && \
	command -v $(PYTHON) >/dev/null && $(PYTHON) -c 'import numpy' 2>/dev/null && \
	command -v groff >/dev/null && echo yes))
endif
ifneq ($(FONT_GOALS),)
DEPS_OK := $(and $(DEPS_OK),$(shell fc-list 'Liberation Serif' family 2>/dev/null | grep -q . && \
	fc-list 'DejaVu Sans' family 2>/dev/null | grep -q . && echo yes))
endif
ifneq ($(DEPS_OK),yes)
$(info dlsim: installing missing build dependencies (scripts/install-deps.sh))
DEPS_RC := $(shell sh scripts/install-deps.sh >&2; echo $$?)
ifneq ($(DEPS_RC),0)
$(error scripts/install-deps.sh failed; install: pkg-config libcyaml-dev libyaml-dev libcairo2-dev libjansson-dev libcunit1-dev libgmp-dev fonts-dejavu-core fonts-liberation2 parallel python3 python3-numpy groff-base)
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
  # No SLP vectorisation: gcc merges a struct's scalar stores and loads
  # into 16-byte moves, and a wide load of words just stored one by one
  # (a job's key set by the policy, then read by the runqueue) cannot be
  # forwarded from the stores and stalls.  Measured (bench_sol, pinned):
  # edf-uni-10 0.437 -> 0.475 of the reference loop; docs: bench/README.md.
  CFLAGS ?= -O2 -g
  RT_CFLAGS += -DNDEBUG -flto=auto -ffat-lto-objects -fno-tree-slp-vectorize
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

# The suite also runs the CLI end to end (tests/cli.sh), the commands the
# docs show (tests/doctest.sh: the tutorial, scenario, linux-dl,
# experiments and scenarios/README pages), compares every
# writer's bytes with tests/golden/ (tests/golden.sh) and every example's
# answers and charts with tests/golden/pipeline/ (tests/golden_pipeline.sh),
# checks what libdlsim.so exports (tests/shlib.sh), the man page against
# every --help (tests/man.sh), the Python bindings against the command
# (tests/test_python.py, docs/python.md), and installs into a temporary
# folder to use the install as a user would (tests/install.sh), reads binary logs with the
# Python reader (tests/test_binlog.py), and runs RANDOM_COUNT random
# scenarios of each family through analyze's and run's own cross-checks
# (tests/random_scenarios.py: no contradiction, no guarantee violated).
RANDOM_COUNT ?= 300
test check: all $(BUILDDIR)/run-tests $(EMBED) check-layers
	$(Q)$(BUILDDIR)/run-tests
	$(Q)$(EMBED) scenarios/examples/dario.yaml > $(BUILDDIR)/embed.out && \
	printf '%s\n' 'miss: P2 job 0, deadline 5, by 3' \
		'dario-4-10-5: 2 jobs, 1 missed, max tardiness 3' \
		'verdict: NOT schedulable (exact test pdc)' | \
	cmp -s - $(BUILDDIR)/embed.out && echo "  EMBED   ok (Dario's case)" || \
	{ echo "examples/embed: unexpected output:"; cat $(BUILDDIR)/embed.out; exit 1; }
	$(Q)sh tests/cli.sh $(PROG)
	$(Q)for p in docs/tutorial.md docs/scenario.md docs/linux-dl.md \
		docs/experiments.md scenarios/README.md; do \
		sh tests/doctest.sh $(PROG) $$p || exit 1; done
	$(Q)sh tests/targets.sh $(PROG)
	$(Q)sh tests/scale.sh $(PROG)
	$(Q)sh tests/hostile.sh $(PROG)
	$(Q)sh tests/golden.sh $(PROG)
	$(Q)sh tests/golden_pipeline.sh $(PROG)
	$(Q)$(PYTHON) tests/test_binlog.py $(PROG)
	$(Q)$(PYTHON) tests/random_scenarios.py $(PROG) --count $(RANDOM_COUNT)
	$(Q)CC="$(CC)" LDFLAGS="$(LDFLAGS)" sh tests/shlib.sh $(BUILDDIR)
	$(Q)sh tests/man.sh $(PROG) $(MANPAGE)
	$(Q)$(PY_ENV) DLSIM_LIBRARY=$(CURDIR)/$(BUILDDIR)/$(SONAME) PYTHONPATH=python \
		PYTHONDONTWRITEBYTECODE=1 $(PYTHON) tests/test_python.py $(PROG)
	$(Q)$(PY_ENV) DLSIM_LIBRARY=$(CURDIR)/$(BUILDDIR)/$(SONAME) PYTHONPATH=python \
		PYTHONDONTWRITEBYTECODE=1 $(PYTHON) -m doctest docs/python.md && \
		echo "  DOCTEST ok (docs/python.md)"
	$(Q)MAKE="$(MAKE)" PYTHON="$(PYTHON)" sh tests/install.sh

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
FUZZ_TARGETS := scenario replay cli experiment rtapp ftrace
FUZZ_FLAGS   := -g -O1 -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_OBJS    := $(LIB_SRCS:%.c=$(FUZZDIR)/%.o) \
	$(filter-out $(FUZZDIR)/cli/main.o,$(CLI_SRCS:%.c=$(FUZZDIR)/%.o))
$(FUZZDIR)/%.o: %.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  FUZZCC  $<")
	$(Q)$(FUZZ_CC) $(filter-out -Werror -flto% -ffat-lto-objects,$(RT_CFLAGS)) $(FUZZ_FLAGS) -MMD -MP -c -o $@ $<
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
# and the unit suites that write and fail to write files (direct writes,
# injected write errors: a stdio misuse shows only as an invalid read)
VALGRIND_SUITES ?= direct faults export_outputs render_files
valgrind: $(PROG) $(BUILDDIR)/run-tests
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
	$(Q)$(VALGRIND) $(BUILDDIR)/run-tests $(VALGRIND_SUITES) \
		> build/valgrind/suites 2>&1 || \
		{ cat build/valgrind/suites; echo "valgrind: run-tests $(VALGRIND_SUITES)"; exit 1; }
	$(Q)echo "  VALGRIND ok (suites $(VALGRIND_SUITES))"

run: $(PROG)
	$(PROG) analyze scenarios/examples/dario.yaml
	$(PROG) run scenarios/examples/dario.yaml --until 20 --gantt build/dario.png \
		--width 3.5in --font serif
	@echo "chart: build/dario.png (docs/dario.png is the copy the README shows)"

bench:
	$(Q)$(MAKE) --no-print-directory VARIANT=release bench-run
bench-run: $(BENCH_BINS) $(PROG)
	$(Q)for b in $(BENCH_BINS); do echo "== $$b"; DLSIM=$(PROG) $$b || exit 1; done

# make install: the release build, whatever VARIANT the tree uses; the
# folders' variables are at the top.  The documentation the help texts
# name (docs/..., scenarios/...) goes to DOCDIR with the same relative
# paths (the installed dlsim --help says where), its scenarios/examples
# being a link to EXAMPLESDIR; the Python package learns where the library
# is (_installed.py).  As root without DESTDIR, ldconfig makes the new
# soname known (LDCONFIG=true: not).
INST_EXAMPLES := $(sort $(wildcard scenarios/examples/*.yaml)) examples/embed.c
INST_DOCS := README.md scenarios/README.md \
	$(sort $(wildcard docs/*.md docs/*.png docs/examples/* docs/experiments/*))
INST_PY   := $(sort $(wildcard python/dlsim/*.py))
INST_SUBST = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@DOCDIR@|$(DOCDIR)|g' \
	-e 's|@EXAMPLESDIR@|$(EXAMPLESDIR)|g' -e 's|@PYTHONDIR@|$(PYTHONDIR)|g' \
	-e 's|@PKGCONFIGDIR@|$(PKGCONFIGDIR)|g' -e 's|@VERSION@|$(DLSIM_VERSION)|g' \
	-e 's|@DEPS@|$(DEPS)|g'
INST_LDCONFIG = if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then $(LDCONFIG) || true; fi
DEST := $(DESTDIR)
install:
	$(Q)$(MAKE) --no-print-directory VARIANT=release all
	install -d $(DEST)$(BINDIR) $(DEST)$(LIBDIR) $(DEST)$(INCLUDEDIR) $(DEST)$(PKGCONFIGDIR) \
		$(DEST)$(MANDIR)/man1 $(DEST)$(EXAMPLESDIR) $(DEST)$(BASHCOMPDIR) $(DEST)$(PYTHONDIR)/dlsim \
		$(addprefix $(DEST)$(DOCDIR)/,$(sort $(dir $(INST_DOCS))))
	install -m 755 build/release/dlsim $(DEST)$(BINDIR)/dlsim
	install -m 644 build/release/libdlsim.a $(DEST)$(LIBDIR)/libdlsim.a
	install -m 755 build/release/libdlsim.so.$(DLSIM_VERSION) $(DEST)$(LIBDIR)/
	ln -sf libdlsim.so.$(DLSIM_VERSION) $(DEST)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DEST)$(LIBDIR)/libdlsim.so
	install -m 644 include/dlsim.h $(DEST)$(INCLUDEDIR)/dlsim.h
	$(INST_SUBST) scripts/dlsim.pc.in > $(DEST)$(PKGCONFIGDIR)/dlsim.pc
	$(INST_SUBST) build/release/dlsim.1.in > $(DEST)$(MANDIR)/man1/dlsim.1
	chmod 644 $(DEST)$(PKGCONFIGDIR)/dlsim.pc $(DEST)$(MANDIR)/man1/dlsim.1
	install -m 644 $(INST_EXAMPLES) $(DEST)$(EXAMPLESDIR)/
	$(Q)for f in $(INST_DOCS); do echo "install -m 644 $$f $(DEST)$(DOCDIR)/$$f"; \
		install -m 644 $$f $(DEST)$(DOCDIR)/$$f || exit 1; done
	ln -sfn "$$(realpath -m --relative-to=$(DEST)$(DOCDIR)/scenarios $(DEST)$(EXAMPLESDIR))" \
		$(DEST)$(DOCDIR)/scenarios/examples
	install -m 644 scripts/dlsim.bash-completion $(DEST)$(BASHCOMPDIR)/dlsim
	install -m 644 $(INST_PY) $(DEST)$(PYTHONDIR)/dlsim/
	printf '%s\nLIBRARY = "%s"\n' "# written by make install: the library of this package" \
		"$(LIBDIR)/$(SONAME)" > $(DEST)$(PYTHONDIR)/dlsim/_installed.py
	chmod 644 $(DEST)$(PYTHONDIR)/dlsim/_installed.py
	$(Q)$(INST_LDCONFIG)
# Exactly the files install writes (and the bytecode Python compiled from
# them), then the folders that were dlsim's alone, if empty.
uninstall:
	rm -f $(DEST)$(BINDIR)/dlsim $(DEST)$(LIBDIR)/libdlsim.a \
		$(DEST)$(LIBDIR)/libdlsim.so.$(DLSIM_VERSION) $(DEST)$(LIBDIR)/$(SONAME) \
		$(DEST)$(LIBDIR)/libdlsim.so $(DEST)$(INCLUDEDIR)/dlsim.h $(DEST)$(PKGCONFIGDIR)/dlsim.pc \
		$(DEST)$(MANDIR)/man1/dlsim.1 $(DEST)$(BASHCOMPDIR)/dlsim
	rm -f $(addprefix $(DEST)$(EXAMPLESDIR)/,$(notdir $(INST_EXAMPLES)))
	rm -f $(addprefix $(DEST)$(DOCDIR)/,$(INST_DOCS)) $(DEST)$(DOCDIR)/scenarios/examples
	rm -f $(addprefix $(DEST)$(PYTHONDIR)/dlsim/,$(notdir $(INST_PY)) _installed.py) \
		$(foreach m,$(basename $(notdir $(INST_PY))) _installed, \
			$(DEST)$(PYTHONDIR)/dlsim/__pycache__/$(m).*.pyc)
	$(Q)for d in $(DEST)$(PYTHONDIR)/dlsim/__pycache__ $(DEST)$(PYTHONDIR)/dlsim \
		$(addprefix $(DEST)$(DOCDIR)/,$(filter-out ./,$(sort $(dir $(INST_DOCS))))) \
		$(DEST)$(DOCDIR) $(DEST)$(EXAMPLESDIR) $(DEST)$(dir $(EXAMPLESDIR)); do echo "$$d"; done | \
		sort -r | while read -r d; do rmdir "$$d" 2>/dev/null; done; true
	$(Q)$(INST_LDCONFIG)
clean:
	rm -rf build

-include $(shell find $(BUILDDIR) -name '*.d' 2>/dev/null)
ifneq ($(filter fuzz fuzz-build,$(MAKECMDGOALS)),)
-include $(shell find $(FUZZDIR) -name '*.d' 2>/dev/null)
endif
