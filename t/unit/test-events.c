/*
 * Unit tests of the sources' per-call events and iterators, as a TAP
 * stream: events of a sample strace trace against the per-call totals
 * strace_summary.py computed from the same trace (independent of iolens),
 * the reducer's counters against the events, two iterators at once on one
 * job, segment batches within max, DXT events of a sample IOR log against
 * its DXT segment counts, and the record-id vectors of FORMAT.md.  Run by
 * t/5004-events.t with the sample-logs directory as argument.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/event.h"
#include "model/job.h"
#include "counters/counters.h"
#include "sources/registry.h"
#include "sources/trace-int.h"

#include "t/unit/tap.h"

struct counts {
	long long ev[IOL_EV_OTHER + 1];		 /* by kind */
	long long reads, writes, rbytes, wbytes; /* every descriptor */
	long long freads, fwrites;		 /* regular files */
	long long inferred;
	long long n;
};

static void count(struct counts *k, const struct iol_event *ev)
{
	k->n++;
	if (ev->kind >= 1 && ev->kind <= IOL_EV_OTHER)
		k->ev[ev->kind]++;
	k->inferred += ev->inferred;
	if (ev->kind == IOL_EV_READ) {
		k->reads++;
		k->rbytes += ev->ret;
		k->freads += ev->regular;
	} else if (ev->kind == IOL_EV_WRITE) {
		k->writes++;
		k->wbytes += ev->ret;
		k->fwrites += ev->regular;
	}
}

static int all_events(const struct iol_job *job, struct counts *k)
{
	struct iol_events *it;
	struct iol_event ev;
	int r;

	memset(k, 0, sizeof(*k));
	if (iol_events_open(&it, job, NULL) < 0)
		return -1;
	while ((r = iol_events_next(it, &ev, NULL)) == 1)
		count(k, &ev);
	iol_events_close(it);
	return r;
}

/* read and write calls, bytes, from strace_summary.py's table */
static int summary(const char *path, long long *reads, long long *writes,
		   long long *rbytes, long long *wbytes)
{
	FILE *f = fopen(path, "r");
	char line[512], name[64];
	long long calls, errors;

	if (!f)
		return -1;
	*reads = *writes = *rbytes = *wbytes = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "# total bytes read (read family): %lld",
			   rbytes) == 1 ||
		    sscanf(line, "# total bytes written (write family): %lld",
			   wbytes) == 1)
			continue;
		if (sscanf(line, "%63s %lld %lld", name, &calls, &errors) != 3)
			continue;
		if (!strcmp(name, "read") || !strncmp(name, "pread", 5) ||
		    !strcmp(name, "readv"))
			*reads += calls - errors;
		if (!strcmp(name, "write") || !strncmp(name, "pwrite", 6) ||
		    !strcmp(name, "writev"))
			*writes += calls - errors;
	}
	fclose(f);
	return 0;
}

static void posix_ops(const struct iol_job *job, long long *r, long long *w)
{
	size_t i;

	*r = *w = 0;
	for (i = 0; i < job->mod[IOL_MOD_POSIX].n; i++) {
		*r += job->mod[IOL_MOD_POSIX].recs[i].ic[POSIX_READS];
		*w += job->mod[IOL_MOD_POSIX].recs[i].ic[POSIX_WRITES];
	}
}

/* distinct files of OPEN events with created set */
static long created_files(const struct iol_job *job)
{
	struct iol_events *it;
	struct iol_event ev;
	uint64_t ids[4096];
	long n = 0, i;

	if (iol_events_open(&it, job, NULL) < 0)
		return -1;
	while (iol_events_next(it, &ev, NULL) == 1) {
		if (ev.kind != IOL_EV_OPEN || !ev.created)
			continue;
		if (!(ev.flags & IOL_EVF_CREAT) || !ev.path || !ev.file)
			n = -1000000;
		for (i = 0; i < n && ids[i] != ev.file; i++)
			;
		if (i == n && n >= 0 && n < 4096)
			ids[n++] = ev.file;
	}
	iol_events_close(it);
	return n;
}

static void test_strace(const char *samples)
{
	char trace[4096], sum[4096];
	struct iol_job *job;
	struct counts k;
	long long sr, sw, sbr, sbw, pr, pw;

	snprintf(trace, sizeof(trace), "%s/nonmpi/strace/tar_czf/trace.txt.xz",
		 samples);
	snprintf(sum, sizeof(sum),
		 "%s/nonmpi/strace/tar_czf/strace-summary.txt", samples);
	if (iol_job_load(&job, trace, NULL) < 0 ||
	    summary(sum, &sr, &sw, &sbr, &sbw) < 0) {
		ok(0, "strace sample loads");
		return;
	}
	ok(!strcmp(job->src->name, "strace"), "the registry picks strace");
	ok(all_events(job, &k) == 0, "strace events read to the end");
	printf("# reads %lld/%lld writes %lld/%lld\n", k.reads, sr, k.writes,
	       sw);
	ok(k.reads == sr && k.writes == sw,
	   "READ/WRITE events = successful read/write calls (strace_summary)");
	ok(k.rbytes == sbr && k.wbytes == sbw,
	   "bytes of READ/WRITE events = strace_summary's totals");
	posix_ops(job, &pr, &pw);
	printf("# regular reads %lld/%lld writes %lld/%lld\n", k.freads, pr,
	       k.fwrites, pw);
	ok(k.freads == pr && k.fwrites == pw && pr > 0,
	   "events on regular files = POSIX_READS/POSIX_WRITES");
	ok(k.ev[IOL_EV_OPEN] > 0 && k.ev[IOL_EV_CLOSE] > 0 && k.inferred == 0,
	   "opens and closes given, none inferred");
	printf("# created %ld of %lld\n", created_files(job),
	       (long long)job->ncreated);
	ok(created_files(job) == job->ncreated && job->ncreated > 0,
	   "files of OPEN events with created = the job's files created");
	iol_job_close(job);
}

/* two event iterators and two segment iterators interleaved */
static void test_two(const char *samples)
{
	char trace[4096];
	struct iol_job *job;
	struct iol_events *a, *b;
	struct iol_segs *s1, *s2;
	struct iol_event ea, eb;
	struct iol_seg g1[1], g2[7];
	size_t rec1 = 0, rec2 = 0;
	int ra, rb, rd1, rd2, same = 1;
	long n1, n2 = 0, t1 = 0, t2 = 0, big = 0;

	snprintf(trace, sizeof(trace),
		 "%s/nonmpi/strace/dd_bigfile/trace.txt.xz", samples);
	if (iol_job_load(&job, trace, NULL) < 0) {
		ok(0, "dd sample loads");
		return;
	}
	if (iol_events_open(&a, job, NULL) < 0 ||
	    iol_events_open(&b, job, NULL) < 0) {
		ok(0, "two event iterators open");
		return;
	}
	do {
		ra = iol_events_next(a, &ea, NULL);
		rb = iol_events_next(b, &eb, NULL);
		if (ra != rb ||
		    (ra == 1 && (ea.kind != eb.kind || ea.start != eb.start ||
				 ea.off != eb.off || strcmp(ea.name, eb.name))))
			same = 0;
	} while (ra == 1 && rb == 1 && same);
	ok(same && ra == 0, "two event iterators at once give the same events");
	iol_events_close(a);
	iol_events_close(b);
	iol_segs_open(&s1, job, 0, NULL);
	iol_segs_open(&s2, job, 0, NULL);
	same = 1;
	while ((n1 = iol_segs_next(s1, g1, 1, &rec1, &rd1, NULL)) > 0) {
		t1 += n1;
		while (t2 < t1 &&
		       (n2 = iol_segs_next(s2, g2, 7, &rec2, &rd2, NULL)) > 0) {
			t2 += n2;
			big += n2 > 1;
			if (n2 > 7)
				same = 0;
		}
		if (n1 > 1)
			same = 0;
	}
	while ((n2 = iol_segs_next(s2, g2, 7, &rec2, &rd2, NULL)) > 0)
		t2 += n2;
	printf("# segments %ld %ld of %llu\n", t1, t2,
	       (unsigned long long)job->nsegs[0]);
	ok(same && n1 == 0 && (uint64_t)t1 == job->nsegs[0] &&
		   (uint64_t)t2 == job->nsegs[0],
	   "two segment iterators at once, each within max, all segments");
	ok(big > 0, "segments come in batches when max allows");
	iol_segs_close(s1);
	iol_segs_close(s2);
	iol_job_close(job);
}

/* the first sample IOR log with DXT_POSIX traces */
static struct iol_job *ior_dxt(const char *samples)
{
	char dir[4096], path[8192];
	DIR *d, *sub;
	struct dirent *de, *fe;
	struct iol_job *job;

	snprintf(dir, sizeof(dir), "%s/ior", samples);
	if (!(d = opendir(dir)))
		return NULL;
	while ((de = readdir(d))) {
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (de->d_name[0] == '.' || !(sub = opendir(path)))
			continue;
		while ((fe = readdir(sub))) {
			size_t l = strlen(fe->d_name);

			if (l < 8 || strcmp(fe->d_name + l - 8, ".darshan"))
				continue;
			snprintf(path, sizeof(path), "%s/%s/%s", dir,
				 de->d_name, fe->d_name);
			if (iol_job_load(&job, path, NULL) == 0 &&
			    job->ndxt[0] && job->nsegs[0]) {
				printf("# %s\n", path);
				closedir(sub);
				closedir(d);
				return job;
			}
			iol_job_close(job);
		}
		closedir(sub);
	}
	closedir(d);
	return NULL;
}

static void test_dxt(const char *samples)
{
	struct iol_job *job = ior_dxt(samples);
	struct counts k;
	long long w = 0, r = 0;
	size_t i;

	if (!job) {
		ok(0, "a sample IOR log with DXT");
		return;
	}
	for (i = 0; i < job->ndxt[0]; i++) {
		w += job->dxt[0][i].wcount;
		r += job->dxt[0][i].rcount;
	}
	ok(!strcmp(job->src->name, "darshan"), "the registry picks darshan");
	ok(all_events(job, &k) == 0, "DXT events read to the end");
	printf("# writes %lld/%lld reads %lld/%lld opens %lld closes %lld\n",
	       k.writes, w, k.reads, r, k.ev[IOL_EV_OPEN], k.ev[IOL_EV_CLOSE]);
	ok(k.writes == w && k.reads == r,
	   "DXT READ/WRITE events = the DXT records' segment counts");
	ok(k.ev[IOL_EV_OPEN] > 0 &&
		   k.ev[IOL_EV_OPEN] <= (long long)job->ndxt[0] &&
		   k.ev[IOL_EV_CLOSE] == k.ev[IOL_EV_OPEN] &&
		   k.inferred == k.ev[IOL_EV_OPEN] + k.ev[IOL_EV_CLOSE],
	   "an inferred open and close per traced record");
	iol_job_close(job);
}

static void test_ids(void)
{
	ok(iol_record_id("heatmap:POSIX") == 16592106915301738621ULL &&
		   iol_record_id("heatmap:MPIIO") == 3668870418325792824ULL &&
		   iol_record_id(
			   "/home/wkliao/Darshan/TEST/mpi-io-test.tmp.dat") ==
			   9347516096890457488ULL,
	   "iol_record_id matches FORMAT.md's vectors");
	ok(tr_calls_sorted(), "the table of system calls is sorted");
	ok(iol_source_find("iota") && iol_source_find("strace") &&
		   iol_source_find("darshan") && !iol_source_find("x"),
	   "sources are found by name");
}

int main(int argc, char **argv)
{
	const char *samples = argc > 1 ? argv[1] : "sample-logs";

	test_ids();
	test_strace(samples);
	test_two(samples);
	test_dxt(samples);
	return tap_done();
}
