#!/bin/bash
# Round 37's inputs, made once after `throttle.sh up`, OUTSIDE the cgroup, without Darshan: a venv on the sync
# mount (python3 -m venv; pip and setuptools by ensurepip) with 600 generated modules (genmods37.py) compiled to
# .pyc, the same package as one zip (PyZipFile: .pyc inside), setuptools' wheel, a git repository of a copy of
# /usr/include/linux, a 40-file C project (genproj37.sh), lines12.txt (first 12 MB of lines.txt), data16.bin.
set -e
S=/tmp/labels37/mnt; SRC=$(dirname $(readlink -f $0))
/usr/bin/python3 -m venv $S/venv
SP=$S/venv/lib/python3.11/site-packages
/usr/bin/python3 $SRC/genmods37.py $SP 600
/usr/bin/python3 -m compileall -q $SP/storm37
/usr/bin/python3 -c "import zipfile,sys; z=zipfile.PyZipFile(sys.argv[1],'w'); z.writepy(sys.argv[2]); z.close()" $S/in/storm37.zip $SP/storm37
cp /usr/share/python-wheels/setuptools-66.1.1-py3-none-any.whl $S/in/
mkdir -p $S/in/repo; cp -r /usr/include/linux $S/in/repo/
git -C $S/in/repo init -q; git -C $S/in/repo add -A
git -C $S/in/repo -c user.name=labels37 -c user.email=labels37@example.invalid commit -q -m "linux headers"
$SRC/genproj37.sh $S/in/proj 40
head -c 12000000 $S/in/lines.txt > $S/in/lines12.txt
head -c 16777216 $S/in/lines.txt > $S/in/data16.bin
