# t/cdp.py: headless Chromium driven over the DevTools protocol
# (--remote-debugging-pipe) for the browser tests' scripts
# (t/serve-cdp.py, t/serve-dash-cdp.py): start() it, page() a tab, then
# call() a method, wait() for an event, js() an expression's value,
# load() a URL.  Waits are for events (a load, a value appearing), never
# timed checks.
import json, os, subprocess, sys

proc = None
sid = None
pending = []
_buf, _nid, _to_w, _from_r = b"", 0, None, None


def start(chrome, prof):
    """Chromium with its pipe on descriptors 3 and 4, the network off
    but for loopback."""
    global proc, _to_w, _from_r
    to_r, _to_w = os.pipe()
    _from_r, from_w = os.pipe()

    def child_fds():
        os.dup2(to_r, 3)
        os.dup2(from_w, 4)

    proc = subprocess.Popen(
        [chrome, "--headless", "--no-sandbox", "--disable-gpu",
         "--no-first-run", "--user-data-dir=" + prof,
         "--remote-debugging-pipe", "--proxy-server=127.0.0.1:9",
         "--proxy-bypass-list=127.0.0.1", "--window-size=1200,900",
         "about:blank"],
        pass_fds=(3, 4), preexec_fn=child_fds,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(to_r)
    os.close(from_w)
    return proc


def wait(pred):
    global _buf
    while True:
        for i, e in enumerate(pending):
            if pred(e):
                return pending.pop(i)
        while b"\0" not in _buf:
            d = os.read(_from_r, 65536)
            if not d:
                sys.exit("chromium ended")
            _buf += d
        m, _buf = _buf.split(b"\0", 1)
        pending.append(json.loads(m))


def call(method, params=None):
    global _nid
    _nid += 1
    m = {"id": _nid, "method": method, "params": params or {}}
    if sid:
        m["sessionId"] = sid
    os.write(_to_w, json.dumps(m).encode() + b"\0")
    r = wait(lambda e, n=_nid: e.get("id") == n)
    if "error" in r:
        sys.exit("%s: %s" % (method, r["error"]))
    return r["result"]


def js(expr):
    r = call("Runtime.evaluate", {"expression": expr, "returnByValue": True,
                                  "awaitPromise": True})
    return r["result"].get("value")


def page():
    """A new tab, attached: the calls after go to it."""
    global sid
    tid = call("Target.createTarget", {"url": "about:blank"})["targetId"]
    sid = call("Target.attachToTarget", {"targetId": tid,
                                         "flatten": True})["sessionId"]
    call("Page.enable")


def load(url):
    pending.clear()
    call("Page.navigate", {"url": url})
    wait(lambda e: e.get("method") == "Page.loadEventFired")
