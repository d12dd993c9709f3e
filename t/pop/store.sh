# t/pop/store.sh: build a population store for the population tests:
# with `iolens ingest` when the binary has it ($IOLENS_INGEST names another
# binary to ingest with), else straight from `iolens summary --format=csv` and
# `iolens hist --format=csv` over the logs, with the sqlite3 CLI.  It
# follows the schema of man/iolens-ingest.1 (jobs: identity columns, then
# every summary column, then the POSIX access-size bins); columns the
# summary does not have yet are left out and the analyses treat them as
# NULL.  Every job is taken as one compute node (--nodes 1): the
# population ran on one VM (../shared/corpus/population/README.md).
#   popstore_build DB LOG...
popstore_build() {
	_db=$1
	shift
	_ing=${IOLENS_INGEST:-$IOLENS}
	if "$_ing" ingest --help >/dev/null 2>&1; then
		rm -f "$_db"
		"$_ing" ingest --db "$_db" "$@" >/dev/null 2>&1
		# a failed log is an errors row and exit 1; the tests count rows
		return 0
	fi
	popstore_helper "$_db" "$@"
}

popstore_helper() {
	_db=$1
	shift
	_d=$TMP/popstore.$$
	mkdir -p "$_d"
	"$IOLENS" summary --nodes 1 --format=csv "$@" >"$_d/s.csv" 2>/dev/null
	"$IOLENS" hist --format=csv "$@" >"$_d/h.csv" 2>/dev/null
	_cols=$(head -1 "$_d/s.csv" | tr ',' ' ')
	_sel=""
	_def=""
	for c in $_cols; do
		case $c in
		log | source | exe | nodes_source | incomplete_modules | strategy | top_file) t=TEXT ;;
		*) t=NUMERIC ;;
		esac
		_def="$_def, $c $t"
		_sel="$_sel, NULLIF(s.$c, '')"
	done
	for op in read write; do
		for b in 0-100 100-1K 1K-10K 10K-100K 100K-1M 1M-4M 4M-10M 10M-100M 100M-1G 1G+; do
			n=$(echo "$b" | tr 'A-Z-' 'a-z_' | sed 's/+/_plus/')
			_def="$_def, posix_${op}_$n INTEGER"
			_sel="$_sel, (SELECT CAST(count AS INTEGER) FROM h WHERE h.log = s.log AND h.module = 'job' AND h.op = '$op' AND h.bin = '$b')"
		done
	done
	rm -f "$_db"
	sqlite3 "$_db" <<SQL
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
INSERT INTO meta VALUES ('schema_version', '1'), ('created_by', 't/pop/store.sh');
CREATE TABLE jobs (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE,
  user TEXT, app TEXT, project TEXT, partial INTEGER, end_time REAL $_def);
CREATE TABLE errors (path TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER,
  message TEXT, iolens_version TEXT);
.mode csv
.import $_d/s.csv s
.import $_d/h.csv h
CREATE INDEX h_log ON h (log, module, op, bin);
INSERT INTO jobs SELECT NULL, s.log,
  substr(replace(s.log, rtrim(s.log, replace(s.log, '/', '')), ''), 1,
         instr(replace(s.log, rtrim(s.log, replace(s.log, '/', '')), ''), '_') - 1),
  replace(substr(s.exe || ' ', 1, instr(s.exe || ' ', ' ') - 1),
          rtrim(substr(s.exe || ' ', 1, instr(s.exe || ' ', ' ') - 1),
                replace(substr(s.exe || ' ', 1, instr(s.exe || ' ', ' ') - 1), '/', '')), ''),
  NULL, s.incomplete_modules != '', s.start_time + s.run_time $_sel
  FROM s ORDER BY s.start_time, s.log;
DROP TABLE s;
DROP TABLE h;
VACUUM;
SQL
	rm -rf "$_d"
}
