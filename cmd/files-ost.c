/*
 * iolens files --by ost: a job's bytes and time per Lustre OST, from its
 * log (analysis/ostload.h computes, render/view-files-ost.c lays out).
 */
#include <stdio.h>

#include "cmd/files-ost.h"
#include "cmd/util.h"
#include "analysis/ostload.h"
#include "render/view-files-ost.h"
#include "base/banned.h"

static void text_foot(struct out *o, const struct iol_ostload *l)
{
	out_text(o,
		 "  %zu file%s on %zu OST%s, %zu striped over more than "
		 "one",
		 l->nfiles, l->nfiles == 1 ? "" : "s", l->n,
		 l->n == 1 ? "" : "s", l->nstriped);
	if (l->unmapped > 0)
		out_text(o, "; %.0f MiB in files without a LUSTRE record",
			 l->unmapped / 1048576.0);
	out_text(o, "\n\n");
}

int files_by_ost(struct out *o, const char *log, const struct iol_job *job)
{
	struct iol_error err = {0};
	struct iol_ostload l;

	if (iol_ostload_compute(job, &l, &err) < 0) {
		msg_ioerr(log, err.code, &err);
		return -1;
	}
	if (o->fmt == FMT_TEXT) {
		out_text(o, "%s\n", log);
		if (!l.n) {
			out_text(o, "  no Lustre layout: the log has no "
				    "LUSTRE record of a file with POSIX "
				    "I/O\n\n");
			iol_ostload_free(&l);
			return 0;
		}
		files_by_ost_start(o);
	}
	files_by_ost_rows(o, log, &l);
	if (o->fmt == FMT_TEXT) {
		out_endtable(o);
		text_foot(o, &l);
	}
	iol_ostload_free(&l);
	return 0;
}
