/*
 * The views of iolens hist: bars of Darshan's ten access-size bins per
 * module for people; one row per module, op and bin (and the common
 * sizes as op "common") for pipes.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/obuf.h"
#include "render/view-hist.h"
#include "render/view-text.h"
#include "base/banned.h"

static const struct iol_col cols[] = {
	{"log", "log", COL_PATH, 0,
	 "The log's path as given on the command line"},
	{"module", "module", COL_STR, 0,
	 "The module, or job for the job's POSIX figures"},
	{"op", "op", COL_STR, 0,
	 "read or write; common for one of the most common access sizes"},
	{"bin", "bin", COL_STR, 0,
	 "The bin's name, such as 1M-4M, or for a common access size its place "
	 "from #1 to #4"},
	{"min_bytes", "min bytes", COL_NUM, 0,
	 "The smallest access size of the bin, bytes; for a common access size "
	 "that size"},
	{"max_bytes", "max bytes", COL_NUM, 0,
	 "The largest, bytes; empty for 1G+; for a common access size that "
	 "size"},
	{"count", "count", COL_NUM, 0, "Accesses of the bin, or of the size"},
};
const struct iol_view iol_view_hist = IOL_VIEW("hist", NULL, cols);
/* Darshan's bins hold sizes up to and including their upper edge */
static const int64_t edges[IOL_NBINS + 1] = {
	-1,	 100,	   1024,      10240,	  102400, 1048576,
	4194304, 10485760, 104857600, 1073741824, -1,
};

static const char *modname(int m)
{
	return m < 0 ? "job" : iol_modinfo(m)->name;
}

static void bars(struct out *o, const char *what, const int64_t *v)
{
	int64_t max = 0;
	int b, k;

	for (b = 0; b < IOL_NBINS; b++)
		if (v[b] > max)
			max = v[b];
	out_text(o, "  %s\n", what);
	for (b = 0; b < IOL_NBINS; b++) {
		/* in doubles: a damaged log's counts near INT64_MAX */
		int w = max > 0 && v[b] > 0
				? (int)ceil((double)v[b] * 40 / (double)max)
				: 0;
		char bar[48];

		for (k = 0; k < w; k++)
			bar[k] = '#';
		bar[w] = '\0';
		out_text(o, "    %-9s %12lld %s\n", iol_bin_names[b],
			 (long long)v[b], bar);
	}
}

static void hist_text(struct out *o, const char *log, const struct iol_hist *h,
		      size_t n)
{
	size_t k;
	int c;

	view_lines(o, "%s\n", log);
	for (k = 0; k < n; k++) {
		out_text(o, "\n%s%s\n", modname(h[k].mod),
			 h[k].mod < 0 ? " (POSIX)" : "");
		bars(o, "reads", h[k].rd);
		bars(o, "writes", h[k].wr);
		if (!h[k].ncommon)
			continue;
		out_text(o, "  most common access sizes\n");
		for (c = 0; c < h[k].ncommon; c++)
			out_text(o, "    %12lld bytes  %lld times\n",
				 (long long)h[k].common[c],
				 (long long)h[k].common_count[c]);
	}
	out_text(o, "\n");
}

/* the bins of one module and direction */
static void bin_rows(struct out *o, const char *log, const struct iol_hist *h,
		     int write)
{
	const int64_t *v = write ? h->wr : h->rd;

	for (int b = 0; b < IOL_NBINS; b++) {
		out_str(o, log);
		out_str(o, modname(h->mod));
		out_str(o, write ? "write" : "read");
		out_str(o, iol_bin_names[b]);
		out_int(o, edges[b] + 1);
		if (edges[b + 1] >= 0)
			out_int(o, edges[b + 1]);
		else
			out_null(o);
		out_int(o, v[b]);
		out_endrow(o);
	}
}

static void hist_rows(struct out *o, const char *log, const struct iol_hist *h,
		      size_t n)
{
	static const char *const rank[] = {"#1", "#2", "#3", "#4"};

	for (size_t k = 0; k < n; k++) {
		bin_rows(o, log, &h[k], 0);
		bin_rows(o, log, &h[k], 1);
		for (int c = 0; c < h[k].ncommon; c++) {
			out_str(o, log);
			out_str(o, modname(h[k].mod));
			out_str(o, "common");
			out_str(o, rank[c < 3 ? c : 3]);
			out_int(o, h[k].common[c]);
			out_int(o, h[k].common[c]);
			out_int(o, h[k].common_count[c]);
			out_endrow(o);
		}
	}
}

/* machine formats: the bins table; JSON and CSV keep one table, so
 * common sizes appear as op "common" rows with the size in min_bytes */
void view_hist_begin(struct out *o)
{
	if (o->fmt != FMT_TEXT)
		out_view(o, &iol_view_hist);
}

void view_hist(struct out *o, const char *log, const struct iol_hist *h,
	       size_t n)
{
	if (o->fmt == FMT_TEXT)
		hist_text(o, log, h, n);
	else
		hist_rows(o, log, h, n);
}

void view_hist_end(struct out *o)
{
	if (o->fmt != FMT_TEXT)
		out_endtable(o);
}
