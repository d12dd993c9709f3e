/*
 * Writing a job as a Darshan 3.41 log (lib/darshan-write.c): POSIX
 * records, DXT_POSIX traces and LUSTRE records, readable by darshan-util
 * and by us.
 */
#ifndef IOLENS_DARSHAN_WRITE_H
#define IOLENS_DARSHAN_WRITE_H

#include "model/job.h"

/* Darshan's record id of a name: lookup8 hash(name, strlen(name), 0). */
uint64_t iol_darshan_record_id(const char *name);

/* Write job to path through a temporary file renamed when complete. */
int iol_darshan_write(const struct iol_job *job, const char *path,
		      struct iol_error *err);

#endif
