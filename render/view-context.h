/*
 * The views of iolens context (render/view-context.c).
 */
#ifndef IOLENS_VIEW_CONTEXT_H
#define IOLENS_VIEW_CONTEXT_H

#include "population/popan.h"
#include "population/weather.h"
#include "population/fsweather.h"
#include "render/view.h"

extern const struct iol_view iol_view_context, iol_view_context_weather;
/* The job's metrics among the earlier jobs c, log its name. */
void iol_view_context_print(struct out *o, const char *log,
			    const struct iol_popctx *c);
/* Its I/O weather (--iostat). */
void iol_view_context_print_weather(struct out *o, const char *log,
				    const struct iol_wjobw *w);
/* Its file system's weather (--fsload): text two lines of prose, the
 * machine formats a table of one row. */
void iol_view_context_print_fsweather(struct out *o, const char *log,
				      const struct iol_fsjob *f);

#endif
