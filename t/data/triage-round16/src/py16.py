"""py16: numpy programs for triage round 16 (issue 34), run unmodified under Darshan."""
import sys, time
import numpy as np

def main():
    mode, path = sys.argv[1], sys.argv[2]
    t = time.time()
    if mode == "saveload":
        # np.save then np.load of a 256 MiB float64 array, as a user checkpoints and restarts it
        a = np.arange(32 * 1024 * 1024, dtype=np.float64)
        np.save(path, a)
        b = np.load(path)
        assert b[-1] == a[-1]
    elif mode == "savetxt":
        # np.savetxt of 200000 x 8 floats (a CSV a user writes for a spreadsheet)
        a = np.random.default_rng(16).random((200000, 8))
        np.savetxt(path, a, delimiter=",")
    elif mode == "savebin":
        a = np.random.default_rng(16).random((200000, 8))
        np.save(path, a)
    print("%s: %.3f s" % (mode, time.time() - t))

main()
