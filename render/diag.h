/*
 * Diagnostics for people: the one-line messages of the commands on
 * stderr ("iolens parse: cannot open 'x': No such file or directory"),
 * each with its names escaped and any password masked, and the wording of
 * what the library reports about a job, a store or a recording, so that
 * every command says the same thing the same way.
 */
#ifndef IOLENS_RENDER_DIAG_H
#define IOLENS_RENDER_DIAG_H

#include <stdarg.h>
#include <stdint.h>

#include "base/error.h"

struct iol_job;

/* "iolens <cmd>", set by main before dispatch */
extern const char *iol_progname;

/* One line to stderr, "iolens <cmd>: " first, its control characters
 * escaped (base/utf8.h iol_esc_char()): a name in it cannot move the
 * cursor or start a line of its own. */
void msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_v(const char *fmt, va_list ap);
/* "iolens <cmd>: <subject>: <detail>" for a library error on a file */
void msg_ioerr(const char *path, int code, const struct iol_error *err);
/* s escaped as msg() escapes, for names printed to stdout; valid until
 * the fourth call after (a line may print up to four). */
const char *esc(const char *s);

struct iol_input;
struct iol_inputs;
/* Why the input in did not load (iol_input_load()'s rc and err): a
 * text file is told what a text log would have been. */
void msg_input_failed(const struct iol_input *in, int rc,
		      const struct iol_error *err);
/* The directories of in that held no log nor trace, a line each. */
void msg_inputs_empty(const struct iol_inputs *in);
/* What a loaded job at path lacks: incomplete modules, bytes lost,
 * operations not understood, lines skipped (one warning each). */
void msg_job_warnings(const char *path, const struct iol_job *job);
/* A failure rc reading the population store at db. */
void msg_store(const char *db, int rc, const struct iol_error *err);
/* Why the job of log was not found in the store db or summarised, at
 * stage (population/popctx.h IOL_POPCTX_*). */
void msg_popctx(const char *db, const char *log, int rc, int stage,
		const struct iol_error *err);
/* What iol_weather_recs() said of the device recordings recs: those cut
 * early (cut[i], the line), and its failure r (< 0) in recording bad (or
 * none, bad < 0). */
void msg_weather(const char *const *recs, int nrecs, const uint64_t *cut, int r,
		 int bad, const struct iol_error *err);
/* The failure r of iol_fsweather_job() on the file-system telemetry
 * recs[bad] (bad < 0: none), or with no recordings the store db's. */
void msg_fsweather(const char *const *recs, int nrecs, const char *db, int r,
		   int bad, const struct iol_error *err);

struct iol_devset;
/* A warning when the device recording path, just read into ds
 * (storage/devio.h) in format fmt (IOL_DEVFMT_*), ends early. */
void msg_devset_cut(const char *path, const struct iol_devset *ds, int fmt);
/* A warning each for the bad lines skipped and the counter resets of
 * the recordings read into ds (none: nothing said). */
void msg_devset_skips(const struct iol_devset *ds);
/* A warning for the n jobs of the store db a join left out for want of
 * a start or end time (none: nothing said). */
void msg_jobs_undated(const char *db, uint64_t n);

#endif
