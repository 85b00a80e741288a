#!/usr/bin/env python3
"""Runs axe-core (shipped by PyPI's axe-selenium-python: nothing is downloaded) over every
page `qrquiz serve` has, in headless Chromium, in the light and the dark scheme, at phone
(390 px) and laptop (1280 px) width, and prints what it found as JSON.

usage: a11y_check.py BASE_URL TOKEN [--screenshots DIR]

The server must serve the live tests' library (Capitals, Social, …) with --allow-edit.
The live game's screens are reached by playing: a game is made through the API, a phone
joins on its page, the host moves it on. A topic of questions with their own times and
explanations (as a spreadsheet imports them) is saved through the API and played: the
verdict with its explanation, and a question whose time ran out. Each page is also checked in Spanish (the
language cookie).

Report: {"violations": [{"page", "scheme", "width", "language", "rule", "impact", "nodes"}],
"pages": [names checked], "keyboard": what answering with a digit did, "console": [...]}.
Only serious and critical violations are reported (axe 3.1: WCAG 2.0 A and AA rules, and its
best practices; it predates WCAG 2.1 tags)."""
import json
import sys
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By

from browser_support import axe_everywhere, chromium, scheme, screenshot, until

base, token = sys.argv[1], sys.argv[2]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None


def api(method, path, body=None, headers=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body else None,
                                     headers=dict({"Content-Type": "application/json"}, **(headers or {})))
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


report = {"violations": [], "pages": [], "console": []}
TIMED = {"options": {"name": "Timed", "questionsInRandomOrder": False}, "sets": [[
    {"question": "Closest planet to the Sun?", "answers": ["Mercury", "Venus"], "correctAnswers": [0], "seconds": 60,
     "explanation": "Mercury orbits at 0.39 AU.\nVenus is second."},
    {"question": "Pluto is a planet.", "answers": ["True", "False"], "correctAnswers": [1], "seconds": 1,
     "explanation": "A dwarf planet since 2006."}]]}
MAIN_PAGES = {"library", "share", "question", "editor", "host-question", "player-question", "library-running",
              "host-refused"}

def check(driver, page, ready=None, language="en"):
    """axe over the page now shown, in both schemes and at both widths."""
    report["pages"].append(page + ("" if language == "en" else " (es)"))
    report["violations"] += axe_everywhere(driver, page, language)
    if shots and page in MAIN_PAGES:
        # The main pages in the dark scheme (English) and in Spanish (light): a phone's width,
        # the projector's for the host's screens.
        driver.set_window_size(1280 if page.startswith("host") else 390, 844)
        scheme(driver, "dark" if language == "en" else "light")
        screenshot(driver, shots, f"{page}-{'dark' if language == 'en' else 'es'}")
    scheme(driver, "light")
    driver.set_window_size(1280, 900)


def visit(driver, path, wait_script=None):
    driver.get(base + path)
    if wait_script:
        until(driver, wait_script)


driver = chromium(1280, 900)
phone = None
try:
    for language in ("en", "es"):
        driver.delete_all_cookies()
        driver.get(base + "/")
        driver.add_cookie({"name": "qrquiz_lang", "value": language, "path": "/"})
        # The visitor's pages.
        for page, path in [("library", "/"), ("search", "/?q=capital"), ("share", "/t/Social"),
                           ("present", "/t/Social/present"), ("sets", "/play/Capitals"), ("missing", "/t/Nothing"),
                           ("pin", "/j")]:
            visit(driver, path)
            check(driver, page, language=language)
        # A play: a question, an answered question, the result.
        visit(driver, "/play/Social/1")
        check(driver, "question", language=language)
        checked_answered = False
        for _ in range(20):
            if driver.find_elements(By.ID, "result"):
                break
            if driver.find_elements(By.ID, "answered") and not checked_answered:
                check(driver, "answered", language=language)
                checked_answered = True
            buttons = driver.find_elements(By.CSS_SELECTOR, "#next, #answers button:not([disabled])")
            # The next page is a new document: a mark on this one tells them apart.
            driver.execute_script("window.qrquizOldPage = true")
            buttons[0].click()
            until(driver, "return window.qrquizOldPage !== true && document.readyState === 'complete'")
        check(driver, "result", language=language)
        # A question's explanation with its verdict, and a question whose own second ran out.
        try:
            api("PUT", "/api/topics/Timed", TIMED, {"Authorization": "Bearer " + token, "If-None-Match": "*"})
        except urllib.error.HTTPError as error:
            if error.code != 412:
                raise
        visit(driver, "/play/Timed", "return document.getElementById('question')")
        driver.find_element(By.CSS_SELECTOR, "#answers button").click()
        until(driver, "return document.getElementById('explanation')")
        check(driver, "answered-explained", language=language)
        driver.execute_script("window.qrquizOldPage = true")
        driver.find_element(By.ID, "next").click()
        # The next question's page reloads itself at zero and shows it closed.
        until(driver, "return window.qrquizOldPage !== true && document.getElementById('answered')"
                      " && document.getElementById('verdict')")
        check(driver, "time-up", language=language)
        # The teacher's pages.
        visit(driver, "/?token=" + token)
        check(driver, "library-teacher", language=language)
        visit(driver, "/t/Capitals")
        check(driver, "share-teacher", language=language)
        visit(driver, "/edit/Capitals", "return !document.getElementById('editor').hidden")
        check(driver, "editor", language=language)
        visit(driver, "/new", "return !document.getElementById('editor').hidden")
        check(driver, "new", language=language)

        # A live game: the host's screens and a phone's.
        made = api("POST", "/api/live", {"topic": "Capitals", "set": 1, "seconds": 600},
                   {"Authorization": "Bearer " + token})
        pin, host = made["pin"], made["host"]
        phone = phone or chromium(1280, 900)
        phone.delete_all_cookies()
        phone.get(base + "/")
        phone.add_cookie({"name": "qrquiz_lang", "value": language, "path": "/"})
        phone.get(base + "/j/" + pin)
        until(phone, "return !document.getElementById('join').hidden")
        check(phone, "player-join", language=language)
        phone.find_element(By.ID, "name").send_keys("Ada")
        phone.find_element(By.CSS_SELECTOR, "#join-form button").click()
        until(phone, "return !document.getElementById('lobby').hidden")
        check(phone, "player-lobby", language=language)
        # The teacher's library lists the running game; the host screen refuses a phone.
        visit(driver, "/")
        check(driver, "library-running", language=language)
        phone.get(base + "/host/" + pin)
        check(phone, "host-refused", language=language)
        phone.get(base + "/j/" + pin)
        until(phone, "return !document.getElementById('lobby').hidden")
        driver.get(base + "/host/" + pin + "?secret=" + host)
        until(driver, "return !document.getElementById('lobby').hidden && document.querySelector('[data-field=names] li')")
        check(driver, "host-lobby", language=language)
        # Removing a player asks first, in a modal dialog.
        driver.find_element(By.CSS_SELECTOR, "#lobby [data-field=names] button").click()
        until(driver, "return document.getElementById('confirm').open")
        check(driver, "host-confirm", language=language)
        driver.find_element(By.ID, "confirm-cancel").click()
        until(driver, "return !document.getElementById('confirm').open")
        api("POST", f"/api/live/{pin}/next", {"secret": host})
        until(phone, "return !document.getElementById('question').hidden")
        until(driver, "return !document.getElementById('question').hidden")
        check(phone, "player-question", language=language)
        check(driver, "host-question", language=language)
        # Answering with the keyboard: the digit of the answer.
        phone.find_element(By.TAG_NAME, "body").send_keys("1")
        until(phone, "return !document.getElementById('closed').hidden")
        report["keyboard"] = phone.find_element(By.ID, "verdict").text
        until(driver, "return !document.getElementById('closed').hidden")
        check(phone, "player-closed", language=language)
        check(driver, "host-closed", language=language)
        api("POST", f"/api/live/{pin}/end", {"secret": host})
        until(phone, "return !document.getElementById('over').hidden")
        until(driver, "return !document.getElementById('over').hidden")
        check(phone, "player-over", language=language)
        check(driver, "host-over", language=language)
finally:
    for each in [driver, phone]:
        if each:
            try:
                report["console"] += [entry["message"] for entry in each.get_log("browser")]
            except Exception:
                pass
            each.quit()

print(json.dumps(report))
