/*
 * view-demo WIDTH FORMAT [stream]: a table of every column kind through
 * a view, for t/9006-views.t to check how text is fitted to WIDTH (0:
 * --wide); with "stream" in two passes (out_view_measure, then
 * out_view_stream), for t/7146-view-stream.t to check that the text is
 * the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/view.h"

static const struct iol_col cols[] = {
	{"path", "file", COL_PATH, 0, "A path"},
	{"bytes", "bytes", COL_NUM, 0, "Bytes"},
	{"rank", "rank", COL_NUM, 2, "A rank"},
	{"module", "module", COL_STR, 1, "A module"},
	{"advice", "advice", COL_PROSE, 0, "Prose"},
};
static const struct iol_view view = IOL_VIEW("demo", NULL, cols);

static void rows(struct out *o)
{
	static const char *const paths[] = {
		"/scratch/project/alice/run-0042/checkpoints/step-000100/"
		"restart.h5",
		"short",
		"/gpfs/\xc3\xa9t\xc3\xa9/very/long/directory/name/that/goes/on/"
		"and/on/output-with-\x1b[2Jescape.dat",
	};
	int i;

	for (i = 0; i < 3; i++) {
		out_str(o, paths[i]);
		out_bytes(o, (int64_t)1 << (20 + 3 * i));
		out_int(o, i);
		out_str_color(o, "POSIX", IOL_RED);
		out_str(o, i == 1 ? "none"
				  : "Write fewer, larger requests: 4 KiB "
				    "writes cost a system call each and the "
				    "file system locks a stripe for every one");
		out_endrow(o);
	}
	out_endtable(o);
}

int main(int argc, char **argv)
{
	struct out o;

	if (argc != 3 && !(argc == 4 && !strcmp(argv[3], "stream")))
		return 2;
	out_set_width(atoi(argv[1]));
	if (out_open(&o, NULL, fmt_parse(argv[2])) < 0)
		return 1;
	if (argc == 4) {
		/* the first pass: widths only, and no rows at all in the
		 * machine formats */
		out_view_measure(&o, &view);
		if (o.fmt == FMT_TEXT)
			rows(&o);
		out_view_stream(&o, &view);
	} else {
		out_view(&o, &view);
	}
	rows(&o);
	out_wrap(&o, 2,
		 "A paragraph of advice for people that is long "
		 "enough to wrap at any width a test gives it, with "
		 "words of ordinary length.");
	return out_close(&o, 1) < 0;
}
