/*
 * The drawing module: the renderers that draw with Cairo and Pango or
 * write XLSX (report, population report, iostat report, replay profile,
 * workbook) are built into a module, iolens-gfx.so, that the binary loads
 * with dlopen() the first time a command draws.  Loading Cairo, Pango,
 * GLib and libxlsxwriter costs about 10 ms per process, more than parsing
 * a small log takes, so commands that do not draw never pay for it.
 *
 * The binary calls the renderers by their usual names (render/report.h
 * and the rest); render/gfx-load.c defines those names as stubs that
 * load the module and call through this table (cmd/gfx.c the two whose
 * failure is said on stderr).  The module resolves libiolens and
 * the table writers from the binary, which exports them.
 *
 * Ownership: the table is static in the module; the module stays loaded
 * until the process exits.
 */
#ifndef IOLENS_GFX_H
#define IOLENS_GFX_H

#include "render/flame.h"
#include "render/iostat-report.h"
#include "render/popreport.h"
#include "render/profile.h"
#include "render/report.h"
#include "render/xlsx.h"

/* bumped when a member changes, so a stale module is refused */
#define IOL_GFX_VERSION 4

struct iol_gfx {
	int version;
	int (*report_write)(const struct iol_job *job, const char *path,
			    const struct report_opts *o, struct iol_error *err);
	void (*report_cleanup)(void);
	const char *(*report_default_template)(void);
	int (*xlsx_write)(struct iol_job *const *jobs, int njobs,
			  const char *path, const struct iol_opts *o,
			  time_t created, struct iol_error *err);
	int (*popreport_write)(const struct iol_popset *set, const char *dbpath,
			       const struct iol_poptri *tri,
			       const struct iol_popouttab *out,
			       const char *path, const char *date,
			       struct iol_error *err);
	void (*popreport_context_page)(void *cr, double pw, double ph,
				       int pageno, void *arg);
	int (*iostat_report_write)(const char *path, const struct iol_binned *b,
				   const struct iol_devstats *st,
				   const struct iostat_report_opts *o,
				   struct iol_error *err);
	int (*profile_pdf)(const char *path, const struct iol_rprofile *orig,
			   const struct iol_rprofile *rep, const char *title,
			   int64_t date);
	int (*flame_write)(const char *path, const struct iol_blocks *b,
			   int by_bytes, const char *title, int64_t date,
			   struct iol_error *err);
};

/* The module's table (the one symbol the binary looks up). */
const struct iol_gfx *iolens_gfx(void);

/* The binary's side (render/gfx-load.c): the module's table, loaded on
 * first use, or NULL with iol_gfx_why() saying why it could not be. */
const struct iol_gfx *iol_gfx_get(void);
const char *iol_gfx_why(void);
/* The module loaded on a thread of its own while the caller reads and
 * analyses its logs (cairo, Pango and the 40 libraries under them: 7 ms
 * of dynamic loading, a tenth of the e3sm heatmap log's PDF report), and
 * waited for before the first drawing: the same CPU, less wall time when
 * a second core is free.  A module that does not load is looked for
 * again by iol_gfx_get(), which says why.  Wait before any other call of
 * this module's functions. */
void iol_gfx_prefetch(void);
void iol_gfx_prefetch_wait(void);
/* How the two stubs that cannot return why the module did not load
 * (report_default_template, profile_pdf) say it: set by the command
 * layer to its house message on stderr; NULL: not said. */
extern void (*iol_gfx_say)(const char *why);

#endif
