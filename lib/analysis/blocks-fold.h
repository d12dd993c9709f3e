/*
 * The frames iolens blocks (analysis/blocks.h) folds into one block
 * each, told by module and function name: the programs that launch
 * MPI jobs (mpirun and its kin), whose processes are never the
 * application's code; the loader and the C runtime's start code around
 * main; and MPI's own start and end (MPI_Init, MPI_Finalize) with the
 * libraries under them.
 *
 * Ownership: the strings returned are static, or point into the
 * argument (a base name), borrowed as long as it is.
 */
#ifndef IOLENS_BLOCKS_FOLD_H
#define IOLENS_BLOCKS_FOLD_H

/* When module is the program of a launcher (mpirun,
 * mpiexec, orterun, prterun, srun, hydra_pmi_proxy, prted, orted, or one
 * of them with a suffix after a dot: mpiexec.hydra): its base name;
 * NULL otherwise. */
const char *iol_bfold_launcher(const char *module);

/* 2 when the frame (module, function) is the loader's (ld.so), 1 the C
 * runtime's start code (_start, __libc_start_main, ...), 0 otherwise. */
int iol_bfold_loader(const char *module, const char *func);

/* "MPI_Init", "MPI_Init_thread" or "MPI_Finalize" when func is that
 * call, its profiling name (PMPI_), its Fortran one (mpi_init_, ...) or
 * the function it hands over to (Open MPI's ompi_mpi_finalize); NULL
 * otherwise. */
const char *iol_bfold_mpi_call(const char *func);

/* 1 when module is one of an MPI implementation's libraries (or of the
 * process managers and fabrics under it), 0 otherwise. */
int iol_bfold_mpi_lib(const char *module);

#endif
