#!/bin/sh
# inputs for round 6, made without Darshan
cd /tmp/labels6-run
mkdir -p in
head -c 268435456 /dev/urandom > in/input.dat            # 256 MiB: epochs, seekread, pread
python3 - <<'P'
import os
for n, d in ((500, "in/few"), (15000, "in/many")):
    os.makedirs(d, exist_ok=True)
    for i in range(n):
        with open(f"{d}/r{i:05d}.csv", "w") as f:
            f.write("".join(f"{i},{j},{i*j%997}\n" for j in range(20)))
P
# a tree of 3000 small files in 60 directories, tarred (for tar x)
mkdir -p in/tree
i=0; while [ $i -lt 60 ]; do mkdir -p in/tree/d$i; i=$((i+1)); done
python3 -c "
import random
random.seed(6)
for i in range(3000):
    open(f'in/tree/d{i%60}/f{i}.txt','w').write('x'*random.randint(100,3000))
"
tar cf in/tree.tar -C in tree
# sqlite db of ~400 MB: 2,000,000 rows of 200 B
rm -f in/big.db
sqlite3 in/big.db "PRAGMA journal_mode=OFF; CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT); WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<2000000) INSERT INTO t SELECT x, printf('%0200d', x) FROM c;"
ls -la in
