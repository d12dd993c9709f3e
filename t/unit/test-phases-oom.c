/*
 * test-phases-oom LOG...: the phases of each DXT log computed once for
 * every realloc() they make, that call failing (IOL_ENOMEM) and every
 * other one moving its block, as a loaded allocator may: each run ends
 * with 0 or IOL_ENOMEM, and frees what it holds once (no block freed
 * twice or read after its move: a crash, or the allocator's abort).
 * t/1012-phases-oom.t.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/phases.h"
#include "base/error.h"
#include "model/job.h"
#include "sources/registry.h"

void *__libc_realloc(void *p, size_t n);
void *__libc_malloc(size_t n);
void __libc_free(void *p);
size_t malloc_usable_size(void *p);

static int armed;		     /* counting the calls of a compute */
static unsigned long calls, fail_at; /* fail_at 0: none fails */

/* the library's realloc(): the fail_at-th call of a compute fails, the
 * others move (a block grown in place hides a caller's stale pointer) */
void *realloc(void *p, size_t n)
{
	void *q;
	size_t old;

	if (!armed || !p || !n)
		return __libc_realloc(p, n);
	if (++calls == fail_at)
		return NULL;
	q = __libc_malloc(n);
	if (!q)
		return NULL;
	old = malloc_usable_size(p);
	memcpy(q, p, old < n ? old : n);
	__libc_free(p);
	return q;
}

static int run(const struct iol_job *job, int layer, unsigned long at)
{
	struct iol_phases p;
	struct iol_error err = {0};
	int ret;

	memset(&p, 0, sizeof(p));
	calls = 0;
	fail_at = at;
	armed = 1;
	ret = iol_phases_compute(job, layer, &p, &err);
	armed = 0;
	if (ret == 0)
		iol_phases_free(&p);
	return ret;
}

int main(int argc, char **argv)
{
	int t = 0, bad = 0;

	for (int i = 1; i < argc; i++) {
		struct iol_job *job;
		unsigned long n, k;
		int nbad = 0;

		if (iol_job_load(&job, argv[i], NULL) < 0) {
			printf("not ok %d - %s loads\n", ++t, argv[i]);
			bad++;
			continue;
		}
		run(job, -1, 0);
		n = calls;
		for (k = 1; k <= n; k++) {
			int ret = run(job, -1, k);

			if (ret != 0 && ret != IOL_ENOMEM)
				nbad++;
		}
		printf("%s %d - %s: %lu reallocs, each failing in turn: 0 or "
		       "out of memory\n",
		       nbad ? "not ok" : "ok", ++t, argv[i], n);
		bad += nbad > 0;
		iol_job_close(job);
	}
	printf("1..%d\n", t);
	return bad ? 1 : 0;
}
