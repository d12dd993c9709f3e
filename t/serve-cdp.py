# t/serve-cdp.py CHROME BASEURL JOBID PROFILE: drive headless Chromium
# over the DevTools protocol (--remote-debugging-pipe) through the pages
# of iolens serve as a person would, and print one line per check:
#   sort <ascending> <descending>   a click on a header sorts the column
#   tip <text>                      hovering the timeline shows a cell
#   zoom <pathname> <t0> <t1>       dragging across it goes to that window
# Waits are for events (a load, a value appearing), never timed checks.
import json, os, subprocess, sys, time

chrome, base, jobid, prof = sys.argv[1:5]
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


def load(url):
    pending.clear()
    call("Page.navigate", {"url": url})
    wait(lambda e: e.get("method") == "Page.loadEventFired")


def mouse(kind, x, y):
    call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y,
                                      "button": "left", "clickCount": 1})


tid = call("Target.createTarget", {"url": "about:blank"})["targetId"]
sid = call("Target.attachToTarget", {"targetId": tid,
                                     "flatten": True})["sessionId"]
call("Page.enable")

# a table sorted by a click on its header, then the other way
load(base + "/")
v = js("""(() => {
  const t = [...document.querySelectorAll('table.sortable')].find(t =>
    t.tHead && !t.tHead.querySelector('a') &&
    t.tHead.querySelector('th[title^="bytes_written"]'));
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

# the timeline: hover, then drag
load(base + "/job/" + jobid)
js("document.querySelector('figure.timeline img').scrollIntoView()")
r = js("""(() => { const r = document.querySelector('figure.timeline img')
  .getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()""")
x0, y0 = r[0] + r[2] * 0.3, r[1] + r[3] * 0.3
x1 = r[0] + r[2] * 0.6
tip = ""
for _ in range(6000):  # until the script has its grid (an event, not a time)
    mouse("mouseMoved", x0, y0)
    tip = js("document.getElementById('tip') && !document.getElementById('tip').hidden"
             " ? document.getElementById('tip').textContent : ''")
    if tip:
        break
    time.sleep(0.05)
print("tip", tip)
pending.clear()
mouse("mousePressed", x0, y0)
mouse("mouseMoved", (x0 + x1) / 2, y0)
mouse("mouseMoved", x1, y0)
mouse("mouseReleased", x1, y0)
wait(lambda e: e.get("method") == "Page.loadEventFired")
loc = js("location.pathname + ' ' + new URLSearchParams(location.search).get('t0')"
         " + ' ' + new URLSearchParams(location.search).get('t1')")
print("zoom", loc)
proc.kill()
