/*
 * A log of a job that did not end (issue 34, round 50): a process killed
 * by a time limit or a signal runs no Darshan shutdown, so its log is the
 * runtime's mmap file as it was at the kill, merged by a site's epilog
 * (darshan-mmap-epilog.sh: darshan-merge --job-end-time <a whole second>).
 * Nothing but that merge's NULL-module flag says so; the records do: the
 * files being written have no close after their last write, and that
 * write ends after the logged end, which a log Darshan finalised cannot
 * show (its end is taken after its records' I/O, each process's
 * timestamps and its end on its own clock).  Either alone is not enough:
 * files a normal program leaves open to exit have no close either, and a
 * rank's last line to stdout can land after the end was taken
 * (r50-end-coll: 11 ms past it, never closed), so standard streams are
 * left out.  IOL-INCOMPLETE weighs the figure against the run time's
 * resolution and a skew allowance (triage.c).
 */
#include <math.h>
#include <stdint.h>

#include "analysis/trifacts.h"
#include "counters/counters.h"
#include "base/banned.h"

/* The module's counters of one record's writes and close. */
struct cut_cols {
	int mod, writes, bytes, wend, cend;
};

static const struct cut_cols cut_cols[] = {
	{IOL_MOD_POSIX, POSIX_WRITES, POSIX_BYTES_WRITTEN,
	 POSIX_F_WRITE_END_TIMESTAMP, POSIX_F_CLOSE_END_TIMESTAMP},
	{IOL_MOD_STDIO, STDIO_WRITES, STDIO_BYTES_WRITTEN,
	 STDIO_F_WRITE_END_TIMESTAMP, STDIO_F_CLOSE_END_TIMESTAMP},
};

/* The end of the record's last write when it has no close after it (a
 * file open at the end), else NAN.  Standard streams ("<STDOUT>") are
 * left out: no program closes them. */
static double open_write_end(const struct iol_job *job,
			     const struct cut_cols *c, const struct iol_jrec *r)
{
	double we = r->fc[c->wend], ce = r->fc[c->cend];
	const char *name;

	if (r->ic[c->writes] <= 0 && r->ic[c->bytes] <= 0)
		return NAN;
	/* -1: not monitored; a damaged log's NAN or infinity is no time */
	if (!isfinite(we) || !isfinite(ce) || we <= 0 || ce < 0 || ce >= we)
		return NAN;
	/* the name last: a lookup only for the few files left open */
	name = iol_job_name(job, r->id);
	return name && name[0] != '<' ? we : NAN;
}

void iol_trifacts_cut_short(const struct iol_job *job, struct iol_trifacts *tf)
{
	size_t k, i;
	double end = NAN;

	tf->open_write_past_end = NAN;
	if (!isfinite(job->run_time) || job->run_time <= 0)
		return;
	for (k = 0; k < sizeof(cut_cols) / sizeof(cut_cols[0]); k++) {
		const struct iol_jmod *m = &job->mod[cut_cols[k].mod];

		for (i = 0; i < m->n; i++) {
			double we =
				open_write_end(job, &cut_cols[k], &m->recs[i]);

			if (isfinite(we) && !(we <= end))
				end = we;
		}
	}
	if (isfinite(end))
		tf->open_write_past_end = end - job->run_time;
}
