/*
 * The table of I/O calls the source extractor recognises, by API family.
 * Sizes come from the arguments the table names when they are constants;
 * calls with no size argument (fprintf, H5Dwrite, readv) move an amount
 * the source does not say, which the prediction counts as unknown.
 */
#include <stdlib.h>
#include <string.h>

#include "code/iocalls.h"
#include "base/banned.h"

#define P IOL_CAPI_POSIX
#define S IOL_CAPI_STDIO
#define M IOL_CAPI_MPIIO
#define H IOL_CAPI_HDF5
#define N IOL_CAPI_PNETCDF

/* name, api, op, size, count, type, path, stream, fixed, literal_len;
 * sorted by name (bsearch).  Calls on a file as a trace has them: not
 * fdopen (it opens nothing; glibc's fcntl(F_GETFL) is no call on the
 * file, the preload sees none) nor msync (no descriptor: neither
 * tracer records it), but mmap of a descriptor, which both record. */
static const struct iol_ciodef defs[] = {
	{"H5Aclose", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Acreate", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Acreate2", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Aopen", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Aread", H, IOL_COP_READ, -1, -1, -1, -1, -1, 0, 0},
	{"H5Awrite", H, IOL_COP_WRITE, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dclose", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dcreate", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dcreate1", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dcreate2", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dopen", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dopen1", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dopen2", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dread", H, IOL_COP_READ, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dread_multi", H, IOL_COP_READ, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dset_extent", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dwrite", H, IOL_COP_WRITE, -1, -1, -1, -1, -1, 0, 0},
	{"H5Dwrite_multi", H, IOL_COP_WRITE, -1, -1, -1, -1, -1, 0, 0},
	{"H5Fclose", H, IOL_COP_CLOSE, -1, -1, -1, -1, -1, 0, 0},
	{"H5Fcreate", H, IOL_COP_OPEN, -1, -1, -1, 0, -1, 0, 0},
	{"H5Fflush", H, IOL_COP_SYNC, -1, -1, -1, -1, -1, 0, 0},
	{"H5Fopen", H, IOL_COP_OPEN, -1, -1, -1, 0, -1, 0, 0},
	{"H5Gclose", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Gcreate", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Gcreate2", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Gopen", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"H5Gopen2", H, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_File_close", M, IOL_COP_CLOSE, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_File_delete", M, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_File_get_size", M, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_File_iread", M, IOL_COP_READ, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_File_iread_all", M, IOL_COP_READ, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_File_iread_at", M, IOL_COP_READ, -1, 3, 4, -1, -1, 0, 0},
	{"MPI_File_iread_at_all", M, IOL_COP_READ, -1, 3, 4, -1, -1, 0, 0},
	{"MPI_File_iwrite", M, IOL_COP_WRITE, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_File_iwrite_all", M, IOL_COP_WRITE, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_File_iwrite_at", M, IOL_COP_WRITE, -1, 3, 4, -1, -1, 0, 0},
	{"MPI_File_iwrite_at_all", M, IOL_COP_WRITE, -1, 3, 4, -1, -1, 0, 0},
	{"MPI_File_open", M, IOL_COP_OPEN, -1, -1, -1, 1, -1, 0, 0},
	{"MPI_File_preallocate", M, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_File_read", M, IOL_COP_READ, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_File_read_all", M, IOL_COP_READ, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_File_read_at", M, IOL_COP_READ, -1, 3, 4, -1, -1, 0, 0},
	{"MPI_File_read_at_all", M, IOL_COP_READ, -1, 3, 4, -1, -1, 0, 0},
	{"MPI_File_read_ordered", M, IOL_COP_READ, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_File_read_shared", M, IOL_COP_READ, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_File_seek", M, IOL_COP_SEEK, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_File_seek_shared", M, IOL_COP_SEEK, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_File_set_size", M, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_File_set_view", M, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_File_sync", M, IOL_COP_SYNC, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_File_write", M, IOL_COP_WRITE, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_File_write_all", M, IOL_COP_WRITE, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_File_write_at", M, IOL_COP_WRITE, -1, 3, 4, -1, -1, 0, 0},
	{"MPI_File_write_at_all", M, IOL_COP_WRITE, -1, 3, 4, -1, -1, 0, 0},
	{"MPI_File_write_ordered", M, IOL_COP_WRITE, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_File_write_shared", M, IOL_COP_WRITE, -1, 2, 3, -1, -1, 0, 0},
	{"MPI_Finalize", M, IOL_COP_LIB, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_Init", M, IOL_COP_LIB, -1, -1, -1, -1, -1, 0, 0},
	{"MPI_Init_thread", M, IOL_COP_LIB, -1, -1, -1, -1, -1, 0, 0},
	{"access", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"aio_read", P, IOL_COP_READ, -1, -1, -1, -1, -1, 0, 0},
	{"aio_write", P, IOL_COP_WRITE, -1, -1, -1, -1, -1, 0, 0},
	{"close", P, IOL_COP_CLOSE, -1, -1, -1, -1, -1, 0, 0},
	{"creat", P, IOL_COP_OPEN, -1, -1, -1, 0, -1, 0, 0},
	{"creat64", P, IOL_COP_OPEN, -1, -1, -1, 0, -1, 0, 0},
	{"fclose", S, IOL_COP_CLOSE, -1, -1, -1, -1, 0, 0, 0},
	{"fdatasync", P, IOL_COP_SYNC, -1, -1, -1, -1, -1, 0, 0},
	{"fflush", S, IOL_COP_SYNC, -1, -1, -1, -1, 0, 0, 0},
	{"fgetc", S, IOL_COP_READ, -1, -1, -1, -1, 0, 1, 0},
	{"fgets", S, IOL_COP_READ, -1, -1, -1, -1, 2, 0, 0},
	{"fopen", S, IOL_COP_OPEN, -1, -1, -1, 0, -1, 0, 0},
	{"fopen64", S, IOL_COP_OPEN, -1, -1, -1, 0, -1, 0, 0},
	{"fprintf", S, IOL_COP_WRITE, -1, -1, -1, -1, 0, 0, 0},
	{"fputc", S, IOL_COP_WRITE, -1, -1, -1, -1, 1, 1, 0},
	{"fputs", S, IOL_COP_WRITE, 0, -1, -1, -1, 1, 0, 1},
	{"fread", S, IOL_COP_READ, 1, 2, -1, -1, 3, 0, 0},
	{"freopen", S, IOL_COP_OPEN, -1, -1, -1, 0, 2, 0, 0},
	{"fscanf", S, IOL_COP_READ, -1, -1, -1, -1, 0, 0, 0},
	{"fseek", S, IOL_COP_SEEK, -1, -1, -1, -1, 0, 0, 0},
	{"fseeko", S, IOL_COP_SEEK, -1, -1, -1, -1, 0, 0, 0},
	{"fsetpos", S, IOL_COP_SEEK, -1, -1, -1, -1, 0, 0, 0},
	{"fstat", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"fsync", P, IOL_COP_SYNC, -1, -1, -1, -1, -1, 0, 0},
	{"ftruncate", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"fwrite", S, IOL_COP_WRITE, 1, 2, -1, -1, 3, 0, 0},
	{"getc", S, IOL_COP_READ, -1, -1, -1, -1, 0, 1, 0},
	{"getdelim", S, IOL_COP_READ, -1, -1, -1, -1, 3, 0, 0},
	{"getline", S, IOL_COP_READ, -1, -1, -1, -1, 2, 0, 0},
	{"lseek", P, IOL_COP_SEEK, -1, -1, -1, -1, -1, 0, 0},
	{"lseek64", P, IOL_COP_SEEK, -1, -1, -1, -1, -1, 0, 0},
	{"lstat", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"mkdir", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"mmap", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"mmap64", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"open", P, IOL_COP_OPEN, -1, -1, -1, 0, -1, 0, 0},
	{"open64", P, IOL_COP_OPEN, -1, -1, -1, 0, -1, 0, 0},
	{"openat", P, IOL_COP_OPEN, -1, -1, -1, 1, -1, 0, 0},
	{"openat64", P, IOL_COP_OPEN, -1, -1, -1, 1, -1, 0, 0},
	{"pread", P, IOL_COP_READ, 2, -1, -1, -1, -1, 0, 0},
	{"pread64", P, IOL_COP_READ, 2, -1, -1, -1, -1, 0, 0},
	{"preadv", P, IOL_COP_READ, -1, -1, -1, -1, -1, 0, 0},
	{"putc", S, IOL_COP_WRITE, -1, -1, -1, -1, 1, 1, 0},
	{"pwrite", P, IOL_COP_WRITE, 2, -1, -1, -1, -1, 0, 0},
	{"pwrite64", P, IOL_COP_WRITE, 2, -1, -1, -1, -1, 0, 0},
	{"pwritev", P, IOL_COP_WRITE, -1, -1, -1, -1, -1, 0, 0},
	{"read", P, IOL_COP_READ, 2, -1, -1, -1, -1, 0, 0},
	{"readv", P, IOL_COP_READ, -1, -1, -1, -1, -1, 0, 0},
	{"rename", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"rewind", S, IOL_COP_SEEK, -1, -1, -1, -1, 0, 0, 0},
	{"rmdir", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"stat", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"sync", P, IOL_COP_SYNC, -1, -1, -1, -1, -1, 0, 0},
	{"syncfs", P, IOL_COP_SYNC, -1, -1, -1, -1, -1, 0, 0},
	{"truncate", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"unlink", P, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0},
	{"vfprintf", S, IOL_COP_WRITE, -1, -1, -1, -1, 0, 0, 0},
	{"vfscanf", S, IOL_COP_READ, -1, -1, -1, -1, 0, 0, 0},
	{"write", P, IOL_COP_WRITE, 2, -1, -1, -1, -1, 0, 0},
	{"writev", P, IOL_COP_WRITE, -1, -1, -1, -1, -1, 0, 0},
};

/* PnetCDF: families by prefix, first match wins */
static const struct {
	const char *prefix;
	struct iol_ciodef def;
} nc_prefix[] = {
	{"ncmpi_create",
	 {"ncmpi_create", N, IOL_COP_OPEN, -1, -1, -1, 1, -1, 0, 0}},
	{"ncmpi_open",
	 {"ncmpi_open", N, IOL_COP_OPEN, -1, -1, -1, 1, -1, 0, 0}},
	{"ncmpi_close",
	 {"ncmpi_close", N, IOL_COP_CLOSE, -1, -1, -1, -1, -1, 0, 0}},
	{"ncmpi_sync",
	 {"ncmpi_sync", N, IOL_COP_SYNC, -1, -1, -1, -1, -1, 0, 0}},
	{"ncmpi_put_att",
	 {"ncmpi_put_att", N, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0}},
	{"ncmpi_get_att",
	 {"ncmpi_get_att", N, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0}},
	{"ncmpi_put_",
	 {"ncmpi_put_", N, IOL_COP_WRITE, -1, -1, -1, -1, -1, 0, 0}},
	{"ncmpi_iput_",
	 {"ncmpi_iput_", N, IOL_COP_WRITE, -1, -1, -1, -1, -1, 0, 0}},
	{"ncmpi_bput_",
	 {"ncmpi_bput_", N, IOL_COP_WRITE, -1, -1, -1, -1, -1, 0, 0}},
	{"ncmpi_get_",
	 {"ncmpi_get_", N, IOL_COP_READ, -1, -1, -1, -1, -1, 0, 0}},
	{"ncmpi_iget_",
	 {"ncmpi_iget_", N, IOL_COP_READ, -1, -1, -1, -1, -1, 0, 0}},
	{"ncmpi_", {"ncmpi_", N, IOL_COP_META, -1, -1, -1, -1, -1, 0, 0}},
};

static int cmp_def(const void *key, const void *elem)
{
	return strcmp(key, ((const struct iol_ciodef *)elem)->name);
}

const struct iol_ciodef *iol_ciodef_find(const char *name)
{
	size_t i;

	if (!name || !*name)
		return NULL;
	if (strncmp(name, "ncmpi_", 6) == 0) {
		for (i = 0; i < sizeof(nc_prefix) / sizeof(nc_prefix[0]); i++)
			if (strncmp(name, nc_prefix[i].prefix,
				    strlen(nc_prefix[i].prefix)) == 0)
				return &nc_prefix[i].def;
		return NULL;
	}
	return bsearch(name, defs, sizeof(defs) / sizeof(defs[0]),
		       sizeof(defs[0]), cmp_def);
}

int64_t iol_mpi_type_size(const char *s)
{
	static const struct {
		const char *name;
		int64_t size;
	} types[] = {
		{"MPI_BYTE", 1},
		{"MPI_CHAR", 1},
		{"MPI_SIGNED_CHAR", 1},
		{"MPI_UNSIGNED_CHAR", 1},
		{"MPI_INT8_T", 1},
		{"MPI_UINT8_T", 1},
		{"MPI_SHORT", 2},
		{"MPI_UNSIGNED_SHORT", 2},
		{"MPI_INT16_T", 2},
		{"MPI_UINT16_T", 2},
		{"MPI_INT", 4},
		{"MPI_UNSIGNED", 4},
		{"MPI_INT32_T", 4},
		{"MPI_UINT32_T", 4},
		{"MPI_FLOAT", 4},
		{"MPI_LONG", 8},
		{"MPI_UNSIGNED_LONG", 8},
		{"MPI_LONG_LONG", 8},
		{"MPI_LONG_LONG_INT", 8},
		{"MPI_INT64_T", 8},
		{"MPI_UINT64_T", 8},
		{"MPI_DOUBLE", 8},
		{"MPI_COMPLEX", 8},
		{"MPI_DOUBLE_COMPLEX", 16},
		{"MPI_C_DOUBLE_COMPLEX", 16},
	};
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strcmp(s, types[i].name) == 0)
			return types[i].size;
	return -1;
}
