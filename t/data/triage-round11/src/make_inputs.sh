#!/bin/sh
# inputs for round 11, made without Darshan
cd /tmp/labels11-run
head -c 1073741824 /dev/urandom >in/g1.dat
head -c 268435456 /dev/urandom >in/a256.dat
awk 'BEGIN { srand(11); for (i = 0; i < 2600000; i++) printf "%.12f\n", rand() * 1000 }' >in/nums.txt
awk 'BEGIN { for (i = 0; i < 200; i++) printf "param_%03d = %d  # setting %d of the run\n", i, i * 7, i }' >in/app.conf
: >in/empty.dat
