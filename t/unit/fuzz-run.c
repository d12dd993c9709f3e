/*
 * The fuzz harnesses of fuzz/ without libFuzzer: `fuzz-run TARGET FILE...`
 * feeds each file to TARGET's LLVMFuzzerTestOneInput, built like every
 * unit test (gcc by default; ASan and UBSan under make check SANITIZE=1),
 * so the crashers kept in t/fuzz-regress/ run in make check
 * (t/8202-fuzz-regress.t) through the same calls the fuzzer made.
 */
#define LLVMFuzzerTestOneInput fz_strace
#include "fuzz/strace.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_trace
#include "fuzz/trace.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_darshan
#include "fuzz/darshan.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_devio
#include "fuzz/devio.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_replay_script
#include "fuzz/replay-script.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_replay_bin
#include "fuzz/replay-bin.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_fsstats
#include "fuzz/fsstats.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_triage_conf
#include "fuzz/triage-conf.c"
#undef LLVMFuzzerTestOneInput

#include <errno.h>
#include <string.h>

#include "base/banned.h"

int fz_devfmt;

static const struct target {
	const char *name;
	int (*fn)(const uint8_t *data, size_t size);
	int devfmt;
} targets[] = {
	{"darshan", fz_darshan, 0},
	{"diskstats", fz_devio, IOL_DEVFMT_DISKSTATS},
	{"fsstats", fz_fsstats, 0},
	{"iostat-json", fz_devio, IOL_DEVFMT_IOSTAT_JSON},
	{"iostat-text", fz_devio, IOL_DEVFMT_IOSTAT_TEXT},
	{"replay-bin", fz_replay_bin, 0},
	{"replay-script", fz_replay_script, 0},
	{"strace", fz_strace, 0},
	{"trace", fz_trace, 0},
	{"triage-conf", fz_triage_conf, 0},
};

/* the whole file in *buf (free it); -1 with errno */
static long slurp(const char *path, uint8_t **buf)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0, cap = 0;
	uint8_t *b = NULL;

	if (!f)
		return -1;
	for (;;) {
		if (n == cap) {
			uint8_t *nb = realloc(b, cap = cap ? 2 * cap : 4096);

			if (!nb) {
				free(b);
				fclose(f);
				return -1;
			}
			b = nb;
		}
		size_t got = fread(b + n, 1, cap - n, f);

		n += got;
		if (got == 0)
			break;
	}
	fclose(f);
	*buf = b;
	return (long)n;
}

int main(int argc, char **argv)
{
	size_t t;
	int i;

	if (argc < 2) {
		fputs("usage: fuzz-run target file...\n", stderr);
		return 2;
	}
	for (t = 0; t < sizeof(targets) / sizeof(targets[0]); t++)
		if (!strcmp(argv[1], targets[t].name))
			break;
	if (t == sizeof(targets) / sizeof(targets[0])) {
		fprintf(stderr, "fuzz-run: no target '%s'\n", argv[1]);
		return 2;
	}
	fz_devfmt = targets[t].devfmt;
	for (i = 2; i < argc; i++) {
		uint8_t *buf;
		long n = slurp(argv[i], &buf);

		if (n < 0) {
			fprintf(stderr, "fuzz-run: '%s': %s\n", argv[i],
				strerror(errno));
			return 1;
		}
		/* exactly n bytes, as libFuzzer gives them: a read past the
		 * end is caught by ASan */
		uint8_t *exact = malloc(n ? (size_t)n : 1);

		if (!exact) {
			free(buf);
			return 1;
		}
		memcpy(exact, buf, (size_t)n);
		free(buf);
		targets[t].fn(exact, (size_t)n);
		free(exact);
	}
	return 0;
}
