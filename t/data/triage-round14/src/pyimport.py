# an import storm: import every top-level standard-library module (sorted), as a plugin scan or a big
# application's start-up does; modules with side effects (a browser, a GUI, printing) are skipped
import importlib, os, sys, time
os.environ.pop("LD_PRELOAD", None)  # Darshan for this process only, not the helpers some modules spawn
t0 = time.monotonic()
skip = {"antigravity", "this", "tkinter", "turtle", "turtledemo", "idlelib", "__hello__", "__phello__", "pydoc_data", "lib2to3"}
ok = 0
for m in sorted(sys.stdlib_module_names):
    if m in skip or m.startswith("_"):
        continue
    try:
        importlib.import_module(m)
        ok += 1
    except Exception:
        pass
print("pyimport: %d modules, %.3f s" % (ok, time.monotonic() - t0))
