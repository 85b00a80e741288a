#!/usr/bin/env python3
"""Homework opened from each student's own link only (`qrquiz assign --own-links`), in
headless Chromium on a phone-size page: the homework's page says so and a name typed is
refused with the way in; the student's own link shows their name and Start (opening it starts nothing), and Start
opens it as them, with no name to type;
both pages checked with axe-core (both schemes, 390 and 1280 px) and their layout at 390
and 320 px.

usage: homework_own_link_check.py BASE_URL CODE OWN_LINK_PATH

Prints JSON: {"notice", "refused", "before", "who", "shown", "violations", "layout", "console"}."""
import json
import sys

from selenium.webdriver.common.by import By

from browser_support import axe_everywhere, chromium, until, wider_than_the_screen

base, code, own = sys.argv[1:4]
report = {"violations": [], "layout": {}, "console": []}
phone = chromium(390, 844)


def check(page):
    report["violations"] += axe_everywhere(phone, page)
    for width in (390, 320):
        phone.set_window_size(width, 844)
        report["layout"][f"{page}@{width}"] = wider_than_the_screen(phone, True)


try:
    phone.get(base + "/a/" + code)
    until(phone, "return !document.getElementById('join').hidden")
    report["notice"] = phone.find_element(By.ID, "own-link-notice").text
    phone.find_element(By.ID, "name").send_keys("Ada Lovelace")
    phone.find_element(By.CSS_SELECTOR, "#join-form button").click()
    report["refused"] = until(phone, "const e = document.getElementById('join-error'); return !e.hidden && e.textContent")
    check("homework, own links only")

    # Opening the link starts nothing: the page of Start, checked, then Start pressed.
    phone.get(base + own)
    report["before"] = until(phone, "const b = document.getElementById('own-start-button');"
                                    "return b && document.getElementById('own-start-who').textContent")
    check("own link, not started")
    phone.find_element(By.ID, "own-start-button").click()
    report["shown"] = until(phone, "for (const id of ['start', 'question']) {"
                                   "  if (!document.getElementById(id).hidden) return id; }"
                                   "return ''")
    report["who"] = phone.find_element(By.ID, "who-name").text
    check("homework from the own link")
finally:
    # The refused join's 403 is the answer the page shows: Chromium logs every 4xx of a fetch.
    report["console"] = [entry["message"] for entry in phone.get_log("browser")
                         if entry["level"] == "SEVERE" and not ("/students" in entry["message"] and "403" in entry["message"])]
    phone.quit()
print(json.dumps(report, ensure_ascii=False))
