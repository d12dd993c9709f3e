# t/blocks.sh: for the blocks tests (sourced after lib.sh).
# rows CSV: from `blocks --format=csv` with --source, a line a block:
# block trip predicted_trip predicted_calls calls predicted_bytes bytes
# status ("?": not predicted, a number the source does not fix)
rows() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	function v(n) { return $(c[n]) == "" ? "?" : $(c[n]) }
	{ pr = $(c["predicted_bytes_read"]); pw = $(c["predicted_bytes_written"])
	  pb = (pr == "" || pw == "") ? "?" : pr + pw
	  print v("block"), v("trip_count"), v("predicted_trip_count"), v("predicted_calls"),
		v("calls"), pb, $(c["bytes_read"]) + $(c["bytes_written"]), v("status") }' "$1"
}
