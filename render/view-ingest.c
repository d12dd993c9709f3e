/*
 * The lines `iolens ingest` prints (view-ingest.h).
 */
#include "render/view-ingest.h"
#include "base/banned.h"

void view_ingest_counts(FILE *f, const struct iol_ingest *g)
{
	fprintf(f,
		"%lld logs: %lld added, %lld refreshed, %lld unchanged, %lld "
		"failed",
		(long long)g->seen, (long long)g->added, (long long)g->updated,
		(long long)g->unchanged, (long long)g->failed);
	if (g->known_bad)
		fprintf(f, ", %lld failed before (not retried)",
			(long long)g->known_bad);
	fputc('\n', f);
}

void view_ingest_sacct(FILE *f, const char *path, const struct iol_sacct *p)
{
	fprintf(f,
		"%s: %lld scheduler jobs, %lld step lines folded into their "
		"jobs, %lld not started, %lld bad lines",
		path, (long long)p->jobs, (long long)p->steps,
		(long long)p->pending, (long long)p->bad);
	if (p->unjoinable)
		fprintf(f,
			"; %lld array tasks without JobIDRaw cannot be "
			"joined",
			(long long)p->unjoinable);
	fputc('\n', f);
}

void view_ingest_joined(FILE *f, int64_t joined)
{
	fprintf(f, "%lld job rows joined to the scheduler's jobs\n",
		(long long)joined);
}

void view_ingest_fsload(FILE *f, const char *path, const struct iol_fsput *p)
{
	if (p->state == IOL_FSPUT_UNCHANGED) {
		fprintf(f,
			"%s: file-system telemetry unchanged, not read again\n",
			path);
		return;
	}
	fprintf(f, "%s: %s, %zu targets, %lld samples, %lld gauge samples %s\n",
		path, iol_fsfmt_name(p->fmt), p->ntargets,
		(long long)p->nsamples, (long long)p->ngauges,
		p->state == IOL_FSPUT_REPLACED ? "stored again (replaced)"
					       : "stored");
}

void view_ingest_progress(struct progress_tick *t, const struct iol_ingest *g,
			  int force)
{
	if (!progress_due(t, force))
		return;
	/* the logs written or skipped, not those still decoding: the ETA
	 * of logs only handed out would be 0:00:00 while they decode */
	progress_bar(stderr, "logs", g->seen - g->inflight, g->total,
		     t->last - t->t0);
}
