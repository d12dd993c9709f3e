#!/bin/sh
# inputs for round 8, made without Darshan
cd /tmp/labels8-run
mkdir -p in out
[ -s in/c1g.dat ] || { head -c 268435456 /dev/urandom > in/a256.dat     # reread-same, read-two
head -c 268435456 /dev/urandom > in/b256.dat     # read-two
head -c 1073741824 /dev/urandom > in/c1g.dat; }   # stdio-fread
python3 - <<'P'
pad = "x" * 60
rows = "".join(f"INSERT INTO t(v) VALUES('row {i:06d} {pad}');\n" for i in range(1500))
open("in/wal-full.sql", "w").write("PRAGMA journal_mode=WAL;\nCREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT);\n" + rows)
open("in/wal-normal.sql", "w").write("PRAGMA journal_mode=WAL;\nPRAGMA synchronous=NORMAL;\nCREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT);\n" + rows)
P
ls -la in
