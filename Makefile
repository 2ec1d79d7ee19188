# s3bench: make builds bin/collect, bin/analyze, bin/render.
#   make                 build (objects in build/, binaries in bin/)
#   make SANITIZE=address,undefined   sanitized build in build/san/ (binaries in build/san/bin/)
#   make test            install what is missing, then unit + live + end-to-end tests
#   make test-unit       unit tests only (no servers)
#   make run             the demo campaign against local S3 servers, ending in a report
#   make bench           the benchmarks in bench/
# libcsv and libharu ship no pkg-config file: override CSV_LIBS / HPDF_CFLAGS / HPDF_LIBS.

CC       ?= cc
PKGS     := libcurl openssl libxml-2.0 libzstd jansson inih
CSV_CFLAGS  ?=
CSV_LIBS    ?= -lcsv
HPDF_CFLAGS ?=
HPDF_LIBS   ?= -lhpdf
OPT      ?= -O2 -g
WARN     := -Wall -Wextra -Werror -Wshadow -Wpointer-arith -Wstrict-prototypes \
            -Wmissing-prototypes -Wformat=2 -Wno-format-nonliteral -Wno-format-truncation
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)

ifneq ($(SANITIZE),)
BUILD    ?= build/san
BIN      := $(BUILD)/bin
SANFLAGS := -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
else
BUILD    ?= build
BIN      := bin
SANFLAGS :=
endif

CFLAGS   += -std=c11 -D_GNU_SOURCE -I. $(OPT) $(WARN) $(SANFLAGS) $(PKG_CFLAGS) \
            $(CSV_CFLAGS) $(HPDF_CFLAGS) -MMD -MP
LDFLAGS  += $(SANFLAGS)
LDLIBS   += $(PKG_LIBS) $(CSV_LIBS) $(HPDF_LIBS) -lm -lpthread

STAGES   := collect analyze render
core_SRC    := $(wildcard core/*.c)
collect_SRC := $(filter-out collect/main.c,$(wildcard collect/*.c))
analyze_SRC := $(filter-out analyze/main.c,$(wildcard analyze/*.c))
render_SRC  := $(filter-out render/main.c,$(wildcard render/*.c))
LIBS     := $(BUILD)/libcollect.a $(BUILD)/libanalyze.a $(BUILD)/librender.a $(BUILD)/libcore.a

UNIT_SRC := $(wildcard tests/unit/test_*.c)
LIVE_SRC := $(wildcard tests/live/live_*.c)
TOOL_SRC := $(wildcard tests/tools/*.c)
PRELOAD_SRC := $(wildcard tests/preload/*.c)
TESTBINS := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%) \
            $(LIVE_SRC:tests/live/%.c=$(BUILD)/tests/%) \
            $(TOOL_SRC:tests/tools/%.c=$(BUILD)/tests/%)
# LD_PRELOAD libraries (tests/preload): not in sanitized builds, whose allocator is ASan's
ifeq ($(SANITIZE),)
TESTBINS += $(PRELOAD_SRC:tests/preload/%.c=$(BUILD)/tests/%.so)
endif

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

.SECONDEXPANSION:
.SECONDARY:
.PHONY: all tests setup test test-unit test-san run report report-sample bench clean
all: $(BIN)/collect $(BIN)/analyze $(BIN)/render

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/lib%.a: $$(call obj,$$(%_SRC)) | $(BUILD)/obj/empty.o
	@mkdir -p $(dir $@)
	rm -f $@; $(AR) rcs $@ $(BUILD)/obj/empty.o $(filter %.o,$^)

$(BUILD)/obj/empty.o:
	@mkdir -p $(dir $@)
	echo 'typedef int s3bench_empty_unit;' | $(CC) -x c -c -o $@ -

$(BIN)/%: $(BUILD)/obj/%/main.o $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBS) $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBS) $(LDLIBS)
$(BUILD)/tests/%: $(BUILD)/obj/tests/live/%.o $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBS) $(LDLIBS)
$(BUILD)/tests/%: $(BUILD)/obj/tests/tools/%.o $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBS) $(LDLIBS)

$(BUILD)/tests/%.so: tests/preload/%.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_GNU_SOURCE $(OPT) $(WARN) -shared -fPIC -o $@ $< -ldl

tests: all $(TESTBINS)

setup:
	scripts/setup

# The one test command (README, .ci/run): installs what is missing, builds,
# runs unit tests, unit tests under ASan+UBSan, then live and end-to-end tests.
test: setup
	$(MAKE) tests
	$(MAKE) tests SANITIZE=address,undefined
	tests/run

test-unit: tests
	tests/run --unit-only

run: setup all
	scripts/demo

bench: setup all
	bench/run

# make report CAMPAIGN=path.ini [OUT=dir]: collect, analyze and render one campaign.
report: all
	@test -n "$(CAMPAIGN)" || { echo "usage: make report CAMPAIGN=path.ini [OUT=dir]"; exit 2; }
	scripts/report $(CAMPAIGN) $(OUT)

# make report-sample: the report of data/sample (real raw logs that ship with the project).
report-sample: all
	bin/analyze data/sample -o out/sample/results
	bin/render out/sample/results -o out/sample/report
	@echo "report: out/sample/report/report.html"
	@echo "report: out/sample/report/report.pdf"

# make fuzz: libFuzzer targets (tests/fuzz/fuzz_*.c) in build/fuzz/bin, built with clang
# under ASan+UBSan from the core/collect/analyze sources; tests/e2e/fuzz.sh runs them.
# Not part of all or tests.
FUZZ_CC     ?= clang
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -std=c11 -D_GNU_SOURCE -I. -O1 -g $(filter-out -Wno-format-truncation,$(WARN)) \
               $(FUZZ_SAN) $(PKG_CFLAGS) $(CSV_CFLAGS) -MMD -MP
FUZZ_LIBOBJ := $(patsubst %.c,build/fuzz/obj/%.o,$(core_SRC) $(collect_SRC) $(analyze_SRC))
.PHONY: fuzz
fuzz: $(patsubst tests/fuzz/%.c,build/fuzz/bin/%,$(wildcard tests/fuzz/fuzz_*.c))
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
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(PKG_LIBS) $(CSV_LIBS) -lm -lpthread

clean:
	rm -rf build bin

-include $(shell find build -name '*.d' 2>/dev/null)
