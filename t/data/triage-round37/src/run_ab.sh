#!/bin/bash
# Round 37's reruns (reruns/, not labelled), made after the labelled pass and before any label was written:
# 2 A B pairs of each program that has a better variant (labelled variant first), then 2 plain reruns of the others.
RUN=/work/labels37/t/data/triage-round37/src/run_all.sh
for p in "py-imports py-imports-zip" "pip-install pip-nocompile" "perl-flush perl-buf" "pickle-many json-one" \
	"sqlite-wal sqlite-wal-batch" "sqlite-del sqlite-del-batch" "preadback preadfwd"; do
	set -- $p
	for k in 1 2; do
		ONLY=$1 LOGS=reruns PFX=r37-ab$k- $RUN | grep -v '^    '
		ONLY=$2 LOGS=reruns PFX=r37-ab$k- $RUN | grep -v '^    '
	done
done
for k in 1 2; do
	ONLY="git-checkout make find du xz split cat awk cp" LOGS=reruns PFX=r37-rr$k- $RUN | grep -v '^    '
done
