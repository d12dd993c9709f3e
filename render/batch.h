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

#endif
