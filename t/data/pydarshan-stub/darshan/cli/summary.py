# summary of the stub: the job table of PyDarshan's HTML report, from
# `iolens summary --format csv`.
import csv
import io
import os
import subprocess


def main(argv):
    log, out = argv[0], argv[argv.index("--output") + 1]
    text = subprocess.run([os.environ["IOLENS"], "summary", "--format", "csv", log],
                          check=True, capture_output=True, text=True).stdout
    j = next(csv.DictReader(io.StringIO(text)))
    with open(out, "w") as f:
        f.write("<table><tr><th>Job ID</th><td>%s</td></tr>"
                "<tr><th>User ID</th><td>%s</td></tr>"
                "<tr><th># Processes</th><td>%s</td></tr>"
                "<tr><th>Run time (s)</th><td>%.4f</td></tr></table>\n"
                % (j["jobid"], j["uid"], j["nprocs"], float(j["run_time"])))
