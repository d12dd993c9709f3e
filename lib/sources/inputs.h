/*
 * The arguments of a command that reads logs, resolved once into jobs.
 * One rule for what an argument stands for:
 *  - a file (or "-", standard input) is one job, read by whichever
 *    source recognises it;
 *  - a directory that holds strace or Iota traces is one job, its traces
 *    a rank each (or the processes of strace -ff's files), in name order;
 *  - any other directory stands for every Darshan log under it (by
 *    content, not name) and every directory under it that holds traces,
 *    recursively, in name order, symbolic links to directories not
 *    followed;
 *  - trace files of one directory given one after the other are one
 *    job's ranks (strace -ff's prefix.PID files are its processes),
 *    named after the first and "+N"; traces of different directories
 *    stay jobs apart; with IOL_INPUTS_MERGE every argument is one job.
 *
 * Ownership: everything is owned by the struct iol_inputs and freed by
 * iol_inputs_release(); the arguments are copied.
 */
#ifndef IOLENS_INPUTS_H
#define IOLENS_INPUTS_H

#include "model/job.h"
#include "sources/trace.h"

struct iol_input {
	const char *arg;  /* the first argument it came from (or the path
			   * found under a directory argument): the subject
			   * of its messages */
	const char *name; /* the job's name: arg, or arg and " +N" */
	char **paths;	  /* traces: the files read, in order */
	int npaths;	  /* 0: arg alone, by whichever source sniffs it */
};

struct iol_inputs {
	struct iol_input *v;
	size_t n;
	char **empty; /* directory arguments that held no log, in order */
	size_t nempty;
};

enum {
	IOL_INPUTS_MERGE = 1, /* every argument is one job's traces */
};

/*
 * Resolve args[0..nargs) by the rule above into in (zeroed here).  A
 * directory that holds no log is listed in in->empty, the others kept.
 * Returns 0, or IOL_ENOMEM (in released).
 */
int iol_inputs_resolve(struct iol_inputs *in, const char *const *args,
		       int nargs, unsigned flags, struct iol_error *err);
void iol_inputs_release(struct iol_inputs *in);

/* Load one input's job (caller closes it with iol_job_close()); 0 or an
 * IOL_E* code with err set.  Its path is in->name. */
int iol_input_load(const struct iol_input *in, const struct iol_trace_opts *to,
		   struct iol_job **job, struct iol_error *err);

/* The traces in dir, full paths in name order (caller frees each and
 * the vector); 0, IOL_EIO when dir cannot be read, IOL_ENOMEM. */
int iol_trace_dir(const char *dir, char ***paths, int *n,
		  struct iol_error *err);

/* Does the file start like a Darshan log (any version, either byte
 * order)?  0 when it cannot be read. */
int iol_is_darshan_file(const char *path);
/* Is it a regular file of strace or Iota output (not "-")? */
int iol_is_trace_file(const char *path);
/* Does the file start as text (no NUL, no control bytes but white space
 * in its first 512 bytes)?  A Darshan log never does. */
int iol_is_text_file(const char *path);
/* Is the path a C or C++ source or header (.c, .h, .cc, .cpp, .hpp, .i,
 * ... by its extension, not its content)? */
int iol_is_c_source(const char *path);
/* The entries of dir (no dot files) as full paths, in name order; 0,
 * IOL_EIO (errno in err) or IOL_ENOMEM.  The caller frees each and the
 * vector (which is NULL for an empty directory). */
int iol_dir_list(const char *dir, char ***v, size_t *n, struct iol_error *err);

#endif
