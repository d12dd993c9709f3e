/*
 * Unit tests of libiolens' Darshan decoder, its growing arrays and of the
 * output buffer's formatters, as a TAP stream.  Run by t/0001-unit.t with
 * the sample-logs directory as argument.
 */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/accum.h"
#include "render/darshan-write.h"
#include "sources/darshan.h"
#include "base/grow.h"
#include "render/obuf.h"

#include "t/unit/tap.h"

static uint64_t rng = 88172645463325252ULL;

static uint64_t xorshift(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* fmt_fixed must equal printf's %.Nf for every double */
static void test_fixed(void)
{
	static const double fixed[] = {
		0.0,	   -0.0,      0.5,	 1.5,	    2.5,
		0.0000005, 0.0000015, 1e-7,	 -1e-7,	    123456.7890125,
		1e15,	   1e19,      1e300,	 -1e300,    5e-324,
		0.125,	   0.1 + 0.2, 9.9999995, 1.0000005, 4294967296.5,
		0.00005,   0.00015,   0.00025,	 2.00005,   1234.56785,
	};
	char a[400], b[400];
	int bad = 0, i, p;

	for (i = 0; i < (int)(sizeof(fixed) / sizeof(fixed[0])); i++)
		for (p = 0; p <= 9; p++) {
			size_t n = fmt_fixed(a, sizeof(a), fixed[i], p);

			a[n] = '\0';
			snprintf(b, sizeof(b), "%.*f", p, fixed[i]);
			if (strcmp(a, b)) {
				if (bad++ < 5)
					printf("# %.17g p=%d: got %s want %s\n",
					       fixed[i], p, a, b);
			}
		}
	ok(!bad,
	   "fmt_fixed equals printf on edge cases (ties, tiny, huge, -0)");
	bad = 0;
	for (i = 0; i < 300000; i++) {
		uint64_t bits = xorshift();
		double v;
		size_t n;

		/* mostly values of the size of times and counters */
		if (i % 3 == 0)
			v = (double)(xorshift() % 100000000) / 1e6;
		else if (i % 3 == 1)
			v = ldexp((double)(bits >> 11),
				  -(int)(xorshift() % 80));
		else
			memcpy(&v, &bits, sizeof(v));
		if (isnan(v))
			continue;
		p = (int)(xorshift() % 10);
		n = fmt_fixed(a, sizeof(a), v, p);
		a[n] = '\0';
		snprintf(b, sizeof(b), "%.*f", p, v);
		if (strcmp(a, b) && bad++ < 5)
			printf("# %.17g p=%d: got %s want %s\n", v, p, a, b);
	}
	ok(!bad, "fmt_fixed equals printf on 300000 random doubles");
}

static void test_printf(void)
{
	static char longs[5000], want[6000], got[6000];
	struct obuf ob;
	FILE *f = tmpfile();
	size_t n;

	memset(longs, 'x', sizeof(longs) - 1);
	snprintf(want, sizeof(want), "a 7 %s|42\n", longs);
	if (!f || obuf_init(&ob, fileno(f), 64) < 0) {
		ok(0, "obuf_printf: a temporary file");
		return;
	}
	obuf_printf(&ob, "a %d ", 7);
	obuf_printf(&ob, "%s|%d\n", longs, 42);
	obuf_release(&ob);
	rewind(f);
	n = fread(got, 1, sizeof(got) - 1, f);
	got[n] = '\0';
	fclose(f);
	ok(strcmp(got, want) == 0,
	   "obuf_printf: short and 5000-byte results as printf writes them");
}

static void test_grow(void)
{
	int *a = NULL, *b;
	size_t cap = 0, n;
	int good = 1;

	for (n = 0; n < 1000; n++) {
		b = iol_grow(a, &cap, n, sizeof(*a), 16);
		if (!b) {
			good = 0;
			break;
		}
		a = b;
		a[n] = (int)n;
		good &= cap > n && (n >= 16 || cap == 16);
	}
	for (n = 0; good && n < 1000; n++)
		good = a[n] == (int)n;
	ok(good && cap == 1024, "iol_grow: 16, then doubling, contents kept");
	ok(iol_grow(a, &cap, 10, sizeof(*a), 16) == a && cap == 1024,
	   "iol_grow: no change while there is room");
	cap = SIZE_MAX / 8 + 1;
	ok(iol_grow(a, &cap, cap, 8, 16) == NULL && cap == SIZE_MAX / 8 + 1,
	   "iol_grow: NULL and the array untouched when size_t would wrap");
	free(a);
}

static void test_errors(void)
{
	struct iol_dlog *d;
	struct iol_error err = {0};
	char junk[2000];

	ok(iol_dlog_open_mem(&d, "", 0, &err) == IOL_EEMPTY && !d,
	   "empty input: IOL_EEMPTY");
	memset(junk, 'x', sizeof(junk));
	ok(iol_dlog_open_mem(&d, junk, sizeof(junk), &err) == IOL_ENOTLOG,
	   "text input: IOL_ENOTLOG");
	ok(strstr(err.msg, "magic") != NULL,
	   "and the detail names the magic number");
	ok(iol_dlog_open(&d, "/nonexistent/x.darshan", &err) == IOL_EIO &&
		   err.sys != 0,
	   "missing file: IOL_EIO with errno");
	ok(strcmp(iol_strerror(IOL_ETRUNC), "truncated log") == 0,
	   "iol_strerror names codes");
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* the IOR N-1 run: 4 ranks, 256 MiB written and read through POSIX */
static void test_ior(const char *dir)
{
	char path[1024];
	struct iol_dlog *d;
	struct iol_error err = {0};
	struct iol_modrd rd;
	const struct iol_rec *r;
	struct iol_accum acc;
	struct iol_perf perf;
	int64_t bytes_r = 0, bytes_w = 0, nrec = 0, segs = 0;
	int ret, is_flt = -1, ir, iw, is_read;
	size_t len;
	char *buf;

	snprintf(path, sizeof(path),
		 "%s/ior/ior_posix_n1_t4m/"
		 "root_ior_id12611-12611_11-21-79789-814826986434855799_1."
		 "darshan",
		 dir);
	ret = iol_dlog_open(&d, path, &err);
	ok(ret == 0, "open the IOR N-1 sample log");
	if (ret)
		return;
	ok(d->nprocs == 4 && d->jobid == 12611, "nprocs 4, jobid 12611");
	ok(!strcmp(d->version, "3.41") && d->comp == IOL_COMP_ZLIB &&
		   !d->swapped,
	   "format 3.41, zlib, native byte order");
	ok(d->mod_ver[IOL_MOD_POSIX] == 4 && d->mod_ver[IOL_MOD_DXT_POSIX] == 2,
	   "module versions POSIX 4, DXT_POSIX 2");
	ir = iol_counter_index(IOL_MOD_POSIX, "POSIX_BYTES_READ", &is_flt);
	ok(ir == 14 && is_flt == 0, "POSIX_BYTES_READ is integer counter 14");
	iw = iol_counter_index(IOL_MOD_POSIX, "POSIX_BYTES_WRITTEN", &is_flt);
	ok(iol_counter_index(IOL_MOD_POSIX, "POSIX_F_META_TIME", &is_flt) ==
			   10 &&
		   is_flt == 1,
	   "POSIX_F_META_TIME is floating counter 10");
	ok(iol_modrd_open(&rd, d, IOL_MOD_POSIX, &err) == 0,
	   "open POSIX records");
	iol_accum_init(&acc, IOL_MOD_POSIX, d->nprocs);
	while ((ret = iol_modrd_next(&rd, &r, &err)) == 1) {
		nrec++;
		bytes_r += r->ic[ir];
		bytes_w += r->ic[iw];
		iol_accum_add(&acc, r);
	}
	iol_modrd_close(&rd);
	ok(ret == 0, "POSIX records end cleanly");
	ok(bytes_r == 268435456 && bytes_w == 268435456,
	   "POSIX moved 256 MiB each way, as IOR says");
	iol_accum_perf(&acc, &perf);
	ok(perf.total_bytes == 536870912, "accumulator total_bytes");
	iol_accum_release(&acc);

	/* DXT: each rank writes and reads its 64 MiB block in 16 ops of 4 MiB
	 */
	ok(iol_modrd_open(&rd, d, IOL_MOD_DXT_POSIX, &err) == 0,
	   "open DXT_POSIX");
	nrec = 0;
	while ((ret = iol_modrd_next(&rd, &r, &err)) == 1) {
		struct iol_seg s[16];
		long n;
		int64_t first = 0, second = 0;

		nrec++;
		iol_modrd_mark(&rd, &err);
		while ((n = iol_modrd_segs(&rd, s, 16, &is_read, &err)) > 0)
			first += n;
		iol_modrd_rewind(&rd, &err);
		while ((n = iol_modrd_segs(&rd, s, 16, &is_read, &err)) > 0) {
			second += n;
			if (s[0].len != 4194304)
				second = -1000000;
		}
		segs += first;
		ok(first == r->wcount + r->rcount && first == second,
		   "DXT record: mark/rewind replays the same segments");
	}
	iol_modrd_close(&rd);
	ok(nrec == 4 && segs == 4 * 32,
	   "4 DXT records of 16 writes + 16 reads");
	iol_dlog_close(d);

	/* the same bytes through open_mem, and every prefix fails cleanly */
	buf = slurp(path, &len);
	ok(buf && iol_dlog_open_mem(&d, buf, len, &err) == 0, "open_mem");
	if (d)
		iol_dlog_close(d);
	if (buf) {
		size_t cut;
		int bad = 0;

		for (cut = 0; cut < 1400 && cut < len; cut += 7) {
			ret = iol_dlog_open_mem(&d, buf, cut, &err);
			if (ret == 0) {
				iol_dlog_close(d);
				bad++;
			}
		}
		ok(!bad, "every header prefix is rejected");
		free(buf);
	}
}

/* Darshan's record ids (FORMAT.md section 5 gives these three) */
static void test_record_ids(void)
{
	ok(iol_darshan_record_id("heatmap:POSIX") == 16592106915301738621ULL &&
		   iol_darshan_record_id("heatmap:MPIIO") ==
			   3668870418325792824ULL &&
		   iol_darshan_record_id(
			   "/home/wkliao/Darshan/TEST/mpi-io-test.tmp.dat") ==
			   9347516096890457488ULL,
	   "record ids are Darshan's lookup8 hash of the name");
}

int main(int argc, char **argv)
{
	test_record_ids();
	test_fixed();
	test_printf();
	test_grow();
	test_errors();
	if (argc > 1)
		test_ior(argv[1]);
	return tap_done();
}
