/*
 * The child side of `iolens serve`'s batches (serve/run.c run_batch):
 * "iolens --serve-batch CMD ARG... SEP CMD ARG..." runs the commands (SEP
 * a lone \x1e between them) one after the other in one process, each
 * one's standard output and error caught and framed for the server (a
 * page's sections from one child).  The commands themselves are the
 * binary's (cmd/), reached through run.
 */
#ifndef IOLENS_BATCH_H
#define IOLENS_BATCH_H

/* Runs one command, argv[0] its name and argv[argc] NULL; returns its
 * exit status (it prints what it prints to fds 1 and 2). */
typedef int (*serve_batch_fn)(int argc, char **argv);

/* The commands of argv[0..argc), each written to fd 1 as
 * "status outlen errlen\n", its output, its error: 0, or -1 when a
 * descriptor could not be made or written (errno). */
int serve_batch_run(int argc, char **argv, serve_batch_fn run);

/* `iolens --serve-worker`, started once and kept by the server
 * (serve/worker.c): batch after batch from the socket sock (fd 0), so
 * that a job page's first visit costs no process start, no dynamic
 * linking and no store schema read.  A request: a 32-bit length (host
 * order) carrying the log's descriptor (SCM_RIGHTS; it becomes fd 3),
 * then that many bytes: the store's state, then the batch's arguments,
 * each NUL-ended.  The answer on the socket: the batch's frames as
 * above, then "E cpu_ms\n" (the CPU the batch took).  fresh() is called
 * when the store's state differs from the last request's.  Returns at
 * the socket's end (0) or on an error (-1: the worker exits, the server
 * starts another). */
#define SERVE_WORKER_MAX_REQ (1U << 20)
#define SERVE_WORKER_MAX_ARGS 256
int serve_worker_run(int sock, serve_batch_fn run, void (*fresh)(void));

/*
 * A serve child's confinement (serve/run.c sets IOLENS_SERVE_CONFINE in
 * the environment of every child it starts, worker or not): it decodes
 * logs from elsewhere, hostile until proven otherwise.  spec is lines
 * "r PATH" (read beneath PATH, a directory or a file), "w PATH" (read
 * and write files there) or "d PATH" (read, and remove files: a test's
 * IOLENS_TEST_HOLD only).  Limits first (SERVE_CONFINE_AS of address
 * space, no core file, SERVE_CONFINE_FILES descriptors, no file written
 * past SERVE_CONFINE_FSIZE), then no new privileges and, where the
 * kernel has Landlock, no file opened but those (nothing run: no
 * execve), and no process started (a seccomp filter: threads only, on
 * the architectures iol_sbx_noproc knows).  Returns the Landlock ABI
 * applied, 0 when the kernel has none (the limits alone), -1 with errno
 * when a limit, Landlock or the filter failed (the child must not run
 * unconfined).
 */
#define SERVE_CONFINE_AS ((unsigned long long)4 << 30)
#define SERVE_CONFINE_FILES 256
#define SERVE_CONFINE_FSIZE ((unsigned long long)256 << 20)
int serve_confine(const char *spec);

#endif
