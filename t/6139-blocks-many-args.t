#!/bin/sh
# blocks --source on a helper that gives its struct parameter to a
# function of the files as an argument past the 32nd (sink()'s 35th;
# t/data/blocks/many-args.c): whether the callee only reads it was asked
# of bit 34 of an unsigned, a shift past its width (undefined: UBSan
# stopped the SANITIZE=1 build; the plain build shifted by 34 mod 32 and
# then found the argument past the 16 followed).  Such an argument is
# not followed, as before; the size stays unknown, never 0.
. "$(dirname "$0")/lib.sh"
source_csv many-args.c
is "$(block_col s.csv main:59 calls)" 1 "helper(&c): one write"
is "$(block_col s.csv main:59 bytes_written)" "" "its size unknown, not 0"
done_testing
