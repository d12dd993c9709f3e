/*
 * iolens fsstats: what the study's fsstats reported about a file system
 * (Carns et al. section 2.2, Fig. 9, Table V): counts, the size
 * distribution by count and by bytes, files per directory, ages by mtime
 * and atime, name lengths and hard links, from a parallel walk that reads
 * no file contents.  --save keeps a snapshot, --compare sets two side by
 * side.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "storage/devio.h"
#include "storage/fswalk.h"
#include "render/output.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens fsstats [--cross-mounts] [--format fmt] [--hist name] "
	"[--now date]\n"
	"                      [--output file] [--save file] [--threads n] "
	"dir ...\n"
	"       iolens fsstats --compare [--format fmt] [--output file] old "
	"new\n";

static void help(void)
{
	fputs(usage_str, stdout);
	fputs("\nWalk directory trees (no file contents read, no symlink "
	      "followed) and\nreport file and directory counts, sizes, ages, "
	      "files per directory,\nname lengths and hard links, as "
	      "fsstats did.\n\n"
	      "  --compare          compare two snapshots made with --save\n"
	      "  --cross-mounts     descend into other file systems too\n"
	      "  --format fmt       text (default), csv, tsv or json\n"
	      "  --hist name        one histogram: size, dirfiles, mtime, "
	      "atime, names\n"
	      "  --now date         reference date of the ages (YYYY-MM-DD,\n"
	      "                     YYYY-MM-DDTHH:MM:SSZ or epoch seconds);\n"
	      "                     default the time of the walk\n"
	      "  -o, --output file  write to file (replaced atomically)\n"
	      "  --save file        keep a snapshot of the numbers in file\n"
	      "  --threads n        directory readers (default 2)\n"
	      "  -h, --help         show this help\n"
	      "  --version          show the version\n",
	      stdout);
}

enum {
	O_COMPARE = OPT_LAST_COMMON + 1,
	O_CROSS,
	O_HIST,
	O_NOW,
	O_SAVE,
	O_THREADS
};
enum { H_NONE, H_SIZE, H_DIRFILES, H_MTIME, H_ATIME, H_NAMES };

static struct {
	int compare, cross, hist, threads, have_now;
	int64_t now;
	const char *save;
} fo;

static int parse_now(const char *s, int64_t *v)
{
	char buf[64], *end;
	double t;
	size_t used;
	long long e = strtoll(s, &end, 10);

	if (end != s && !*end) {
		*v = e;
		return 0;
	}
	snprintf(buf, sizeof(buf), "%s%s", s,
		 strlen(s) == 10 ? "T00:00:00Z" : "");
	if (iol_parse_stamp(buf, &t, &used) < 0 || buf[used])
		return -1;
	*v = (int64_t)t;
	return 0;
}

static int extra_opt(void *ctx, int opt, const char *arg)
{
	(void)ctx; /* options live in this file's statics */
	static const char *const hn[] = {"",	  "size",  "dirfiles",
					 "mtime", "atime", "names"};
	int k;
	int64_t n;

	switch (opt) {
	case O_COMPARE: fo.compare = 1; return 1;
	case O_CROSS: fo.cross = 1; return 1;
	case O_SAVE: fo.save = arg; return 1;
	case O_HIST:
		for (k = 1; k <= H_NAMES; k++)
			if (!strcmp(arg, hn[k])) {
				fo.hist = k;
				return 1;
			}
		usage_error("--hist wants size, dirfiles, mtime, atime or "
			    "names, not '%s'",
			    arg);
		return -1;
	case O_NOW:
		if (parse_now(arg, &fo.now) < 0) {
			usage_error(
				"--now wants YYYY-MM-DD[THH:MM:SSZ] or epoch "
				"seconds, not '%s'",
				arg);
			return -1;
		}
		fo.have_now = 1;
		return 1;
	case O_THREADS:
		if (parse_count(arg, &n) < 0 || n > 256) {
			usage_error("--threads wants 1 to 256, not '%s'", arg);
			return -1;
		}
		fo.threads = (int)n;
		return 1;
	}
	return 0;
}

/* A name for output: valid UTF-8 as it is, other bytes (and with ctl,
 * control characters, for text) as \xNN. */
static const char *clean_name(char *out, size_t n, const char *s, int ctl)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t k = 0;

	while (*p && k + 5 < n) {
		int len = *p < 0x80		? 1
			  : (*p & 0xe0) == 0xc0 ? 2
			  : (*p & 0xf0) == 0xe0 ? 3
			  : (*p & 0xf8) == 0xf0 ? 4
						: 0;
		int i, good = len > 0 && !(len == 2 && *p < 0xc2);

		for (i = 1; good && i < len; i++)
			good = (p[i] & 0xc0) == 0x80;
		if (!good || (ctl && *p < 0x20)) {
			snprintf(out + k, n - k, "\\x%02x", *p++);
			k += 4;
			continue;
		}
		if (k + (size_t)len >= n)
			break;
		memcpy(out + k, p, (size_t)len);
		k += (size_t)len;
		p += len;
	}
	out[k] = '\0';
	return out;
}

static const char *const scols[] = {
	"root",		 "files",	   "dirs",	    "bytes",
	"alloc_bytes",	 "symlinks",	   "others",	    "linked_files",
	"linked_inodes", "mean_size",	   "median_size",   "max_size",
	"largest_file",	 "mean_dir_files", "max_dir_files", "max_depth",
	"mean_name_len", "max_name_len",   "denied",	    "vanished",
	"errors",	 "other_fs",	   "now",
};

/* the median by count, at the bin's lower edge (bins are powers of 2) */
static uint64_t median_size(const struct iol_fsstats *st)
{
	uint64_t seen = 0, lo, hi, n = 0;
	int k;

	/* over the histogram's files: each inode once */
	for (k = 0; k < IOL_FS_SIZE_BINS; k++)
		n += st->size_count[k];
	for (k = 0; k < IOL_FS_SIZE_BINS; k++) {
		seen += st->size_count[k];
		if (seen * 2 >= n && n) {
			iol_fs_size_range(k, &lo, &hi);
			return lo;
		}
	}
	return 0;
}

static void name_stats(const struct iol_fsstats *st, double *mean, int *max)
{
	uint64_t n = 0, sum = 0;
	int k;

	*max = 0;
	for (k = 0; k <= IOL_FS_NAME_MAX; k++) {
		n += st->name_len[k];
		sum += st->name_len[k] * (uint64_t)k;
		if (st->name_len[k])
			*max = k;
	}
	*mean = n ? (double)sum / (double)n : 0;
}

static void summary_row(struct out *o, const char *root,
			const struct iol_fsstats *st)
{
	char nb[8192];
	double mean_name;
	int max_name;

	name_stats(st, &mean_name, &max_name);
	out_str(o, clean_name(nb, sizeof(nb), root, 0));
	out_int(o, (int64_t)st->files);
	out_int(o, (int64_t)st->dirs);
	out_int(o, (int64_t)st->bytes);
	out_int(o, (int64_t)st->alloc_bytes);
	out_int(o, (int64_t)st->symlinks);
	out_int(o, (int64_t)st->others);
	out_int(o, (int64_t)st->linked_files);
	out_int(o, (int64_t)st->linked_inodes);
	out_num(o, st->files ? (double)st->entry_bytes / (double)st->files : 0,
		1);
	out_int(o, (int64_t)median_size(st));
	out_int(o, (int64_t)st->max_size);
	out_str(o, clean_name(nb, sizeof(nb), st->largest, 0));
	out_num(o, st->dirs ? (double)st->files / (double)st->dirs : 0, 2);
	out_int(o, (int64_t)st->max_dir_files);
	out_int(o, st->max_depth);
	out_num(o, mean_name, 2);
	out_int(o, max_name);
	out_int(o, (int64_t)st->denied);
	out_int(o, (int64_t)st->vanished);
	out_int(o, (int64_t)st->errors);
	out_int(o, (int64_t)st->other_fs);
	out_int(o, st->now);
	out_endrow(o);
}

static const char *const hcols[] = {
	"hist",	     "bin",	      "lo",    "hi",	    "count",
	"count_pct", "cum_count_pct", "bytes", "bytes_pct", "cum_bytes_pct",
};

struct hview {
	const char *name;
	const uint64_t *count, *bytes;
	int n;
};

static struct hview hist_of(const struct iol_fsstats *st, int h)
{
	struct hview v = {NULL, NULL, NULL, 0};

	switch (h) {
	case H_SIZE:
		v = (struct hview){"size", st->size_count, st->size_bytes,
				   IOL_FS_SIZE_BINS};
		break;
	case H_DIRFILES:
		v = (struct hview){"dirfiles", st->dir_files, NULL,
				   IOL_FS_DIR_BINS};
		break;
	case H_MTIME:
		v = (struct hview){"mtime", st->mage_count, st->mage_bytes,
				   IOL_FS_AGE_BINS};
		break;
	case H_ATIME:
		v = (struct hview){"atime", st->aage_count, st->aage_bytes,
				   IOL_FS_AGE_BINS};
		break;
	case H_NAMES:
		v = (struct hview){"names", st->name_len, NULL,
				   IOL_FS_NAME_MAX + 1};
		break;
	}
	return v;
}

static void bin_range(int h, int k, double *lo, double *hi)
{
	uint64_t a, b;

	if (h == H_MTIME || h == H_ATIME) {
		iol_fs_age_range(k, lo, hi);
		return;
	}
	if (h == H_NAMES) {
		*lo = k;
		*hi = k + 1;
		return;
	}
	iol_fs_size_range(k, &a, &b);
	*lo = (double)a;
	*hi = b ? (double)b : NAN;
}

static void hist_rows(struct out *o, const struct iol_fsstats *st, int h)
{
	struct hview v = hist_of(st, h);
	uint64_t tc = 0, tb = 0, cc = 0, cb = 0;
	double lo, hi;
	int k;

	for (k = 0; k < v.n; k++) {
		tc += v.count[k];
		tb += v.bytes ? v.bytes[k] : 0;
	}
	for (k = 0; k < v.n; k++) {
		if (!v.count[k])
			continue;
		cc += v.count[k];
		cb += v.bytes ? v.bytes[k] : 0;
		bin_range(h, k, &lo, &hi);
		out_str(o, v.name);
		out_int(o, k);
		if (h == H_SIZE) {
			out_bytes(o, (int64_t)lo);
			if (isnan(hi))
				out_null(o);
			else
				out_bytes(o, (int64_t)hi);
		} else {
			out_num(o, lo, 0);
			out_num(o, hi, 0);
		}
		out_int(o, (int64_t)v.count[k]);
		out_num(o, tc ? 100.0 * (double)v.count[k] / (double)tc : 0, 2);
		out_num(o, tc ? 100.0 * (double)cc / (double)tc : 0, 2);
		if (v.bytes) {
			out_int(o, (int64_t)v.bytes[k]);
			out_num(o,
				tb ? 100.0 * (double)v.bytes[k] / (double)tb
				   : 0,
				2);
			out_num(o, tb ? 100.0 * (double)cb / (double)tb : 0, 2);
		} else {
			out_null(o);
			out_null(o);
			out_null(o);
		}
		out_endrow(o);
	}
}

static void text_summary(struct out *o, const struct iol_fsstats *st,
			 int nthreads)
{
	char a[32], b[32], nb[8192], when[40];
	double mean_name;
	int max_name;

	name_stats(st, &mean_name, &max_name);
	out_text(o, "ages relative to %s, walked with %d thread%s\n\n",
		 fmt_time(when, sizeof(when), st->now), nthreads,
		 nthreads == 1 ? "" : "s");
	out_text(o, "Summary (the study's Table V)\n");
	out_text(o, "  files                %llu\n",
		 (unsigned long long)st->files);
	out_text(o, "  directories          %llu\n",
		 (unsigned long long)st->dirs);
	out_text(o, "  total size           %s (%llu bytes; allocated %s)\n",
		 fmt_bytes(a, sizeof(a), (double)st->bytes, BYTES_TEXT),
		 (unsigned long long)st->bytes,
		 fmt_bytes(b, sizeof(b), (double)st->alloc_bytes, BYTES_TEXT));
	out_text(o, "  mean file size       %s, median bin from %s\n",
		 fmt_bytes(a, sizeof(a),
			   st->files
				   ? (double)st->entry_bytes / (double)st->files
				   : 0,
			   BYTES_TEXT),
		 fmt_bytes(b, sizeof(b), (double)median_size(st), BYTES_TEXT));
	out_text(o, "  largest file         %s %s\n",
		 fmt_bytes(a, sizeof(a), (double)st->max_size, BYTES_TEXT),
		 clean_name(nb, sizeof(nb), st->largest, 1));
	out_text(o, "  files per directory  mean %.2f, max %llu\n",
		 st->dirs ? (double)st->files / (double)st->dirs : 0,
		 (unsigned long long)st->max_dir_files);
	out_text(o, "  deepest directory    %u levels below a root\n",
		 st->max_depth);
	out_text(o, "  name length          mean %.2f, max %d bytes\n",
		 mean_name, max_name);
	out_text(o,
		 "  symlinks, others     %llu, %llu (symlinks not followed)\n",
		 (unsigned long long)st->symlinks,
		 (unsigned long long)st->others);
	out_text(o,
		 "  hard links           %llu file entries of %llu inodes "
		 "(bytes counted once)\n",
		 (unsigned long long)st->linked_files,
		 (unsigned long long)st->linked_inodes);
	out_text(o,
		 "  not examined         %llu denied, %llu vanished, %llu "
		 "other errors, %llu other file systems\n",
		 (unsigned long long)st->denied,
		 (unsigned long long)st->vanished,
		 (unsigned long long)st->errors,
		 (unsigned long long)st->other_fs);
}

static void text_all(struct out *o, const struct iol_fsstats *st, int nth)
{
	static const char *const titles[] = {
		"",
		"File sizes: count and bytes with their CDFs (lo <= size < hi)",
		"Directories by files in them (lo <= files < hi)",
		"Age by modification time, days (bin -1..0: in the future)",
		"Age by access time, days",
		"Name lengths of all entries, bytes",
	};
	int h;

	text_summary(o, st, nth);
	for (h = H_SIZE; h <= H_NAMES; h++) {
		out_text(o, "\n%s\n", titles[h]);
		out_table(o, hcols, 10);
		hist_rows(o, st, h);
		out_endtable(o);
	}
}

/* ---- progress (a terminal only, as ingest draws it) ---- */

struct bar {
	double t0, last;
};

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A walk has no known end: counts and rates, at most 5 times a second
 * (the first call draws at once, so a short walk shows its line too). */
static void progress(uint64_t dirs, uint64_t files, size_t queued, void *arg)
{
	struct bar *b = arg;
	double t = mono(), el;

	if (b->last > 0 && t - b->last < 0.2)
		return;
	b->last = t;
	el = t - b->t0;
	fprintf(stderr,
		"\rwalking: %llu directories, %llu files, %zu directories "
		"waiting  %.0f files/s\033[K",
		(unsigned long long)dirs, (unsigned long long)files, queued,
		el > 0 ? (double)files / el : 0);
}

static int walk(int argc, char **argv, int i, struct iol_fsstats *st)
{
	struct iol_error err = {0};
	struct iol_fsopts wo;
	struct bar bar = {mono(), 0};
	int r;

	memset(&wo, 0, sizeof(wo));
	wo.threads = fo.threads ? fo.threads : 2;
	wo.now = fo.have_now ? fo.now : (int64_t)time(NULL);
	wo.cross_mounts = fo.cross;
	if (isatty(2)) {
		wo.progress = progress;
		wo.progress_arg = &bar;
	}
	r = iol_fs_walk((const char *const *)argv + i, argc - i, &wo, st, &err);
	if (wo.progress)
		fputs("\r\033[K", stderr);
	if (r < 0) {
		msg("%s", err.msg[0] ? err.msg : iol_strerror(err.code));
		return -1;
	}
	if (st->denied || st->vanished || st->errors)
		msg("warning: %llu entries denied, %llu vanished during the "
		    "walk, %llu other errors",
		    (unsigned long long)st->denied,
		    (unsigned long long)st->vanished,
		    (unsigned long long)st->errors);
	return 0;
}

static int save(const struct iol_fsstats *st)
{
	char tmp[4096];
	FILE *f;
	int fd, r;

	fd = out_tmp(fo.save, tmp, sizeof(tmp));
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		msg("cannot write '%s': %s", fo.save, strerror(errno));
		if (fd >= 0) {
			close(fd);
			out_discard(tmp, fo.save);
		}
		return -1;
	}
	r = iol_fs_save(f, st);
	if (fclose(f) != 0 || r < 0 || out_commit(tmp, fo.save) < 0) {
		msg("cannot write '%s': %s", fo.save, strerror(errno));
		out_discard(tmp, fo.save);
		return -1;
	}
	return 0;
}

static int load_snap(const char *path, struct iol_fsstats *st)
{
	struct iol_error err = {0};
	FILE *f = fopen(path, "r");
	int r;

	if (!f) {
		msg("cannot open '%s': %s", path, strerror(errno));
		return -1;
	}
	r = iol_fs_load(f, st, &err);
	fclose(f);
	if (r < 0) {
		msg("cannot read '%s': %s", path, err.msg);
		return -1;
	}
	return 0;
}

static const char *const ccols[] = {"metric", "old", "new", "change",
				    "change_pct"};

static void cmp_row(struct out *o, const char *m, uint64_t a, uint64_t b)
{
	out_str(o, m);
	out_int(o, (int64_t)a);
	out_int(o, (int64_t)b);
	out_int(o, (int64_t)(b - a));
	out_num(o, a ? 100.0 * ((double)b - (double)a) / (double)a : NAN, 2);
	out_endrow(o);
}

static void compare(struct out *o, const struct iol_fsstats *a,
		    const struct iol_fsstats *b)
{
	char m[48];
	uint64_t lo, hi;
	int k;

	out_table(o, ccols, 5);
	cmp_row(o, "now", (uint64_t)a->now, (uint64_t)b->now);
	cmp_row(o, "files", a->files, b->files);
	cmp_row(o, "dirs", a->dirs, b->dirs);
	cmp_row(o, "bytes", a->bytes, b->bytes);
	cmp_row(o, "alloc_bytes", a->alloc_bytes, b->alloc_bytes);
	cmp_row(o, "symlinks", a->symlinks, b->symlinks);
	cmp_row(o, "linked_files", a->linked_files, b->linked_files);
	cmp_row(o, "max_size", a->max_size, b->max_size);
	cmp_row(o, "max_dir_files", a->max_dir_files, b->max_dir_files);
	for (k = 0; k < IOL_FS_SIZE_BINS; k++) {
		if (!a->size_count[k] && !b->size_count[k])
			continue;
		iol_fs_size_range(k, &lo, &hi);
		snprintf(m, sizeof(m), "files_size_from_%llu",
			 (unsigned long long)lo);
		cmp_row(o, m, a->size_count[k], b->size_count[k]);
		snprintf(m, sizeof(m), "bytes_size_from_%llu",
			 (unsigned long long)lo);
		cmp_row(o, m, a->size_bytes[k], b->size_bytes[k]);
	}
	out_endtable(o);
}

static int run_compare(struct copts *co, int argc, char **argv, int i)
{
	struct iol_fsstats *a, *b;
	struct out o;
	int r = EXIT_DATA;

	if (argc - i != 2)
		return usage_error("--compare wants two snapshots, not %d",
				   argc - i);
	a = xmalloc(sizeof(*a));
	b = xmalloc(sizeof(*b));
	if (load_snap(argv[i], a) == 0 && load_snap(argv[i + 1], b) == 0 &&
	    cmd_out_open(&o, co->outpath, co->fmt) == 0) {
		compare(&o, a, b);
		r = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	}
	free(a);
	free(b);
	return r;
}

static void emit(struct out *o, int argc, char **argv, int i,
		 const struct iol_fsstats *st)
{
	char root[8192];
	size_t k = 0;
	int j;

	root[0] = '\0';
	for (j = i; j < argc && k + 2 < sizeof(root); j++)
		k += (size_t)snprintf(root + k, sizeof(root) - k, "%s%s",
				      j > i ? " " : "", argv[j]);
	if (o->fmt == FMT_TEXT && !fo.hist) {
		text_all(o, st, fo.threads ? fo.threads : 2);
		return;
	}
	if (fo.hist) {
		out_table(o, hcols, 10);
		hist_rows(o, st, fo.hist);
	} else {
		out_table(o, scols, 23);
		summary_row(o, root, st);
	}
	out_endtable(o);
}

int cmd_fsstats(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"compare", no_argument, NULL, O_COMPARE},
		{"cross-mounts", no_argument, NULL, O_CROSS},
		{"format", required_argument, NULL, OPT_FORMAT},
		{"help", no_argument, NULL, 'h'},
		{"hist", required_argument, NULL, O_HIST},
		{"now", required_argument, NULL, O_NOW},
		{"output", required_argument, NULL, 'o'},
		{"save", required_argument, NULL, O_SAVE},
		{"threads", required_argument, NULL, O_THREADS},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	struct iol_fsstats *st;
	struct copts co;
	struct out o;
	int i, r;

	memset(&fo, 0, sizeof(fo));
	r = copts_start(&co, argc, argv, longopts, help, extra_opt, NULL, NULL,
			&i);
	if (r >= 0)
		return r;
	if (fo.compare)
		return run_compare(&co, argc, argv, i);
	st = xmalloc(sizeof(*st));
	if (walk(argc, argv, i, st) < 0 || (fo.save && save(st) < 0)) {
		free(st);
		return EXIT_DATA;
	}
	if (cmd_out_open(&o, co.outpath, co.fmt) < 0) {
		free(st);
		return EXIT_DATA;
	}
	emit(&o, argc, argv, i, st);
	r = cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
	free(st);
	return r;
}
