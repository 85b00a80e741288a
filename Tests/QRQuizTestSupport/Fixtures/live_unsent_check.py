#!/usr/bin/env python3
"""A phone that taps while the server cannot be reached keeps the answer, in headless
Chromium: never a silent loss.

usage: live_unsent_check.py QRQUIZ LIBRARY CACHE DATA_HOME PORT

A server on PORT (data in DATA_HOME) makes a game of 600 s a question; a phone joins as
Ada, the only player, and the first question opens. The server is killed (SIGKILL); Ada taps her answer: the
phone says it is not sent yet. The server is started again (it resumes the game, the
question still open): the phone sends it by itself, and the results hold it. Then, for the
second question, the phone cannot reach the game (Chromium blocks its requests), Ada taps,
the host closes the question meanwhile, the phone reaches it again: it says the answer was not sent, the question
closed. Then, for the third, the phone is cut off again, Ada taps, the host closes the
question and asks it again: the answer kept for the first asking is not sent to the new one
(said not sent; the question is there for a fresh answer). Prints JSON: what the phone said
at each step, and what the server holds."""
import json
import os
import signal
import subprocess
import sys
import urllib.request

from browser_support import chromium, until

qrquiz, library, cache, home, port = sys.argv[1:6]
base = f"http://127.0.0.1:{port}"
UNSENT = "const line = document.getElementById('unsent'); return line.hidden ? '' : line.textContent"


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


def stop(server):
    server.send_signal(signal.SIGKILL)
    server.wait()


def post(path, body, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(base + path, method="POST", data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def question_shown(index):
    until(phone, "return !document.getElementById('question').hidden && "
                 "document.querySelector('#question button[data-index=\"0\"]') !== null && "
                 "document.querySelector('#question [data-field=progress]').textContent.includes(arguments[0])",
          str(index + 1))


report = {}
server, token = start()
phone = chromium(390, 844)
try:
    made = post("/api/live", {"topic": "Capitals", "set": 1, "seconds": 600}, token)
    pin, host = made["pin"], made["host"]
    phone.get(base + "/j/" + pin)
    until(phone, "return !document.getElementById('join').hidden")
    phone.find_element("id", "name").send_keys("Ada")
    phone.find_element("css selector", "#join-form button").click()
    until(phone, "return !document.getElementById('lobby').hidden")
    post(f"/api/live/{pin}/next", {"secret": host})
    question_shown(0)

    # The server dies; Ada taps A.
    stop(server)
    phone.find_element("css selector", '#question button[data-index="0"]').click()
    report["while down"] = until(phone, UNSENT)
    server, _ = start()
    # Back: the phone sends it by itself. Ada is the only player: her answer closes question
    # 1 at once, so the closed question's verdict is what shows it counted, and the phone
    # says nothing is unsent (the game's news of the closing may come before the answer's
    # own reply: it must not be taken for "the question closed before it was sent").
    report["verdict"] = until(phone, "return !document.getElementById('closed').hidden && "
                                     "document.querySelector('#closed [data-field=verdict]').textContent")
    report["after restart"] = phone.execute_script(UNSENT)
    results = urllib.request.urlopen(f"{base}/api/live/{pin}/results.json?secret={host}").read()
    report["held"] = json.loads(results)["players"][0]["answers"][0]

    # Question 2: the phone cut off from the game, Ada taps, the host closes the question meanwhile.
    post(f"/api/live/{pin}/next", {"secret": host})
    question_shown(1)
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/live/*"]})
    # Question 2 takes several answers: picked, then sent.
    phone.find_element("css selector", '#question button[data-index="0"]').click()
    phone.find_element("id", "send").click()
    report["offline"] = until(phone, UNSENT)
    post(f"/api/live/{pin}/next", {"secret": host})
    phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    report["question closed"] = until(phone, "if (document.getElementById('closed').hidden) return '';" + UNSENT)
    results = urllib.request.urlopen(f"{base}/api/live/{pin}/results.json?secret={host}").read()
    report["held 2"] = json.loads(results)["players"][0]["answers"][1]

    # Question 3: the server dies again and Ada taps; it comes back while the phone cannot
    # reach it (Chromium blocks its requests), the host closes the question and asks it
    # again; then the phone reaches it. The new asking takes a fresh answer: the one kept
    # for the first is not sent to it.
    phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    post(f"/api/live/{pin}/next", {"secret": host})
    question_shown(2)
    stop(server)
    phone.find_element("css selector", '#question button[data-index="0"]').click()
    report["offline 3"] = until(phone, UNSENT)
    phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/live/*"]})
    server, _ = start()
    post(f"/api/live/{pin}/next", {"secret": host})
    post(f"/api/live/{pin}/reask", {"secret": host, "question": 2})
    phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    # Said not sent, or (the defect) sent to the new asking: the phone shows it taken.
    report["asked again"] = until(phone, "if (document.getElementById('question').hidden) return '';"
                                         "const line = document.getElementById('unsent');"
                                         "if (!line.hidden && !line.textContent.startsWith('Not sent yet')) "
                                         "  return line.textContent;"
                                         "const taken = document.querySelector('#question [data-field=taken]');"
                                         "return taken && !taken.hidden ? 'sent to the new asking' : ''")
    # The kept answer's retry may reach the server before the stream's news of the new
    # asking (refused then: 410); once the news comes the question takes a fresh answer.
    report["buttons free"] = until(phone, "const b = document.querySelector('#question button[data-index=\"0\"]');"
                                          "return b && !b.disabled && 'free'")
    results = urllib.request.urlopen(f"{base}/api/live/{pin}/results.json?secret={host}").read()
    report["held 3"] = json.loads(results)["players"][0]["answers"][2]
finally:
    phone.quit()
    stop(server)
print(json.dumps(report))
