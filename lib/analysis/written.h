/*
 * Files written by a job, by size (Carns et al., Fig. 5): the distinct
 * POSIX and STDIO files with bytes written, classed by their size, taken
 * as the highest byte accessed + 1 over every record of the file.
 *
 * Ownership: struct iol_written is caller storage; names are static.
 */
#ifndef IOLENS_WRITTEN_H
#define IOLENS_WRITTEN_H

#include <stdint.h>

#include "model/job.h"

/* lt_4k 4k_64k 64k_1m 1m_16m 16m_256m 256m_4g ge_4g */
#define IOL_WCLASS_N 7
extern const char *const iol_wclass_names[IOL_WCLASS_N];

struct iol_written {
	int64_t files;		   /* distinct files with bytes written */
	int64_t cls[IOL_WCLASS_N]; /* of those, by size class */
};

/* The class of a file of size bytes. */
int iol_wclass_of(int64_t size);

int iol_written_compute(const struct iol_job *job, struct iol_written *w,
			struct iol_error *err);

#endif
