#!/bin/sh
# inputs for round 12, made without Darshan (in/g1.dat is round 11's 1 GiB of /dev/urandom, linked)
cd /tmp/labels12-run
mkdir -p in/hdr
head -c 67108864 /dev/urandom >in/s64.dat
for i in $(seq 0 399); do head -c 8192 /dev/urandom | base64 -w 76 | head -c 8192 >in/hdr/h$(printf %03d $i).h; done
