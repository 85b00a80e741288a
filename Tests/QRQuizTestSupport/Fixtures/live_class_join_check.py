#!/usr/bin/env python3
"""A class's live game joined from phones, in headless Chromium (issue 49 §3): the join
page's class list, and a rejoin from another device allowed on the projector.

usage: live_class_join_check.py QRQUIZ LIBRARY CACHE DATA_HOME PORT CLASS

A server on PORT (data in DATA_HOME, where CLASS's roster is) makes a game of Capitals for
CLASS. Phone 1 opens the join page: the name field offers the class list (a datalist: the
browser filters it as the student types); typing "lukasz" (no Polish keyboard) and joining
makes the phone Łukasz Nowak; phone 2 picks "Ada Lovelace" from the list (the option's
value, as the browser puts it) and joins as her. Then phone 3, another device, joins as Ada
again: it says it asked the teacher; the host screen shows the asking with its Allow button;
the host clicks it; phone 3 becomes Ada (the lobby says so, her secret works) and phone 2
is told it was replaced. Prints JSON: what each page showed at each step, and what the
server holds."""
import json
import os
import signal
import subprocess
import sys
import urllib.request

from browser_support import chromium, until

qrquiz, library, cache, home, port, class_name = sys.argv[1:7]
base = f"http://127.0.0.1:{port}"


def start():
    """The server, once it says it is ready; and its teacher's token."""
    environment = dict(os.environ, XDG_DATA_HOME=home, QRQUIZ_CACHE_DIR=cache)
    server = subprocess.Popen([qrquiz, "serve", library, "--port", port], env=environment, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    token = None
    for line in server.stdout:
        if "?token=" in line:
            token = line.split("?token=")[1].strip()
        if "Press Ctrl-C" in line:
            break
    return server, token


def post(path, body, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(base + path, method="POST", data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def status(pin, secret):
    """What the server says `secret` is in the game (an error's status when refused)."""
    try:
        with urllib.request.urlopen(f"{base}/api/live/{pin}/status?secret={secret}") as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        return {"status": error.code}


def join(phone, pin, typed):
    """Opens the join page, types `typed` in the name field and joins."""
    phone.get(base + "/j/" + pin)
    until(phone, "return !document.getElementById('join').hidden")
    phone.find_element("id", "name").send_keys(typed)
    phone.find_element("css selector", "#join-form button").click()


LOBBY_NAME = ("return !document.getElementById('lobby').hidden && "
              "document.querySelector('#lobby [data-field=name]').textContent")
KEPT = "return JSON.parse(localStorage.getItem(arguments[0]) || 'null')"

report = {}
server, token = start()
host = chromium(1280, 720)
phones = [chromium(390, 844) for _ in range(3)]
try:
    made = post("/api/live", {"topic": "Capitals", "set": 1, "class": class_name, "seconds": 600}, token)
    pin, host_secret = made["pin"], made["host"]
    host.get(f"{base}/host/{pin}?secret={host_secret}")
    until(host, "return !document.getElementById('lobby').hidden")

    # The class list the name field offers: every student, in the roster's order.
    phones[0].get(base + "/j/" + pin)
    until(phones[0], "return !document.getElementById('join').hidden")
    report["list"] = phones[0].execute_script(
        "const field = document.getElementById('name');"
        "return {list: field.getAttribute('list'), names: Array.from(field.list.options).map(o => o.value)}")
    # Typed without the Polish letter, as a phone without a Polish keyboard types it.
    phones[0].find_element("id", "name").send_keys("lukasz nowak")
    phones[0].find_element("css selector", "#join-form button").click()
    report["typed"] = until(phones[0], LOBBY_NAME)

    # Picked from the list: the browser puts the option's value in the field.
    phones[1].get(base + "/j/" + pin)
    until(phones[1], "return !document.getElementById('join').hidden")
    phones[1].find_element("id", "name").send_keys("Ad")
    phones[1].execute_script(
        "const field = document.getElementById('name');"
        "const option = Array.from(field.list.options).find(o => o.value.startsWith(field.value));"
        "field.value = option.value; field.dispatchEvent(new Event('input', {bubbles: true}));")
    phones[1].find_element("css selector", "#join-form button").click()
    report["picked"] = until(phones[1], LOBBY_NAME)
    ada_before = phones[1].execute_script(KEPT, "qrquiz-live-" + pin)

    # Ada's phone runs flat: another device asks to be her.
    join(phones[2], pin, "Ada Lovelace")
    report["asked"] = until(phones[2], "const e = document.getElementById('join-error'); return !e.hidden && e.textContent")
    report["asking"] = until(host, "const panel = document.getElementById('asking');"
                                   "return !panel.hidden && panel.textContent")
    report["joined before allowing"] = until(host, "return document.querySelector('[data-field=players]').textContent")
    host.find_element("css selector", "#asking button").click()
    report["rejoined"] = until(phones[2], LOBBY_NAME)
    report["replaced"] = until(phones[1], "const gone = document.getElementById('gone');"
                                          "return gone && !gone.hidden && gone.textContent")
    report["asking after"] = until(host, "return document.getElementById('asking').hidden && 'hidden'")
    ada_after = phones[2].execute_script(KEPT, "qrquiz-live-" + pin)
    report["new secret"] = status(pin, (ada_after or {}).get("secret", ""))
    report["old secret"] = status(pin, (ada_before or {}).get("secret", ""))
    # The second device's join is answered 409 with its ticket, as the protocol says: Chromium
    # logs every 4xx of a fetch, and that one is expected.
    report["console"] = [entry["message"] for phone in [host] + phones for entry in phone.get_log("browser")
                         if entry["level"] == "SEVERE" and not ("/players" in entry["message"] and "409" in entry["message"])]
finally:
    for browser in [host] + phones:
        browser.quit()
    server.send_signal(signal.SIGKILL)
    server.wait()
print(json.dumps(report, ensure_ascii=False))
