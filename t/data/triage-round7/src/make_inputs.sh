#!/bin/sh
# inputs for round 7, made without Darshan
cd /tmp/labels7-run && mkdir -p in out
head -c 268435456 /dev/urandom > in/input256.dat
head -c 1073741824 /dev/urandom > in/input1g.dat
mkdir -p in/stat
python3 -c "
import os
for i in range(10000):
    open('in/stat/f%d.txt' % i, 'w').write('x' * (100 + i % 900))
"
