# t/serve-cdp.py CHROME BASEURL JOBID PROFILE: drive headless Chromium
# over the DevTools protocol (--remote-debugging-pipe) through the pages
# of iolens serve as a person would, and print one line per check:
#   sort <ascending> <descending>   a click on a header sorts the column
#   tip <text>                      hovering the timeline shows a cell
#   zoom <pathname> <t0> <t1>       dragging across it goes to that window
# Waits are for events (a load, a value appearing), never timed checks.
import sys
import time

from cdp import call, js, load, page, pending, start, wait

chrome, base, jobid, prof = sys.argv[1:5]
proc = start(chrome, prof)


def mouse(kind, x, y):
    call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y,
                                      "button": "left", "clickCount": 1})


page()

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
