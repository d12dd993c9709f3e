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
import json, os, signal, subprocess, sys, time

chrome, base, server, prof = sys.argv[1:5]
to_r, to_w = os.pipe()
from_r, from_w = os.pipe()


def child_fds():
    os.dup2(to_r, 3)
    os.dup2(from_w, 4)


proc = subprocess.Popen(
    [chrome, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
     "--user-data-dir=" + prof, "--remote-debugging-pipe",
     "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=127.0.0.1",
     "--window-size=1200,900", "about:blank"],
    pass_fds=(3, 4), preexec_fn=child_fds,
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(to_r)
os.close(from_w)
buf, nid, pending, sid = b"", 0, [], None


def wait(pred):
    global buf
    while True:
        for i, e in enumerate(pending):
            if pred(e):
                return pending.pop(i)
        while b"\0" not in buf:
            d = os.read(from_r, 65536)
            if not d:
                sys.exit("chromium ended")
            buf += d
        m, buf = buf.split(b"\0", 1)
        pending.append(json.loads(m))


def call(method, params=None):
    global nid
    nid += 1
    m = {"id": nid, "method": method, "params": params or {}}
    if sid:
        m["sessionId"] = sid
    os.write(to_w, json.dumps(m).encode() + b"\0")
    r = wait(lambda e, n=nid: e.get("id") == n)
    if "error" in r:
        sys.exit("%s: %s" % (method, r["error"]))
    return r["result"]


def js(expr):
    r = call("Runtime.evaluate", {"expression": expr, "returnByValue": True,
                                  "awaitPromise": True})
    return r["result"].get("value")


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
    tid = call("Target.createTarget", {"url": "about:blank"})["targetId"]
    sid = call("Target.attachToTarget", {"targetId": tid,
                                         "flatten": True})["sessionId"]
    call("Page.enable")
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
