# s3bench: make builds bin/collect, bin/analyze, bin/render.
#   make                 build (objects in build/, binaries in bin/)
#   make SANITIZE=address,undefined   sanitized build in build/san/ (binaries in build/san/bin/)
#   make SANITIZE=thread               ThreadSanitizer build in build/tsan/ (make test builds
#                                      and runs its live engine tests, build/tsan/tests/live_engine and live_wl)
#   make test            install what is missing, check the C layout (make style), then unit +
#                        live + end-to-end tests
#   make style           every C file laid out as .clang-format says, and no call circle
#                        unexplained? (scripts/style-check; scripts/style-check --fix rewrites
#                        the files not laid out)
#   make test-unit       unit tests only (no servers)
#   make run             the demo campaign against local S3 servers, ending in a report
#   make bench           the benchmarks in bench/
#   make lab             the emulated WAN lab (tests/lab, docs/LAB.md; root, ~15 min): five
#                        emulated HTTPS providers, 1-3 client hosts, ending in out/lab/report
#   make install [PREFIX=/usr/local] [DESTDIR=...]   the commands, templates, man pages, bash
#                        completion and systemd units (docs/INSTALL.md); make uninstall removes
#                        exactly those files
#   make man             the man pages in build/man/ (help2man, pandoc)
#   make reproduce BUNDLE=FILE.tar.zst [INTO=DIR] [PUBKEY=PUB.pem]   check a bundle made by
#                        scripts/bundle: unpack safely, analyze --verify, rebuild the report
#   make JOBS=N ...      compile N at a time (default: every core; -jN given to make wins)
#   make V=1 ...         print every command as it runs (default: one short line per file
#                        built, "  CC   core/err.c", and no sub-make directory lines)
# libcsv and libharu ship no pkg-config file: override CSV_LIBS / HPDF_CFLAGS / HPDF_LIBS.

# every core compiles unless the caller chose: -jN on the command line, or JOBS=N (only the
# top-level make decides; its sub-makes share its job slots)
JOBS ?= $(shell nproc 2>/dev/null || echo 1)
ifeq ($(MAKELEVEL),0)
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(JOBS)
endif
endif

# Quiet unless V=1: a recipe line starting with $(call say,WHAT,FILE) prints
# "  WHAT FILE" instead of itself (nothing under make -s).
ifeq ($(V),1)
say =
else ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
say =
else
say = @printf '  %-4s %s\n' '$(1)' '$(2)';
MAKEFLAGS += --no-print-directory
endif

CC       ?= cc
PKGS     := libcurl openssl libxml-2.0 libzstd jansson inih gsl sqlite3 zlib libisal
CSV_CFLAGS  ?=
CSV_LIBS    ?= -lcsv
HPDF_CFLAGS ?=
HPDF_LIBS   ?= -lhpdf
OPT      ?= -O2 -g
WARN     := -Wall -Wextra -Werror -Wshadow -Wpointer-arith -Wstrict-prototypes \
            -Wmissing-prototypes -Wformat=2 -Wno-format-nonliteral
# gcc's -Wformat-truncation flags snprintf calls whose truncation is checked; clang lacks it.
WARN     += $(shell $(CC) -Werror -Wno-format-truncation -x c -c -o /dev/null /dev/null \
              2>/dev/null && echo -Wno-format-truncation)
# Recursive (=), so that a target which runs scripts/setup first and then a sub-make
# (run, test, bench, report, report-sample) computes them once the packages exist.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
# Open MPI (collect/cluster/cluster.c, the only MPI file, and what links it): never in
# PKG_*, so that nothing else loads MPI.
MPI_CFLAGS = $(shell pkg-config --cflags ompi-c 2>/dev/null)
MPI_LIBS   = $(shell pkg-config --libs ompi-c 2>/dev/null)
# Each is computed at most once per make, on its first use (not at start-up).
PKG_CFLAGS_NOW = $(eval PKG_CFLAGS_NOW := $(PKG_CFLAGS))$(PKG_CFLAGS_NOW)
PKG_LIBS_NOW   = $(eval PKG_LIBS_NOW := $(PKG_LIBS))$(PKG_LIBS_NOW)

# Where make install puts things (and the data directory render looks in last, compiled in).
PREFIX   ?= /usr/local
DATADIR   = $(PREFIX)/share/s3bench
# The source commit every --version prints: git's at build time (with "-dirty" when the
# tree has uncommitted changes), else "unknown"; `make COMMIT=...` sets it. Asked once.
COMMIT_GIT = $(shell c=$$(git -C '$(CURDIR)' rev-parse --short=12 HEAD 2>/dev/null) && \
               { git -C '$(CURDIR)' diff --quiet HEAD 2>/dev/null || c=$$c-dirty; echo $$c; } || \
               echo unknown)
COMMIT ?= $(eval COMMIT := $(COMMIT_GIT))$(COMMIT)

ifeq ($(SANITIZE),thread)
BUILD    ?= build/tsan
BIN      := $(BUILD)/bin
SANFLAGS := -fsanitize=thread -fno-omit-frame-pointer
else ifneq ($(SANITIZE),)
BUILD    ?= build/san
BIN      := $(BUILD)/bin
SANFLAGS := -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
else
BUILD    ?= build
BIN      := bin
SANFLAGS :=
endif

# The project's flags come first and the user's CFLAGS / LDFLAGS / LDLIBS last, so that
# `make CFLAGS=-O0` adds to them instead of replacing them. PKG_* are expanded once here.
ALL_CFLAGS  = -std=c11 -D_GNU_SOURCE -I. $(OPT) $(WARN) $(SANFLAGS) $(PKG_CFLAGS_NOW) \
              $(CSV_CFLAGS) $(HPDF_CFLAGS) -MMD -MP $(CFLAGS)
ALL_LDFLAGS = $(SANFLAGS) $(LDFLAGS)
ALL_LDLIBS  = $(PKG_LIBS_NOW) $(CSV_LIBS) $(HPDF_LIBS) -lm -lpthread $(LDLIBS)

STAGES   := collect analyze render
core_SRC    := $(wildcard core/*.c core/*/*.c)
# bin/collect-mpi's own files (collect/main_mpi.c, collect/cluster/distrib.c) call
# collect_MPI_C, the only MPI file
collect_MPI_C   := collect/cluster/cluster.c
collect_MPI_SRC := collect/main_mpi.c collect/cluster/distrib.c
collect_SRC := $(filter-out collect/main.c $(collect_MPI_C) $(collect_MPI_SRC),\
                            $(wildcard collect/*.c collect/*/*.c))
analyze_SRC := $(filter-out analyze/main.c,$(wildcard analyze/*.c analyze/*/*.c))
render_SRC  := $(filter-out render/main.c,$(wildcard render/*.c render/*/*.c))
LIBS     := $(BUILD)/libcollect.a $(BUILD)/libanalyze.a $(BUILD)/librender.a $(BUILD)/libcore.a

UNIT_SRC := $(wildcard tests/unit/test_*.c)
MPI_TEST_SRC := $(wildcard tests/mpi/*.c)
LIVE_SRC := $(wildcard tests/live/live_*.c)
TOOL_SRC := $(wildcard tests/tools/*.c)
# A tool of several files is a folder tests/tools/NAME/ with its main.c.
TOOL_DIRS := $(patsubst tests/tools/%/main.c,%,$(wildcard tests/tools/*/main.c))
PRELOAD_SRC := $(wildcard tests/preload/*.c)
TESTBINS := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%) \
            $(LIVE_SRC:tests/live/%.c=$(BUILD)/tests/%) \
            $(TOOL_SRC:tests/tools/%.c=$(BUILD)/tests/%) \
            $(TOOL_DIRS:%=$(BUILD)/tests/%) \
            $(MPI_TEST_SRC:tests/mpi/%.c=$(BUILD)/tests/%)
# LD_PRELOAD libraries (tests/preload): not in sanitized builds, whose allocator is ASan's
ifeq ($(SANITIZE),)
TESTBINS += $(PRELOAD_SRC:tests/preload/%.c=$(BUILD)/tests/%.so)
endif

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

.SECONDEXPANSION:
.SECONDARY:
.PHONY: all tests setup test test-unit test-san run report report-sample bench clean style \
	install uninstall man reproduce lab FORCE
all: $(BIN)/collect $(BIN)/collect-mpi $(BIN)/analyze $(BIN)/render

# Before any compilation: say which packages are missing instead of a compiler error.
$(call obj,$(core_SRC) $(collect_SRC) $(analyze_SRC) $(render_SRC) $(STAGES:%=%/main.c)): \
	| $(BUILD)/.deps-ok
$(BUILD)/.deps-ok:
	@scripts/setup --check
	@mkdir -p $(dir $@) && touch $@

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The commit and the data directory compiled in, each into the one object that uses it;
# a stamp file changes (and the object is rebuilt) only when the value does.
$(BUILD)/stamp/%: FORCE
	@mkdir -p $(dir $@)
	@v='$(STAMP_$*)'; [ "$$(cat $@ 2>/dev/null)" = "$$v" ] || echo "$$v" >$@
STAMP_commit = $(COMMIT)
STAMP_datadir = $(DATADIR)
$(BUILD)/obj/core/version.o: $(BUILD)/stamp/commit
$(BUILD)/obj/core/version.o: ALL_CFLAGS += -DS3BENCH_COMMIT='"$(COMMIT)"'
$(BUILD)/obj/render/text/tmpldir.o: $(BUILD)/stamp/datadir
$(BUILD)/obj/render/text/tmpldir.o: ALL_CFLAGS += -DS3BENCH_DATADIR='"$(DATADIR)"'

$(BUILD)/lib%.a: $$(call obj,$$(%_SRC)) | $(BUILD)/obj/empty.o
	@mkdir -p $(dir $@)
	$(call say,AR,$@)rm -f $@; $(AR) rcs $@ $(BUILD)/obj/empty.o $(filter %.o,$^)

$(BUILD)/obj/empty.o:
	@mkdir -p $(dir $@)
	$(call say,CC,$@)echo 'typedef int s3bench_empty_unit;' | $(CC) -x c -c -o $@ -

# Each binary links core/ and its own stage only: a stage calling another fails to link.
$(BIN)/%: $(BUILD)/obj/%/main.o $(BUILD)/lib%.a $(BUILD)/libcore.a
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o %.a,$^) $(ALL_LDLIBS)

# A one-file test program (tests/unit, tests/live or tests/tools NAME.c): its object and the
# libraries. (No % in the prerequisite's functions: make would put the stem there.)
ONEFILE_DIRS := tests/unit tests/live tests/tools
$(patsubst %.c,$(BUILD)/tests/%,$(notdir $(UNIT_SRC) $(LIVE_SRC) $(TOOL_SRC))): \
	$(BUILD)/tests/%: $$(call obj,$$(wildcard $$(addsuffix /$$*.c,$(ONEFILE_DIRS)))) $(LIBS)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(ALL_LDFLAGS) -o $@ $< $(LIBS) $(ALL_LDLIBS)

$(foreach t,$(TOOL_DIRS),$(eval $(BUILD)/tests/$(t): \
	$(call obj,$(wildcard tests/tools/$(t)/*.c)) $(LIBS)))
# wanem (the lab's WAN emulator) frames HTTP with faultproxy's parser
$(BUILD)/tests/wanem: $(call obj,tests/tools/faultproxy/http.c tests/tools/faultproxy/net.c)
$(TOOL_DIRS:%=$(BUILD)/tests/%):
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o,$^) $(LIBS) $(ALL_LDLIBS)

# bin/collect-mpi: the distributed collector (bin/collect execs it under mpirun / srun).
$(call obj,$(collect_MPI_SRC) $(collect_MPI_C) $(MPI_TEST_SRC)): | $(BUILD)/.deps-ok
$(BIN)/collect-mpi: $(call obj,$(collect_MPI_SRC) $(collect_MPI_C)) $(BUILD)/libcollect.a \
	$(BUILD)/libcore.a
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o %.a,$^) $(ALL_LDLIBS) $(MPI_LIBS)

# MPI programs (tests/mpi): collect/cluster/cluster.c and the program, with Open MPI's flags.
$(call obj,$(collect_MPI_C) $(MPI_TEST_SRC)): ALL_CFLAGS += $(MPI_CFLAGS)
$(MPI_TEST_SRC:tests/mpi/%.c=$(BUILD)/tests/%): $(BUILD)/tests/%: $(BUILD)/obj/tests/mpi/%.o \
	$(call obj,$(collect_MPI_C)) $(BUILD)/libcollect.a $(BUILD)/libcore.a
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o %.a,$^) $(ALL_LDLIBS) $(MPI_LIBS)

$(BUILD)/tests/%.so: tests/preload/%.c
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) -std=c11 -D_GNU_SOURCE $(OPT) $(WARN) -shared -fPIC -o $@ $< -ldl

tests: all $(TESTBINS)

setup:
	scripts/setup

# The one test command (README, .ci/run): installs what is missing (clang-format too), checks
# the layout of the C files (a few seconds, so a layout slip fails first), builds, runs unit
# tests, unit tests under ASan+UBSan, then live and end-to-end tests (the engine's live tests,
# live_engine and live_wl, also under ThreadSanitizer).
# Targets that start with scripts/setup build in a sub-make, which asks pkg-config only
# once the packages are there (the first command on a fresh machine).
test: setup
	scripts/style-check
	$(MAKE) tests
	$(MAKE) tests SANITIZE=address,undefined
	$(MAKE) SANITIZE=thread build/tsan/tests/live_engine build/tsan/tests/live_wl
	tests/run

test-unit: tests
	tests/run --unit-only

style:
	scripts/style-check

run: setup
	$(MAKE) all
	scripts/demo

bench: setup
	$(MAKE) all
	bench/run

lab: setup
	$(MAKE) all $(BUILD)/tests/wanem
	tests/lab/run full

# make report CAMPAIGN=path.ini [OUT=dir]: collect, analyze and render one campaign.
report: setup
	@test -n "$(CAMPAIGN)" || { echo "usage: make report CAMPAIGN=path.ini [OUT=dir]"; exit 2; }
	$(MAKE) all
	scripts/report $(CAMPAIGN) $(OUT)

# make report-sample: the report of data/sample (real raw logs that ship with the project).
report-sample: setup
	$(MAKE) all
	bin/analyze data/sample -o out/sample/results
	bin/render out/sample/results -o out/sample/report
	@echo "report: out/sample/report/report.html"
	@echo "report: out/sample/report/report.pdf"
	@echo "check it: bin/analyze --verify out/sample/results data/sample"

# make reproduce BUNDLE=FILE.tar.zst [INTO=DIR] [PUBKEY=PUB.pem]: unpack a bundle made by
# scripts/bundle into DIR (default a new temporary folder, printed), check it with
# bin/analyze --verify and rebuild its report byte for byte (scripts/reproduce).
reproduce: setup
	@test -n "$(BUNDLE)" || { echo "usage: make reproduce BUNDLE=FILE.tar.zst [INTO=DIR] [PUBKEY=PUB.pem]"; exit 2; }
	$(MAKE) all
	scripts/reproduce $(BUNDLE) $(INTO) $(if $(PUBKEY),--pubkey $(PUBKEY))

# make fuzz: libFuzzer targets (tests/fuzz/fuzz_*.c) in build/fuzz/bin, built with clang
# under ASan+UBSan from the core/collect/analyze/render sources; tests/e2e/fuzz.sh runs
# them for a few seconds each (make test). Not part of all or tests.
# make fuzz-long [FUZZ_TIME=600] [FUZZ_TARGETS="warp_csv aggregate"]: each target for
# FUZZ_TIME seconds (default 10 minutes), one after the other, on a copy of its seed
# corpus, keeping the grown corpora and logs (the folder is named at the end).
FUZZ_CC     ?= clang
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  = -std=c11 -D_GNU_SOURCE -I. -O1 -g $(filter-out -Wno-format-truncation,$(WARN)) \
               $(FUZZ_SAN) $(PKG_CFLAGS_NOW) $(CSV_CFLAGS) $(HPDF_CFLAGS) -MMD -MP
FUZZ_LIBOBJ := $(patsubst %.c,build/fuzz/obj/%.o,$(core_SRC) $(collect_SRC) $(analyze_SRC) \
                 $(render_SRC))
FUZZ_TIME   ?= 600
FUZZ_TARGETS ?=
.PHONY: fuzz fuzz-long
fuzz: $(patsubst tests/fuzz/%.c,build/fuzz/bin/%,$(wildcard tests/fuzz/fuzz_*.c))
fuzz-long:
	FUZZ_SECONDS=$(FUZZ_TIME) FUZZ_KEEP=1 tests/e2e/fuzz.sh $(FUZZ_TARGETS)
build/fuzz/obj/tests/fuzz/%.o: tests/fuzz/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -c -o $@ $<
build/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<
build/fuzz/libs3bench.a: $(FUZZ_LIBOBJ)
	rm -f $@; $(AR) rcs $@ $^
build/fuzz/bin/%: build/fuzz/obj/tests/fuzz/%.o build/fuzz/libs3bench.a
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(PKG_LIBS_NOW) $(CSV_LIBS) \
		$(HPDF_LIBS) -lm -lpthread

# make man: the man pages, generated (never edited by hand): the commands' from their
# --help and --version with help2man (plus the sections in docs/man/NAME.h2m), the
# campaign file's from docs/CAMPAIGN.md with pandoc. Build-time tools (scripts/setup).
MAN1    := s3bench s3bench-collect s3bench-analyze s3bench-render
MANS    := $(MAN1:%=build/man/%.1) build/man/s3bench-campaign.5
MAN_SRC_s3bench := scripts/s3bench
MAN_SRC_s3bench-collect := bin/collect
MAN_SRC_s3bench-analyze := bin/analyze
MAN_SRC_s3bench-render := bin/render
MAN_NAME_s3bench := run the s3bench stages: collect, analyze, render
MAN_NAME_s3bench-collect := measure S3 endpoints and write raw run logs
MAN_NAME_s3bench-analyze := analyze s3bench and MinIO Warp run logs
MAN_NAME_s3bench-render := write the s3bench comparison report as HTML and PDF
man: $(MANS)
# help2man runs build/man/NAME.help, which runs the program through scripts/man-help
# (the usage lines with the installed name, in help2man's Usage:/or: form).
build/man/%.1: $$(MAN_SRC_$$*) docs/man/%.h2m scripts/man-help bin/collect bin/analyze \
	bin/render
	@command -v help2man >/dev/null || { echo "make man: help2man missing (scripts/setup)"; exit 1; }
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/scripts/man-help" "%s/%s" %s "$$@"\n' '$(CURDIR)' \
		'$(CURDIR)' '$(MAN_SRC_$*)' '$*' >build/man/$*.help && chmod +x build/man/$*.help
	$(call say,GEN,$@)help2man --no-info --no-discard-stderr --name='$(MAN_NAME_$*)' \
		--include=docs/man/$*.h2m --output=$@.tmp build/man/$*.help && mv $@.tmp $@
build/man/s3bench-campaign.5: docs/CAMPAIGN.md docs/man/campaign.lua
	@command -v pandoc >/dev/null || { echo "make man: pandoc missing (scripts/setup)"; exit 1; }
	@mkdir -p $(dir $@)
	$(call say,GEN,$@)pandoc --standalone --from=gfm --to=man --lua-filter=docs/man/campaign.lua \
		--metadata=title:S3BENCH-CAMPAIGN --metadata=section:5 \
		--metadata=header:'s3bench manual' --metadata=footer:'s3bench $(shell sed -n \
		's/^#define S3BENCH_VERSION "\(.*\)"/\1/p' core/version.h)' \
		--output=$@.tmp docs/CAMPAIGN.md && mv $@.tmp $@

# make install: every installed file as SOURCE=DEST, DEST under $(PREFIX); install copies
# this list and uninstall removes exactly it (then the directories of its own it leaves
# empty). Systemd units: docs/systemd/*.in with @BINDIR@ and @PREFIX@ filled in.
UNITS        := s3bench@.service s3bench@.timer s3bench-alert@.service
TEMPLATE_FILES := $(shell find templates -type f 2>/dev/null | sort)
COMPLETE_AS  := s3bench-collect s3bench-analyze s3bench-render s3bench-scheduled-build
COMPLDIR     := share/bash-completion/completions
INSTALL_MAP   = bin/collect=bin/s3bench-collect bin/collect-mpi=bin/s3bench-collect-mpi \
	bin/analyze=bin/s3bench-analyze bin/render=bin/s3bench-render \
	scripts/s3bench=bin/s3bench scripts/scheduled-build=bin/s3bench-scheduled-build \
	$(foreach f,$(TEMPLATE_FILES),$(f)=share/s3bench/$(f)) \
	data/campaigns/example.ini=share/s3bench/campaigns/example.ini \
	$(foreach m,$(MAN1),build/man/$(m).1=share/man/man1/$(m).1) \
	build/man/s3bench-campaign.5=share/man/man5/s3bench-campaign.5 \
	scripts/s3bench.bash-completion=$(COMPLDIR)/s3bench \
	$(foreach u,$(UNITS),build/systemd/$(u)=lib/systemd/system/$(u))
# Directories only s3bench puts files in: uninstall removes them once empty.
OWN_DIRS     := share/s3bench/templates/en share/s3bench/templates/ko share/s3bench/templates \
	share/s3bench/campaigns share/s3bench

build/systemd/%: docs/systemd/%.in
	@mkdir -p $(dir $@)
	$(call say,GEN,$@)sed -e 's|@BINDIR@|$(PREFIX)/bin|g' -e 's|@PREFIX@|$(PREFIX)|g' $< >$@.tmp && \
		mv $@.tmp $@

install: all man $(UNITS:%=build/systemd/%)
	@set -e; for m in $(INSTALL_MAP); do \
		src=$${m%%=*} dst='$(DESTDIR)$(PREFIX)'/$${m#*=}; \
		case $${m#*=} in bin/*) mode=755 ;; *) mode=644 ;; esac; \
		install -d "$$(dirname "$$dst")"; install -m $$mode "$$src" "$$dst"; \
		echo "installed $$dst"; \
	done; \
	for c in $(COMPLETE_AS); do \
		ln -sfn s3bench '$(DESTDIR)$(PREFIX)/$(COMPLDIR)'/$$c; \
		echo "installed $(DESTDIR)$(PREFIX)/$(COMPLDIR)/$$c -> s3bench"; \
	done

uninstall:
	@for m in $(INSTALL_MAP); do \
		dst='$(DESTDIR)$(PREFIX)'/$${m#*=}; \
		[ ! -e "$$dst" ] || { rm -f "$$dst" && echo "removed $$dst"; }; \
	done; \
	for c in $(COMPLETE_AS); do \
		dst='$(DESTDIR)$(PREFIX)/$(COMPLDIR)'/$$c; \
		[ ! -L "$$dst" ] || { rm -f "$$dst" && echo "removed $$dst"; }; \
	done; \
	for d in $(OWN_DIRS); do \
		rmdir '$(DESTDIR)$(PREFIX)'/$$d 2>/dev/null || true; \
	done

clean:
	rm -rf build bin

-include $(shell find build -name '*.d' 2>/dev/null)
