/*
 * iolens blocks: I/O per code block.  `blocks --source FILE...` predicts
 * it from the source (cmd/blocks-source.c, Vidya's static extractor).
 */
#ifndef IOLENS_BLOCKS_H
#define IOLENS_BLOCKS_H

/*
 * `iolens blocks --source FILE... [-- compiler args]`: argv as the
 * command gets it (argv[0] "blocks"); a leading --source flag is accepted
 * and ignored, --source=FILE names one file.  Prints the predicted block
 * tree; returns the exit status (0, 1 data error, 2 usage).
 */
int blocks_source_run(int argc, char **argv);

#endif
