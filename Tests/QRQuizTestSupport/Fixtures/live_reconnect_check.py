#!/usr/bin/env python3
"""A phone that gets 404 while it reconnects keeps its player, in headless Chromium.

usage: live_reconnect_check.py QRQUIZ LIBRARY CACHE DATA_HOME OTHER_DATA_HOME PORT

A server on PORT (data in DATA_HOME) makes a game; a phone joins as Ada. The server is
killed and another one, whose data folder has no game (OTHER_DATA_HOME), answers on the
same port: the phone, reconnecting, gets 404 and says there is no such game. That one is
killed, the first started again (it resumes the game), and the phone's page is reloaded:
Ada is back in the lobby, not asked for a nickname. Prints JSON: what the phone kept and
showed at each step."""
import json
import os
import signal
import subprocess
import sys
import urllib.request

from browser_support import chromium, until

qrquiz, library, cache, home, other_home, port = sys.argv[1:7]
base = f"http://127.0.0.1:{port}"
KEPT = "return JSON.stringify(Object.assign({}, localStorage))"


def start(data_home):
    """The server, once it says it is ready; and its teacher's token."""
    environment = dict(os.environ, XDG_DATA_HOME=data_home, QRQUIZ_CACHE_DIR=cache)
    server = subprocess.Popen([qrquiz, "serve", library, "--port", port], env=environment, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    token = None
    # Read until it says it serves: it prints that, or ends (and its output with it).
    for line in server.stdout:
        if "?token=" in line:
            token = line.split("?token=")[1].strip()
        if "Press Ctrl-C" in line:
            break
    return server, token


def stop(server):
    server.send_signal(signal.SIGKILL)
    server.wait()


report = {}
server, token = start(home)
phone = chromium(390, 844)
try:
    request = urllib.request.Request(base + "/api/live", method="POST",
                                     data=json.dumps({"topic": "Capitals", "set": 1}).encode(),
                                     headers={"Content-Type": "application/json", "Authorization": "Bearer " + token})
    with urllib.request.urlopen(request) as response:
        pin = json.loads(response.read())["pin"]
    phone.get(base + "/j/" + pin)
    until(phone, "return !document.getElementById('join').hidden")
    phone.find_element("id", "name").send_keys("Ada")
    phone.find_element("css selector", "#join-form button").click()
    until(phone, "return !document.getElementById('lobby').hidden")
    report["joined"] = phone.execute_script(KEPT)

    stop(server)
    server, _ = start(other_home)
    until(phone, "return !document.getElementById('gone').hidden")
    report["gone"] = phone.find_element("css selector", "[data-field=gone]").text
    report["kept after 404"] = phone.execute_script(KEPT)

    stop(server)
    server, _ = start(home)
    phone.refresh()
    # The page shows the lobby under the kept name at once; the server's answer fills in
    # the players (or, had it forgotten the player, the join form comes back).
    until(phone, "return document.querySelector('#lobby [data-field=players]').textContent !== '' "
                 "|| !document.getElementById('join').hidden")
    report["after reload"] = "lobby" if phone.execute_script("return !document.getElementById('lobby').hidden") \
        else "join"
    report["lobby"] = phone.find_element("css selector", "#lobby [data-field=name]").text
finally:
    phone.quit()
    stop(server)
print(json.dumps(report))
