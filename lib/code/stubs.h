/*
 * Stand-in headers for MPI, HDF5 and PnetCDF, given to libclang when the
 * real ones are not on the include path (issue 33 D7): without them the
 * library's types and constants are undeclared, and clang drops every
 * call with such an argument, so the I/O calls would not be seen.  The
 * stand-ins declare the types, the constants and the functions by name,
 * enough for the extractor, which knows the calls by name (iocalls.c).
 * Private to lib/code.
 *
 * Ownership: static storage.
 */
#ifndef IOLENS_CODE_STUBS_H
#define IOLENS_CODE_STUBS_H

/* the directory the stand-ins are in: searched after every other
 * (-idirafter), so that a real header on the path always wins */
#define IOL_CSTUB_DIR "/usr/share/iolens/known-headers"

struct iol_cstub {
	const char *path; /* IOL_CSTUB_DIR "/mpi.h" ... */
	const char *text;
};

/* the stand-ins, *n of them */
const struct iol_cstub *iol_cstubs(int *n);

#endif
