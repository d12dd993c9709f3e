/*
 * The I/O calls the source extractor knows: name -> API family, kind of
 * operation, and which arguments give the size, the file name and the
 * stream.  Private to lib/code.
 *
 * Ownership: iol_ciodef_find() returns static storage.
 */
#ifndef IOLENS_CODE_IOCALLS_H
#define IOLENS_CODE_IOCALLS_H

#include <stdint.h>

#include "code/extract.h"

struct iol_ciodef {
	const char *name;
	enum iol_capi api;
	enum iol_cop op;
	signed char size_arg;	/* argument with the bytes (or the element
				 * size), -1 when none */
	signed char count_arg;	/* argument multiplying it (fread's nmemb,
				 * MPI's count), -1 when none */
	signed char type_arg;	/* MPI datatype argument, -1 when none */
	signed char path_arg;	/* opens: the file name, -1 when none */
	signed char stream_arg; /* stdio: the FILE *, -1 when none */
	int64_t fixed;		/* bytes of a call when fixed (fputc: 1) */
	int literal_len;	/* bytes = length of the string literal in
				 * argument size_arg (fputs) */
};

/* The definition of name, or NULL when it is no I/O call known here.
 * PnetCDF's families (ncmpi_put_var*, ncmpi_get_vara* ...) are matched by
 * prefix and share one entry per kind. */
const struct iol_ciodef *iol_ciodef_find(const char *name);

/* Bytes of one element of an MPI datatype named by its source spelling
 * (MPI_BYTE 1, MPI_INT 4, MPI_DOUBLE 8 ... on LP64), or -1. */
int64_t iol_mpi_type_size(const char *spelling);

#endif
