# iolens: build, test and install.
#   make            build bin/iolens, lib/libiolens.a, lib/libiolens.so
#   make deps       install missing Debian packages (.ci/deps, apt-get)
#   make demo       make deps, build, run the main job on a sample log
#   make check      build, then the TAP suite under prove (installs nothing:
#                   run `make deps` first on a fresh machine)
#   make check SANITIZE=1    ... built with ASan/UBSan
#   make check VALGRIND=1    ... run under valgrind
#   make check-load  the suite 3 times in a row beside 3 CPU-bound loops
#   make check CC=clang      ... built with clang
#   make bench      time and memory on ../shared/bench logs; serve zoom latency; triage
#                   precision and recall on t/data/triage-expert.tsv;
#                   the store on SQLite beside PostgreSQL (bench/pgstore.sh)
#   make fuzz-build the libFuzzer harnesses of fuzz/ (clang), in fuzz/bin
#   make fuzz FUZZ_TIME=1800   run each for FUZZ_TIME seconds, one at a time
#   make install PREFIX=/usr/local DESTDIR=  (prefix= works too)
#
# The tree is layered (README.md, "How it is built"); t/9004-layers.t
# checks that each directory includes only the layers below it.

# the version is written once, in lib/base/version.h
VERSION := $(shell sed -n 's/^\#define IOLENS_VERSION "\(.*\)"/\1/p' lib/base/version.h)
PREFIX ?= /usr/local
prefix ?= $(PREFIX)
bindir = $(prefix)/bin
libdir = $(prefix)/lib
includedir = $(prefix)/include
mandir = $(prefix)/share/man
datadir = $(prefix)/share

CC ?= cc
# make MPI=1: the binary built with Open MPI's mpicc, where
# `mpirun -np N iolens ingest` spreads the logs over the ranks and
# `mpirun -np N iolens replay` the traced ranks over the processes
ifeq ($(MPI),1)
CC = mpicc
MPI_CFLAGS = -DIOLENS_MPI
endif
# make MPI=1 TEST_HOOKS=1 (t/6004's own build): a pause a test can hold
# the members at (lib/replay/mpi.c, IOLENS_TEST_PAUSE)
ifeq ($(TEST_HOOKS),1)
MPI_CFLAGS += -DIOLENS_TEST_HOOKS
endif
OPT ?= -O2
CFLAGS ?= -g $(OPT)
# gcc warns of snprintf truncation we check for ourselves; clang has no
# such warning and would reject the flag
NO_TRUNC := $(shell $(CC) -Werror -Wno-format-truncation -E -x c /dev/null \
	>/dev/null 2>&1 && echo -Wno-format-truncation)
WARN = -std=c11 -Wall -Wextra -Werror $(NO_TRUNC)
ALL_CFLAGS = $(WARN) $(CFLAGS) $(MPI_CFLAGS) -pthread -fPIC -Ilib -I. -MMD -MP
# the population store (lib/population) is SQLite, or PostgreSQL through
# libpq (Debian libpq-dev for its header): libiolens links SQLite, and
# loads libpq.so.5 only when a PostgreSQL store is opened
# (lib/population/pq.c), so that no other command loads libpq's 30
# libraries or needs them installed
PQ_CFLAGS := $(shell pkg-config --cflags libpq 2>/dev/null || \
	echo -I$$(pg_config --includedir 2>/dev/null))
ALL_CFLAGS += $(PQ_CFLAGS)
LDLIBS = -lsqlite3 -lz -lbz2 -llzma -lm -pthread -ldl
# the renderers draw with Cairo and Pango and write XLSX; only the binary
# links them, never libiolens
RENDER_PKGS = pangocairo cairo-pdf cairo-svg fontconfig xlsxwriter
RENDER_CFLAGS = $(shell pkg-config --cflags $(RENDER_PKGS) 2>/dev/null)
RENDER_LIBS = $(shell pkg-config --libs $(RENDER_PKGS) 2>/dev/null)
ifeq ($(SANITIZE),1)
# undefined includes signed-integer-overflow, shift and divide-by-zero;
# float-cast-overflow is not in it and is named here
SAN = address,undefined,float-cast-overflow,signed-integer-overflow,integer-divide-by-zero,shift
ALL_CFLAGS += -fsanitize=$(SAN) -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=$(SAN)
endif

# every .c of a layer directory is part of its library: a new module is a
# new file, with no line to add here
LIB_DIRS = lib/base lib/counters lib/model lib/sources lib/analysis \
	lib/storage lib/replay lib/population
LIB_SRCS = $(foreach d,$(LIB_DIRS),$(wildcard $(d)/*.c))
# the renderers that draw (Cairo, Pango, libxlsxwriter, or the chart module
# on them) make the drawing module bin/iolens-gfx.so, loaded by the binary
# only when a command draws (render/gfx.h); the others go into the binary
# (render/gfx-load.c, which loads the module, is the binary's)
GFX_SRCS = $(filter-out render/gfx-load.c,$(shell grep -l -E '^\#include ("render/(chart|gfx)\.h"|<(cairo|pango|xlsxwriter))' render/*.c))
RENDER_SRCS = $(filter-out $(GFX_SRCS),$(wildcard render/*.c))
# serve/host.c and lib/code/host.c find and load the serve and source
# extractor modules, serve/host-html.c writes the serve module's HTML
# pages: they go into the binary
SERVE_HOST = serve/host.c serve/host-html.c
CMD_SRCS = $(wildcard cmd/*.c) $(SERVE_HOST) lib/code/host.c
# the command line's own machinery (option tables, usage errors, --help,
# completion, the LOG arguments as jobs, the site configuration, the
# output's choice and opening, dying allocation, signals):
# cli/libcli.a, below the commands, linked by the binary only
CLI_SRCS = $(wildcard cli/*.c)
CLI_OBJS = $(CLI_SRCS:.c=.o)
LIB_OBJS = $(LIB_SRCS:.c=.o)
RENDER_OBJS = $(RENDER_SRCS:.c=.o)
GFX_OBJS = $(GFX_SRCS:.c=.o)
CMD_OBJS = $(CMD_SRCS:.c=.o)
# installed as <iolens/...>, keeping the layer directories
PUBLIC_HEADERS = lib/iolens.h $(foreach d,$(LIB_DIRS),$(wildcard $(d)/*.h)) \
	$(wildcard lib/counters/*.def)

# the source extractor of `iolens blocks --source` (lib/code) parses C and
# C++ with libclang (LLVM 14, libclang-dev): about 30 MB of LLVM, so it is
# a module of its own, bin/iolens-code.so, loaded by the binary with
# dlopen() only when --source is used (lib/code/module.h, lib/code/host.c);
# neither libiolens nor the binary links libclang.  Without the headers
# the module is not built and --source says so.
LLVM_DIR ?= /usr/lib/llvm-14
CLANG_CFLAGS = -I$(LLVM_DIR)/include
CLANG_LIBS = -L$(LLVM_DIR)/lib -lclang
# (lib/code/host.c, which loads the module, is the binary's)
CODE_SRCS = $(filter-out lib/code/host.c,$(wildcard lib/code/*.c))
CODE_OBJS = $(CODE_SRCS:.c=.o)
CODE_MOD = $(if $(wildcard $(LLVM_DIR)/include/clang-c/Index.h),bin/iolens-code.so)

# the browser `iolens serve` (serve/) is a module of its own,
# bin/iolens-serve.so, on libmicrohttpd (libmicrohttpd-dev) and Cairo,
# loaded by the binary with dlopen() only by `iolens serve`
# (serve/serve.h, serve/host.c): no other command loads libmicrohttpd and
# GnuTLS.  Without the header the module is not built and serve says so.
SERVE_SRCS = $(filter-out $(SERVE_HOST),$(wildcard serve/*.c))
SERVE_OBJS = $(SERVE_SRCS:.c=.o)
SERVE_MOD = $(if $(wildcard /usr/include/microhttpd.h),bin/iolens-serve.so)
SERVE_LIBS = -lmicrohttpd $(shell pkg-config --libs cairo cairo-svg 2>/dev/null)

UNIT_SRCS = $(wildcard t/unit/*.c)
UNIT_BINS = $(UNIT_SRCS:.c=)

all: bin/iolens bin/iolens-gfx.so bin/iolens-trace.so lib/libiolens.so t/unit-bins

# every library object goes in (whole archives) and is exported, so that
# the drawing module finds what it calls in the binary
bin/iolens: $(CMD_OBJS) cli/libcli.a render/librender.a lib/libiolens.a
	@mkdir -p bin
	$(CC) $(LDFLAGS) -Wl,--export-dynamic -o $@ $(CMD_OBJS) cli/libcli.a \
		-Wl,--whole-archive render/librender.a lib/libiolens.a \
		-Wl,--no-whole-archive $(LDLIBS) -ldl

bin/iolens-gfx.so: $(GFX_OBJS)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -shared -Wl,-Bsymbolic -o $@ $(GFX_OBJS) \
		$(RENDER_LIBS) -lm

all: $(CODE_MOD) $(SERVE_MOD)

bin/iolens-serve.so: $(SERVE_OBJS)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -shared -Wl,-Bsymbolic -o $@ $(SERVE_OBJS) $(SERVE_LIBS) -lm

serve/%.o: ALL_CFLAGS += $(shell pkg-config --cflags cairo 2>/dev/null)
serve/host.o: ALL_CFLAGS += -DIOLENS_SERVEDIR='"$(libdir)/iolens"'

# shell completion made from the commands' option tables (iolens help
# --complete, cli/complete.c) by etc/completions.pl
all: bin/iolens.bash bin/_iolens
bin/_iolens: bin/iolens.bash
# (the site's configuration, which config reads first, is not the build's)
bin/iolens.bash: bin/iolens etc/completions.pl $(wildcard man/iolens-*.1)
	IOLENS_CONFIG=/dev/null perl etc/completions.pl bin/iolens man \
		bin/iolens.bash bin/_iolens

bin/iolens-code.so: $(CODE_OBJS)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -shared -Wl,-Bsymbolic -o $@ $(CODE_OBJS) $(CLANG_LIBS)

lib/code/%.o: ALL_CFLAGS += $(CLANG_CFLAGS)
lib/code/host.o: ALL_CFLAGS += -DIOLENS_CODEDIR='"$(libdir)/iolens"'

# the tracer `iolens trace` preloads into a program (tracer/preload.c):
# no part of libiolens, no sanitizer (it runs inside other programs)
bin/iolens-trace.so: tracer/preload.c .build-flags
	@mkdir -p bin
	$(CC) $(WARN) $(CFLAGS) -std=gnu11 -fPIC -shared -pthread \
		-fvisibility=hidden -o $@ tracer/preload.c -ldl

render/%.o cmd/report.o cmd/export.o: ALL_CFLAGS += $(RENDER_CFLAGS) \
	-DIOLENS_DATADIR='"$(datadir)/iolens"'
render/gfx-load.o: ALL_CFLAGS += -DIOLENS_GFXDIR='"$(libdir)/iolens"'
cmd/trace.o: ALL_CFLAGS += -DIOLENS_TRACEDIR='"$(libdir)/iolens"'

lib/libiolens.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $(LIB_OBJS)

lib/libiolens.so: $(LIB_OBJS)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libiolens.so.0 -o $@ $(LIB_OBJS) $(LDLIBS)

# the archive is remade whole when the Makefile changes which objects it
# holds (ar would keep a member that left the list)
render/librender.a: $(RENDER_OBJS) Makefile
	rm -f $@
	ar rcs $@ $(RENDER_OBJS)

cli/libcli.a: $(CLI_OBJS) Makefile
	rm -f $@
	ar rcs $@ $(CLI_OBJS)

# objects follow the flags: SANITIZE=1 after a plain build rebuilds all
.build-flags: FORCE
	@echo '$(CC) $(ALL_CFLAGS) $(LDFLAGS)' | cmp -s - $@ || \
		echo '$(CC) $(ALL_CFLAGS) $(LDFLAGS)' > $@

%.o: %.c .build-flags
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# the default triage thresholds are etc/triage.conf itself, as a C string
lib/analysis/triage-default.inc: etc/triage.conf
	sed 's/\\/\\\\/g; s/"/\\"/g; s/.*/"&\\n"/' etc/triage.conf > $@.tmp && mv $@.tmp $@
lib/analysis/triage-conf.o: lib/analysis/triage-default.inc

# the commands' --help texts, man/help/*.txt, as a C table (man/help.pl)
HELP_TXT = $(wildcard man/help/*.txt)
render/help-text.inc: man/help.pl $(HELP_TXT)
	perl man/help.pl $@ $(HELP_TXT)
render/help.o: render/help-text.inc

t/unit/%: t/unit/%.c render/librender.a lib/libiolens.a .build-flags
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< render/librender.a lib/libiolens.a $(LDLIBS)

t/unit-bins: $(UNIT_BINS)
	@touch $@

# the install directories iolens.pc names: a change of prefix remakes it
# (the binary finds its module and templates relative to itself first, so
# `make install prefix=...` does not relink it)
.install-dirs: FORCE
	@echo '$(prefix) $(libdir) $(datadir) $(includedir)' | cmp -s - $@ || \
		echo '$(prefix) $(libdir) $(datadir) $(includedir)' > $@

iolens.pc: lib/base/version.h Makefile .install-dirs
	printf 'prefix=%s\nlibdir=%s\nincludedir=%s\n\nName: iolens\nDescription: HPC I/O log decoders and metrics\nVersion: %s\nLibs: -L$${libdir} -liolens\nLibs.private: -lsqlite3 -lz -lbz2 -llzma -lm -pthread -ldl\nCflags: -I$${includedir}/iolens\n' \
		'$(prefix)' '$(libdir)' '$(includedir)' '$(VERSION)' > $@

deps:
	@sh .ci/deps

DEMO_LOG = sample-logs/ior/ior_posix_n1_t4m/root_ior_id12611-12611_11-21-79789-814826986434855799_1.darshan

demo: deps all
	@echo '$$ iolens summary $(DEMO_LOG)'
	@./bin/iolens summary $(DEMO_LOG)
	@echo '$$ iolens timeline $(DEMO_LOG)'
	@./bin/iolens timeline $(DEMO_LOG) | head -9
	@./bin/iolens report -o demo-report.pdf $(DEMO_LOG)
	@echo 'the report of this job is in demo-report.pdf'

check: all lint mpi-build
	LC_ALL=C TZ=UTC IOLENS=$(CURDIR)/bin/iolens VALGRIND=$(VALGRIND) SANITIZE=$(SANITIZE) \
		IOLENS_MPI=$(MPI_BUILD) CC='$(CC)' prove -j2 -f t/

# the MPI build t/6004 and t/7002 test (make MPI=1 TEST_HOOKS=1, mpicc),
# made once beside the plain one in a copy of the sources, .mpi-build/
# (the tests made it each, one serially: 66 CPU s a test, most of it
# the build, of the suite's 1262);
# the copy keeps the sources' times, so only what changed is made again,
# and starts afresh when the list of sources changes; after all (tar
# must not read files being written).  Not under
# SANITIZE or VALGRIND, where the tests skip, nor without Open MPI.
MPI_SRC = Makefile lib cli cmd render serve tracer report-templates etc man
MPI_BUILD = $(CURDIR)/.mpi-build/bin/iolens
mpi-build: all
	@if command -v mpicc >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1 && \
	    [ -z "$(SANITIZE)$(VALGRIND)" ]; then \
		list=$$(find $(MPI_SRC) -type f ! -name '*.o' ! -name '*.d' ! -name '*.a' ! -name '*.so' | \
			LC_ALL=C sort | cksum); \
		[ "$$list" = "$$(cat .mpi-build/.sources 2>/dev/null)" ] || rm -rf .mpi-build; \
		mkdir -p .mpi-build && \
		tar --exclude='*.o' --exclude='*.d' --exclude='*.a' --exclude='*.so' \
			-cf - $(MPI_SRC) | tar -C .mpi-build -xf - && \
		echo "$$list" > .mpi-build/.sources && \
		$(MAKE) -s -C .mpi-build MPI=1 TEST_HOOKS=1 CC=mpicc bin/iolens; \
	fi

# the suite LOAD_ROUNDS times (3) beside LOAD_LOOPS CPU-bound loops (3):
# a test that passes only on a quiet machine fails here (.ci/check-load)
check-load: all lint mpi-build
	@IOLENS_MPI=$(MPI_BUILD) LOAD_ROUNDS=$(LOAD_ROUNDS) LOAD_LOOPS=$(LOAD_LOOPS) VALGRIND=$(VALGRIND) \
		SANITIZE=$(SANITIZE) CC='$(CC)' sh .ci/check-load

bench: all
	@sh bench/run.sh
	@sh bench/sidebyside.sh
	@sh bench/tracer.sh
	@sh bench/population.sh
	@sh bench/pydarshan.sh
	@sh bench/triage-expert-score.sh | tail -1
	@sh bench/triage-stability.sh | tail -1
	@sh bench/popstore.sh
	@sh bench/pgstore.sh
	@sh bench/serve-zoom.sh
	@sh bench/serve-load.sh
	@sh bench/serve-cpu.sh

# the format of .clang-format (Linux style); make deps installs clang-format
LINT_FILES = $(LIB_SRCS) $(RENDER_SRCS) $(CMD_SRCS) lib/*.h $(wildcard lib/*/*.h) \
	render/*.h cmd/*.h $(CLI_SRCS) cli/*.h t/unit/*.c tracer/*.c
LINT_FILES += $(CODE_SRCS) $(SERVE_SRCS) serve/*.h
# the COLUMNS section of each man page, made from the command's views
man-columns: bin/iolens
	perl man/columns.pl bin/iolens

lint:
	@command -v clang-format >/dev/null || \
		{ echo 'lint: clang-format is not installed (make deps installs it)'; exit 1; }
	@clang-format --dry-run -Werror $(LINT_FILES)

install: all iolens.pc
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(libdir)/pkgconfig \
		$(DESTDIR)$(mandir)/man1 $(DESTDIR)$(datadir)/iolens
	install -m 755 bin/iolens $(DESTDIR)$(bindir)/iolens
	install -d $(DESTDIR)$(libdir)/iolens
	install -m 755 bin/iolens-gfx.so $(DESTDIR)$(libdir)/iolens/iolens-gfx.so
	install -m 755 bin/iolens-trace.so $(DESTDIR)$(libdir)/iolens/iolens-trace.so
	[ ! -f bin/iolens-code.so ] || install -m 755 bin/iolens-code.so \
		$(DESTDIR)$(libdir)/iolens/iolens-code.so
	[ ! -f bin/iolens-serve.so ] || install -m 755 bin/iolens-serve.so \
		$(DESTDIR)$(libdir)/iolens/iolens-serve.so
	install -m 644 lib/libiolens.a $(DESTDIR)$(libdir)/libiolens.a
	install -m 755 lib/libiolens.so $(DESTDIR)$(libdir)/libiolens.so.0
	ln -sf libiolens.so.0 $(DESTDIR)$(libdir)/libiolens.so
	for h in $(PUBLIC_HEADERS); do \
		d=$(DESTDIR)$(includedir)/iolens/$$(dirname $${h#lib/}); \
		install -d $$d && install -m 644 $$h $$d/ || exit 1; \
	done
	install -m 644 iolens.pc $(DESTDIR)$(libdir)/pkgconfig/iolens.pc
	install -m 644 man/*.1 $(DESTDIR)$(mandir)/man1/
	install -d $(DESTDIR)$(datadir)/bash-completion/completions \
		$(DESTDIR)$(datadir)/zsh/site-functions
	install -m 644 bin/iolens.bash \
		$(DESTDIR)$(datadir)/bash-completion/completions/iolens
	install -m 644 bin/_iolens $(DESTDIR)$(datadir)/zsh/site-functions/_iolens
	install -m 644 report-templates/*.tmpl $(DESTDIR)$(datadir)/iolens/
	install -m 644 etc/triage.conf $(DESTDIR)$(datadir)/iolens/triage.conf

# ---- fuzzing (clang's libFuzzer; not part of make check) ----
# One harness per input reader, fuzz/<target>.c; the library is built
# again into fuzz/obj with coverage and the sanitizers, so a plain build
# is untouched.  Crashers land in fuzz/work/<target>/ (crash-*); keep each
# one, minimized, under t/fuzz-regress/<target>/, which make check feeds
# to the normal binary (t/8202-fuzz-regress.t).
FUZZ_CC ?= clang
FUZZ_TIME ?= 60
FUZZ_SAN = address,undefined,float-cast-overflow,signed-integer-overflow,integer-divide-by-zero,shift
FUZZ_CFLAGS = -std=c11 -g -O1 -fno-omit-frame-pointer -pthread -Ilib -I. \
	-fsanitize=$(FUZZ_SAN) -fno-sanitize-recover=all -DIOLENS_FUZZ -MMD -MP \
	$(PQ_CFLAGS)
FUZZ_TARGETS = strace trace darshan iostat-text iostat-json diskstats \
	replay-script replay-bin fsstats triage-conf
FUZZ_LIB_OBJS = $(addprefix fuzz/obj/,$(LIB_OBJS))
fuzz/obj/lib/analysis/triage-conf.o: lib/analysis/triage-default.inc
FUZZ_BINS = $(addprefix fuzz/bin/,$(FUZZ_TARGETS))

fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

fuzz/bin/iostat-text: FUZZ_DEF = -DDEVFMT=IOL_DEVFMT_IOSTAT_TEXT
fuzz/bin/iostat-json: FUZZ_DEF = -DDEVFMT=IOL_DEVFMT_IOSTAT_JSON
fuzz/bin/diskstats: FUZZ_DEF = -DDEVFMT=IOL_DEVFMT_DISKSTATS

fuzz/bin/%: fuzz/%.c fuzz/fuzz.h $(FUZZ_LIB_OBJS)
	@mkdir -p fuzz/bin
	@echo "link $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_DEF) -fsanitize=fuzzer -o $@ $< \
		$(FUZZ_LIB_OBJS) $(LDLIBS)

fuzz/bin/iostat-text fuzz/bin/iostat-json fuzz/bin/diskstats: fuzz/devio.c fuzz/fuzz.h $(FUZZ_LIB_OBJS)
	@mkdir -p fuzz/bin
	@echo "link $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_DEF) -fsanitize=fuzzer -o $@ fuzz/devio.c \
		$(FUZZ_LIB_OBJS) $(LDLIBS)

fuzz-build: $(FUZZ_BINS)

# each target in turn, seeded by fuzz/seeds.sh, its corpus kept in
# fuzz/work/<target>/corpus between runs; FUZZ_TARGETS=strace for one
fuzz: fuzz-build all
	@for t in $(FUZZ_TARGETS); do \
		w=fuzz/work/$$t; mkdir -p $$w/corpus && \
		sh fuzz/seeds.sh $$t $$w/seed && \
		echo "fuzz: $$t for $(FUZZ_TIME) s" && \
		case $$t in darshan|replay-bin) ml=262144 ;; *) ml=16384 ;; esac && \
		ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=1 \
		nice -n 19 fuzz/bin/$$t -max_total_time=$(FUZZ_TIME) \
			-timeout=20 -rss_limit_mb=3072 -max_len=$$ml -fork=1 \
			-ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
			-artifact_prefix=$$w/ -print_final_stats=1 \
			$$w/corpus $$w/seed 2>&1 | tee $$w/log | \
			grep -E 'INITED|DONE|^stat::|ERROR|SUMMARY|crash|timeout-|oom-'; \
	done; ls fuzz/work/*/crash-* fuzz/work/*/timeout-* fuzz/work/*/oom-* 2>/dev/null || true

clean:
	rm -rf bin iolens.pc $(UNIT_BINS) t/unit-bins .build-flags .install-dirs
	rm -f lib/*/*.o lib/*/*.d render/*.o render/*.d cmd/*.o cmd/*.d t/unit/*.d \
		cli/*.o cli/*.d cli/*.a \
		lib/*.a lib/*.so render/*.a lib/analysis/triage-default.inc \
		render/help-text.inc \
		serve/*.o serve/*.d
	rm -rf fuzz/obj fuzz/bin .mpi-build

.PHONY: all deps demo check check-load mpi-build bench lint install clean FORCE fuzz fuzz-build man-columns

-include $(FUZZ_LIB_OBJS:.o=.d) $(LIB_OBJS:.o=.d) $(RENDER_OBJS:.o=.d) \
	$(GFX_OBJS:.o=.d) $(CMD_OBJS:.o=.d) $(CLI_OBJS:.o=.d) $(UNIT_BINS:=.d) \
	$(CODE_OBJS:.o=.d) $(SERVE_OBJS:.o=.d)
