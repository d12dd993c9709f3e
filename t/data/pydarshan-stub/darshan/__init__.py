# A stand-in for PyDarshan (t/1014): bench/pydarshan.sh's plumbing
# without numpy and pandas.  STUB_BROKEN makes its import fail as a
# PyDarshan without its dependencies does.
import os

if os.environ.get("STUB_BROKEN"):
    raise ImportError("No module named 'numpy'")
__version__ = "stub"
