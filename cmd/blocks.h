/* iolens blocks --source (cmd/blocks-source.c): the blocks a program's
 * source predicts, run by cmd/blocks.c when its arguments hold --source. */
#ifndef IOLENS_CMD_BLOCKS_H
#define IOLENS_CMD_BLOCKS_H
int blocks_source_run(int argc, char **argv);
#endif
