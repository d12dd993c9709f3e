/*
 * The progress line of a long run on a terminal (progress.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <time.h>

#include "render/progress.h"
#include "base/banned.h"

double progress_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void progress_bar(FILE *f, const char *what, int64_t done, int64_t total,
		  double elapsed)
{
	double rate = elapsed > 0 ? (double)done / elapsed : 0;
	char eta[32] = "";
	int w = 24, fill;

	if (total > 0 && rate > 0 && done < total) {
		/* rounded up: never 0:00:00 while an item is left */
		long s = (long)ceil((double)(total - done) / rate);

		snprintf(eta, sizeof(eta), "  ETA %ld:%02ld:%02ld", s / 3600,
			 s / 60 % 60, s % 60);
	}
	fill = total > 0 ? (int)((double)w * (double)done / (double)total) : 0;
	if (fill > w)
		fill = w;
	fprintf(f, "\r[%.*s%*s] %lld/%lld %s  %.0f %s/s%s\033[K", fill,
		"########################", w - fill, "", (long long)done,
		(long long)total, what, rate, what, eta);
}

void progress_walk(FILE *f, uint64_t dirs, uint64_t files, size_t queued,
		   double elapsed)
{
	fprintf(f,
		"\rwalking: %llu directories, %llu files, %zu directories "
		"waiting  %.0f files/s\033[K",
		(unsigned long long)dirs, (unsigned long long)files, queued,
		elapsed > 0 ? (double)files / elapsed : 0);
}

int progress_due(struct progress_tick *t, int force)
{
	double now = progress_now();

	if (!force && t->last > 0 && now - t->last < 0.2)
		return 0;
	t->last = now;
	if (!t->t0)
		t->t0 = now;
	return 1;
}

/* A walk has no known end: counts and rates (the first call draws at
 * once, so a short walk shows its line too). */
void progress_walk_tick(uint64_t dirs, uint64_t files, size_t queued, void *arg)
{
	struct progress_tick *t = arg;

	if (progress_due(t, 0))
		progress_walk(stderr, dirs, files, queued, t->last - t->t0);
}

void progress_calls(void *ctx, int64_t done, int64_t total)
{
	const struct progress_runs *r = ctx;
	FILE *f = stderr;
	int w = 24,
	    fill = total > 0 ? (int)(w * (double)done / (double)total) : 0;

	if (fill > w)
		fill = w;
	fprintf(f, "\r[%.*s%*s] %lld/%lld calls  %.1f s", fill,
		"########################", w - fill, "", (long long)done,
		(long long)total, progress_now() - r->t0);
	if (r->runs > 1)
		fprintf(f, "  run %d of %d", r->run, r->runs);
	fputs("\033[K", f);
}

void progress_clear(FILE *f)
{
	fputs("\r\033[K", f);
}
