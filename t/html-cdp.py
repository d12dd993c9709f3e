# t/html-cdp.py CHROME PROFILE URL < EXPRS: open URL (a file:// page) in
# headless Chromium with the network off (offline, and a proxy that does
# not exist) over the DevTools protocol (--remote-debugging-pipe), then
# evaluate each JavaScript expression of stdin (separated by lines
# "----") in the page, in order, printing each value as one line of
# JSON.  Last, "requests N URL..." the requests the page made for
# anything but itself and data: URLs (none, for a self-contained file).
# Waits are for events (the load, a reply), never timed.
import json, os, subprocess, sys

chrome, prof, url = sys.argv[1:4]
exprs = [e.strip() for e in sys.stdin.read().split("\n----\n") if e.strip()]
to_r, to_w = os.pipe()
from_r, from_w = os.pipe()


def child_fds():
    os.dup2(to_r, 3)
    os.dup2(from_w, 4)


proc = subprocess.Popen(
    [chrome, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
     "--user-data-dir=" + prof, "--remote-debugging-pipe",
     "--proxy-server=127.0.0.1:9", "--window-size=1200,900", "about:blank"],
    pass_fds=(3, 4), preexec_fn=child_fds,
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(to_r)
os.close(from_w)
buf, nid, pending, sid, requests = b"", 0, [], None, []


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
        e = json.loads(m)
        if e.get("method") == "Network.requestWillBeSent":
            u = e["params"]["request"]["url"]
            if u != url and not u.startswith("data:"):
                requests.append(u)
            continue
        pending.append(e)


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


tid = call("Target.createTarget", {"url": "about:blank"})["targetId"]
sid = call("Target.attachToTarget", {"targetId": tid,
                                     "flatten": True})["sessionId"]
call("Page.enable")
call("Network.enable")
call("Network.emulateNetworkConditions", {"offline": True, "latency": 0,
                                          "downloadThroughput": -1,
                                          "uploadThroughput": -1})
call("Page.navigate", {"url": url})
wait(lambda e: e.get("method") == "Page.loadEventFired")
for x in exprs:
    r = call("Runtime.evaluate", {"expression": x, "returnByValue": True,
                                  "awaitPromise": True})
    if "exceptionDetails" in r:
        print(json.dumps({"exception": r["exceptionDetails"].get("text", "")}))
    else:
        print(json.dumps(r["result"].get("value")))
print("requests", len(requests), " ".join(requests))
proc.kill()
proc.wait()
