/*
 * iolens hist: access-size histograms (Darshan's ten bins) of reads and
 * writes, for the job and per module, with the most common access sizes.
 * Text draws bars; machine formats give one row per module, op and bin.
 */
#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens hist [--format fmt] [--output file] log ...\n";

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nAccess sizes of reads and writes in Darshan's bins (0-100 B "
	       "up\n"
	       "to 1 GiB and more), for the job (POSIX) and each module, and\n"
	       "the most common access sizes.\n\n"
	       "  --format fmt       text (default), csv, tsv or json\n"
	       "  -o, --output file  write to file (replaced atomically)\n"
	       "%s"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n",
	       trace_help);
}

static const char *const cols[] = {
	"log", "module", "op", "bin", "min_bytes", "max_bytes", "count",
};
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
		int w = max ? (int)((v[b] * 40 + max - 1) / max) : 0;
		char bar[48];

		for (k = 0; k < w; k++)
			bar[k] = '#';
		bar[w] = '\0';
		out_text(o, "    %-9s %12lld %s\n", iol_bin_names[b],
			 (long long)v[b], bar);
	}
}

int cmd_hist(int argc, char **argv)
{
	static const struct option longopts[] = {COMMON_LONGOPTS,
						 {NULL, 0, NULL, 0}};
	struct iol_inputs in;
	struct copts co;
	struct out o;
	struct iol_hist h[IOL_MOD_KNOWN + 1];
	int rc, i, pass;

	rc = copts_start(&co, argc, argv, longopts, help, NULL, NULL, &o, &i);
	if (rc >= 0)
		return rc;
	/* a directory stands for the logs in it */
	rc = cmd_inputs(&co, argc, argv, i, &in) < 0 ? EXIT_DATA : EXIT_OK;
	/* machine formats: the bins table; JSON and CSV keep one table, so
	 * common sizes appear as op "common" rows with the size in min_bytes */
	if (co.fmt != FMT_TEXT)
		out_table(&o, cols, 7);
	for (size_t j = 0; j < in.n; j++) {
		struct iol_job *job;
		size_t n, k;

		if (cmd_load(&co, &in.v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		n = iol_hist_compute(job, h, IOL_MOD_KNOWN + 1);
		if (co.fmt == FMT_TEXT) {
			out_text(&o, "%s\n", in.v[j].name);
			for (k = 0; k < n; k++) {
				int c;

				out_text(&o, "\n%s%s\n", modname(h[k].mod),
					 h[k].mod < 0 ? " (POSIX)" : "");
				bars(&o, "reads", h[k].rd);
				bars(&o, "writes", h[k].wr);
				if (h[k].ncommon) {
					out_text(
						&o,
						"  most common access sizes\n");
					for (c = 0; c < h[k].ncommon; c++)
						out_text(&o,
							 "    %12lld bytes  "
							 "%lld times\n",
							 (long long)h[k]
								 .common[c],
							 (long long)h[k]
								 .common_count
									 [c]);
				}
			}
			out_text(&o, "\n");
			iol_job_close(job);
			continue;
		}
		for (k = 0; k < n; k++) {
			for (pass = 0; pass < 2; pass++) {
				const int64_t *v = pass ? h[k].wr : h[k].rd;
				int b;

				for (b = 0; b < IOL_NBINS; b++) {
					out_str(&o, in.v[j].name);
					out_str(&o, modname(h[k].mod));
					out_str(&o, pass ? "write" : "read");
					out_str(&o, iol_bin_names[b]);
					out_int(&o, edges[b] + 1);
					if (edges[b + 1] >= 0)
						out_int(&o, edges[b + 1]);
					else
						out_null(&o);
					out_int(&o, v[b]);
					out_endrow(&o);
				}
			}
			for (pass = 0; pass < h[k].ncommon; pass++) {
				out_str(&o, in.v[j].name);
				out_str(&o, modname(h[k].mod));
				out_str(&o, "common");
				out_str(&o, pass == 0	? "#1"
					    : pass == 1 ? "#2"
					    : pass == 2 ? "#3"
							: "#4");
				out_int(&o, h[k].common[pass]);
				out_int(&o, h[k].common[pass]);
				out_int(&o, h[k].common_count[pass]);
				out_endrow(&o);
			}
		}
		iol_job_close(job);
	}
	iol_inputs_release(&in);
	if (co.fmt != FMT_TEXT)
		out_endtable(&o);
	if (out_close(&o, rc == EXIT_OK) < 0) {
		msg("%s", o.err.msg);
		rc = EXIT_DATA;
	}
	return rc;
}
