# t/serve-dash-cdp.py CHROME BASEURL SERVERPID PROFILE: the dashboard in
# headless Chromium (the DevTools protocol, as t/serve-cdp.py) loaded while
# the server's child making its tables holds itself (IOLENS_TEST_HOLD),
# then that child let go: the page's script fills the sections in from
# /dashboard/NAME.  Prints one line per check:
#   parts <sections to fill at the load> <left once filled>
#   apps <rows of the applications' table put in>
#   sort <ascending> <descending>   its header sorts it (the script's sorter
#                                   given the section put in)
# Waits are for events (a load, a value appearing), never timed checks.
import os, signal, sys, time

from cdp import call, js, page, start, wait

chrome, base, server, prof = sys.argv[1:5]
proc = start(chrome, prof)


def held():
    """The server's child stopped by itself, or None."""
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            s = open("/proc/%s/stat" % p).read()
        except OSError:
            continue
        f = s[s.rfind(")") + 2:].split()
        if f[1] == server and f[0] == "T":
            return int(p)
    return None


try:
    page()
    call("Page.navigate", {"url": base + "/"})
    wait(lambda e: e.get("method") == "Page.loadEventFired")
    n0 = js("document.querySelectorAll('section[data-part]').length")
    kid = None
    for _ in range(6000):  # until the child has stopped itself
        kid = held()
        if kid:
            break
        time.sleep(0.05)
    if kid:
        os.kill(kid, signal.SIGCONT)
    n1 = n0
    for _ in range(6000):  # until the script has put every table in
        n1 = js("document.querySelectorAll('section[data-part]').length")
        if n1 == 0:
            break
        time.sleep(0.05)
    print("parts", n0, n1)
    print("apps", js("""(() => { const h = [...document.querySelectorAll('h2')]
      .find(h => h.textContent === 'Applications'); const t = h &&
      h.parentNode.querySelector('table'); return t ? t.tBodies[0].rows.length : 0; })()"""))
    v = js("""(() => {
      const t = [...document.querySelectorAll('table.sortable')].find(t =>
        t.tHead && t.tHead.querySelector('th[title^="bytes_written"]'));
      if (!t) return null;
      const ths = [...t.tHead.rows[0].cells];
      const i = ths.findIndex(th => th.title.startsWith('bytes_written'));
      const col = () => [...t.tBodies[0].rows].map(r => Number(r.cells[i].dataset.v));
      ths[i].click(); const a = col();
      ths[i].click(); const d = col();
      return [a, d];
    })()""")
    if v:
        a, d = v
        print("sort", int(a == sorted(a) and len(a) > 1),
              int(d == sorted(d, reverse=True) and sorted(a) == sorted(d)))
    else:
        print("sort 0 0")
finally:
    proc.kill()
    proc.wait()
