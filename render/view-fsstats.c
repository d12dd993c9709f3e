/*
 * The outputs of `iolens fsstats` (view-fsstats.h): the text report (the
 * study's Table V and the five histograms), the summary row, one
 * histogram, and the comparison of two snapshots.  Columns and their
 * order are the stable CSV/JSON keys.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "render/view-fsstats.h"
#include "render/shorten.h"
#include "render/views.h"
#include "storage/fshist.h"
#include "base/banned.h"

/* as every command writes a time: "2026-11-01 00:00:00 UTC" */
static const char *utc(char *buf, size_t n, int64_t secs)
{
	time_t t = (time_t)secs;
	struct tm tm;

	if (!gmtime_r(&t, &tm))
		snprintf(buf, n, "%lld", (long long)secs);
	else
		strftime(buf, n, "%Y-%m-%d %H:%M:%S UTC", &tm);
	return buf;
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

static const struct iol_col scols[] = {
	{"root", "root", COL_PATH, 0, "The directories walked"},
	{"files", "files", COL_NUM, 0, "Regular files (each link counted)"},
	{"dirs", "dirs", COL_NUM, 0, "Directories"},
	{"bytes", "size", COL_NUM, 0, "Their size, each inode once"},
	{"alloc_bytes", "allocated", COL_NUM, 1, "Blocks allocated, bytes"},
	{"symlinks", "symlinks", COL_NUM, 2, "Symbolic links (not followed)"},
	{"others", "others", COL_NUM, 3,
	 "Other entries: devices, FIFOs, sockets"},
	{"linked_files", "linked files", COL_NUM, 3,
	 "File entries of inodes with several links"},
	{"linked_inodes", "linked inodes", COL_NUM, 3, "Those inodes"},
	{"mean_size", "mean size B", COL_NUM, 1, "Mean file size, bytes"},
	{"median_size", "median size B", COL_NUM, 1,
	 "The median file's size bin, from its lower edge"},
	{"max_size", "largest", COL_NUM, 1, "The largest file's size"},
	{"largest_file", "largest file", COL_PATH, 2, "Its path"},
	{"mean_dir_files", "files per dir", COL_NUM, 2,
	 "Mean files per directory"},
	{"max_dir_files", "most in a dir", COL_NUM, 2,
	 "Most files in a directory"},
	{"max_depth", "depth", COL_NUM, 4,
	 "The deepest directory below a root"},
	{"mean_name_len", "mean name B", COL_NUM, 4, "Mean name length, bytes"},
	{"max_name_len", "longest name B", COL_NUM, 4, "Longest name, bytes"},
	{"denied", "denied", COL_NUM, 5, "Entries the walk was denied"},
	{"vanished", "vanished", COL_NUM, 5, "Entries gone during the walk"},
	{"errors", "errors", COL_NUM, 5,
	 "Entries not examined for other errors"},
	{"other_fs", "other fs", COL_NUM, 5,
	 "Mount points of other file systems not entered"},
	{"now", "now", COL_NUM, 5, "The ages' reference time, epoch seconds"},
};
const struct iol_view iol_view_fsstats = IOL_VIEW("fsstats", NULL, scols);

static void summary_row(struct out *o, const char *root,
			const struct iol_fsstats *st)
{
	char nb[8192];
	double mean_name;
	int max_name;

	iol_fs_name_stats(st, &mean_name, &max_name);
	out_str(o, clean_name(nb, sizeof(nb), root, 0));
	out_int(o, (int64_t)st->files);
	out_int(o, (int64_t)st->dirs);
	out_bytes(o, (int64_t)st->bytes);
	out_bytes(o, (int64_t)st->alloc_bytes);
	out_int(o, (int64_t)st->symlinks);
	out_int(o, (int64_t)st->others);
	out_int(o, (int64_t)st->linked_files);
	out_int(o, (int64_t)st->linked_inodes);
	out_num(o, st->files ? (double)st->entry_bytes / (double)st->files : 0,
		1);
	out_int(o, (int64_t)iol_fs_median_size(st));
	out_bytes(o, (int64_t)st->max_size);
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

static const struct iol_col hcols[] = {
	{"hist", "hist", COL_STR, 0,
	 "The histogram: size, dirfiles, mtime, atime or names"},
	{"bin", "bin", COL_NUM, 2, "The bin's number"},
	{"lo", "lo", COL_NUM, 0,
	 "Its lower edge: bytes, files, days or bytes of a name"},
	{"hi", "hi", COL_NUM, 0, "Its upper edge (excluded); empty when open"},
	{"count", "count", COL_NUM, 0, "Entries in the bin"},
	{"count_pct", "count %", COL_NUM, 0, "Their share of all, %"},
	{"cum_count_pct", "cum count %", COL_NUM, 1,
	 "The share up to this bin, %"},
	{"bytes", "bytes", COL_NUM, 0, "Their bytes (sizes and ages only)"},
	{"bytes_pct", "bytes %", COL_NUM, 1, "Their share of all bytes, %"},
	{"cum_bytes_pct", "cum bytes %", COL_NUM, 2,
	 "The share of bytes up to this bin, %"},
};
const struct iol_view iol_view_fsstats_hist =
	IOL_VIEW("fsstats", "--hist", hcols);

static void hist_rows(struct out *o, const struct iol_fsstats *st, int h)
{
	struct iol_fshist v = iol_fshist_of(st, h);
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
		iol_fshist_range(h, k, &lo, &hi);
		out_str(o, v.name);
		out_int(o, k);
		if (h == IOL_FSH_SIZE) {
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
			out_bytes(o, (int64_t)v.bytes[k]);
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
	char sb[8200];
	char a[32], b[32], nb[8192], when[40];
	double mean_name;
	int max_name;

	iol_fs_name_stats(st, &mean_name, &max_name);
	out_text(o, "ages relative to %s, walked with %d thread%s\n\n",
		 utc(when, sizeof(when), st->now), nthreads,
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
		 fmt_bytes(b, sizeof(b), (double)iol_fs_median_size(st),
			   BYTES_TEXT));
	/* the path shortened in the middle to the width */
	out_text(o, "  largest file         %s %s\n",
		 fmt_bytes(a, sizeof(a), (double)st->max_size, BYTES_TEXT),
		 text_shorten(sb, sizeof(sb),
			      clean_name(nb, sizeof(nb), st->largest, 1),
			      o->width > 50 ? (size_t)o->width - 33 : 0));
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
		 "errors, %llu other fs\n",
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
	for (h = IOL_FSH_SIZE; h <= IOL_FSH_NAMES; h++) {
		out_text(o, "\n%s\n", titles[h]);
		out_view(o, &iol_view_fsstats_hist);
		hist_rows(o, st, h);
		out_endtable(o);
	}
}

static const struct iol_col ccols[] = {
	{"metric", "metric", COL_STR, 0,
	 "A count, or the files or bytes of a size bin from its lower edge"},
	{"old", "old", COL_NUM, 0, "Its value in the old snapshot"},
	{"new", "new", COL_NUM, 0, "In the new one"},
	{"change", "change", COL_NUM, 0, "new - old"},
	{"change_pct", "change %", COL_NUM, 0, "The change over old, %"},
};
const struct iol_view iol_view_fsstats_compare =
	IOL_VIEW("fsstats", "--compare", ccols);

static void cmp_row(struct out *o, const char *m, uint64_t a, uint64_t b)
{
	out_str(o, m);
	out_int(o, (int64_t)a);
	out_int(o, (int64_t)b);
	out_int(o, (int64_t)(b - a));
	out_num(o, a ? 100.0 * ((double)b - (double)a) / (double)a : NAN, 2);
	out_endrow(o);
}

void view_fsstats_compare(struct out *o, const struct iol_fsstats *a,
			  const struct iol_fsstats *b)
{
	char m[48];
	uint64_t lo, hi;
	int k;

	out_view(o, &iol_view_fsstats_compare);
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

void view_fsstats(struct out *o, const struct iol_fsstats *st,
		  const char *const *roots, int nroots, int hist, int nthreads)
{
	char root[8192];
	size_t k = 0;
	int j;

	root[0] = '\0';
	for (j = 0; j < nroots && k + 2 < sizeof(root); j++)
		k += (size_t)snprintf(root + k, sizeof(root) - k, "%s%s",
				      j ? " " : "", roots[j]);
	if (o->fmt == FMT_TEXT && !hist) {
		text_all(o, st, nthreads);
		return;
	}
	if (hist) {
		out_view(o, &iol_view_fsstats_hist);
		hist_rows(o, st, hist);
	} else {
		out_view(o, &iol_view_fsstats);
		summary_row(o, root, st);
	}
	out_endtable(o);
}

static int fill_snap(FILE *f, const void *st)
{
	return iol_fs_save(f, st) < 0 ? -1 : 0;
}

int view_fsstats_save(const char *path, const struct iol_fsstats *st)
{
	return out_write_stream(path, fill_snap, st) < 0 ? -1 : 0;
}
