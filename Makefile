# iolens: build, test and install.
#   make            build bin/iolens, lib/libiolens.a, lib/libiolens.so
#   make demo       install missing Debian packages, build, run on a sample log
#   make check      the same, then the TAP suite under prove
#   make check SANITIZE=1    ... built with ASan/UBSan
#   make check VALGRIND=1    ... run under valgrind
#   make bench      time and memory on ../shared/bench logs
#   make install prefix=/usr/local DESTDIR=

VERSION = 0.1.0
prefix ?= /usr/local
bindir = $(prefix)/bin
libdir = $(prefix)/lib
includedir = $(prefix)/include
mandir = $(prefix)/share/man
datadir = $(prefix)/share

CC ?= cc
OPT ?= -O2
CFLAGS ?= -g $(OPT)
WARN = -std=c11 -Wall -Wextra -Werror -Wno-format-truncation
ALL_CFLAGS = $(WARN) $(CFLAGS) -fPIC -Ilib -Icmd -DIOLENS_VERSION='"$(VERSION)"'
LDLIBS = -lz -lbz2 -llzma -lm
# the report is drawn with Cairo and Pango; only the binary links them
REPORT_CFLAGS = $(shell pkg-config --cflags pangocairo cairo-pdf cairo-svg fontconfig xlsxwriter 2>/dev/null)
REPORT_LIBS = $(shell pkg-config --libs pangocairo cairo-pdf cairo-svg fontconfig xlsxwriter 2>/dev/null)
ifeq ($(SANITIZE),1)
ALL_CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=address,undefined
endif

LIB_SRCS = lib/error.c lib/darshan.c lib/modnames.c lib/accum.c lib/job.c \
	lib/lines.c lib/trace-strace.c lib/darshan-write.c \
	lib/metrics.c
CMD_SRCS = cmd/iolens.c cmd/commands.c cmd/util.c cmd/obuf.c cmd/parse.c \
	cmd/parse-desc.c cmd/output.c cmd/common.c cmd/summary.c \
	cmd/files.c cmd/hist.c cmd/meta.c cmd/timeline.c cmd/convert.c \
	cmd/report.c cmd/export.c
REPORT_SRCS = lib/report/chart.c lib/report/report.c lib/report/xlsx.c
REPORT_OBJS = $(REPORT_SRCS:.c=.o)
LIB_OBJS = $(LIB_SRCS:.c=.o)
CMD_OBJS = $(CMD_SRCS:.c=.o)
HEADERS = $(wildcard lib/*.h cmd/*.h lib/report/*.h)
PUBLIC_HEADERS = lib/iolens.h lib/error.h lib/modules.h lib/darshan.h lib/accum.h \
	lib/job.h lib/metrics.h lib/trace.h lib/lines.h lib/darshan-write.h

UNIT_SRCS = $(wildcard t/unit/*.c)
UNIT_BINS = $(UNIT_SRCS:.c=)

all: bin/iolens lib/libiolens.so t/unit-bins

bin/iolens: $(CMD_OBJS) $(REPORT_OBJS) lib/libiolens.a
	@mkdir -p bin
	$(CC) $(LDFLAGS) -o $@ $(CMD_OBJS) $(REPORT_OBJS) lib/libiolens.a $(LDLIBS) $(REPORT_LIBS)

lib/report/%.o cmd/report.o cmd/export.o: ALL_CFLAGS += $(REPORT_CFLAGS) -DIOLENS_DATADIR='"$(datadir)/iolens"' 

lib/libiolens.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $(LIB_OBJS)

lib/libiolens.so: $(LIB_OBJS)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libiolens.so.0 -o $@ $(LIB_OBJS) $(LDLIBS)

# objects follow the flags: SANITIZE=1 after a plain build rebuilds all
.build-flags: FORCE
	@echo '$(CC) $(ALL_CFLAGS) $(LDFLAGS)' | cmp -s - $@ || \
		echo '$(CC) $(ALL_CFLAGS) $(LDFLAGS)' > $@

%.o: %.c $(HEADERS) .build-flags
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

t/unit/%: t/unit/%.c lib/libiolens.a cmd/obuf.o
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< cmd/obuf.o lib/libiolens.a $(LDLIBS)

t/unit-bins: $(UNIT_BINS)
	@touch $@

iolens.pc: Makefile
	printf 'prefix=%s\nlibdir=%s\nincludedir=%s\n\nName: iolens\nDescription: HPC I/O log decoders and metrics\nVersion: %s\nLibs: -L$${libdir} -liolens\nLibs.private: -lz -lbz2 -llzma -lm\nCflags: -I$${includedir}/iolens\n' \
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

check: deps all lint
	LC_ALL=C TZ=UTC IOLENS=$(CURDIR)/bin/iolens VALGRIND=$(VALGRIND) SANITIZE=$(SANITIZE) \
		prove -j2 t/

bench: all
	@sh bench/run.sh

# the format of .clang-format (Linux style), when clang-format is at hand
lint:
	@if command -v clang-format >/dev/null; then \
		clang-format --dry-run -Werror $(LIB_SRCS) $(CMD_SRCS) $(REPORT_SRCS) lib/*.h lib/report/*.h cmd/*.h t/unit/*.c; \
	else echo "lint: clang-format not installed, format not checked"; fi

install: all iolens.pc
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(libdir)/pkgconfig \
		$(DESTDIR)$(includedir)/iolens $(DESTDIR)$(mandir)/man1
	install -m 755 bin/iolens $(DESTDIR)$(bindir)/iolens
	install -m 644 lib/libiolens.a $(DESTDIR)$(libdir)/libiolens.a
	install -m 755 lib/libiolens.so $(DESTDIR)$(libdir)/libiolens.so.0
	ln -sf libiolens.so.0 $(DESTDIR)$(libdir)/libiolens.so
	install -m 644 $(PUBLIC_HEADERS) $(DESTDIR)$(includedir)/iolens/
	install -m 644 iolens.pc $(DESTDIR)$(libdir)/pkgconfig/iolens.pc
	install -m 644 man/*.1 $(DESTDIR)$(mandir)/man1/
	install -d $(DESTDIR)$(datadir)/iolens
	install -m 644 report-templates/*.tmpl $(DESTDIR)$(datadir)/iolens/

clean:
	rm -rf bin lib/*.o lib/report/*.o cmd/*.o lib/*.a lib/*.so iolens.pc $(UNIT_BINS) t/unit-bins .build-flags

.PHONY: all deps demo check bench lint install clean FORCE
