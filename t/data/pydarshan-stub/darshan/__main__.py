# python -m darshan SUBCOMMAND ... of the stub
import sys

from darshan.cli import job_stats, summary

{"job_stats": job_stats, "summary": summary}[sys.argv[1]].main(sys.argv[2:])
