/* iolens files --by ost (cmd/files-ost.c). */
#ifndef IOLENS_FILES_OST_H
#define IOLENS_FILES_OST_H

#include "model/job.h"
#include "render/output.h"

/* The OST rows of one log: text a titled table, the machine formats
 * rows of the table files_by_ost_start() began.  0, or -1 (message
 * printed). */
int files_by_ost(struct out *o, const char *log, const struct iol_job *job);

#endif
