#!/usr/bin/env python3
"""Students in turn on one shared school computer (one browser profile: the same cookies
and storage), in headless Chromium at a phone's 360 px; prints what each saw as JSON.

usage: shared_computer_check.py BASE_URL CODE PIN [--screenshots DIR]

CODE: a homework of one question (Capitals' set 2: Peru, Lima right), open to anyone with
the link. PIN: a live game in its lobby.

Homework: Ada joins, answers and finishes; the page is reloaded (by the next student); Alan
joins, sees the question and says "Not you?"; the page is reloaded; Grace joins. Live: Ada
joins, says "Not you?", Bob joins, the page is reloaded.

Report: for each step, the section shown, the "who" line, what the browser keeps for the
homework or game, and whether the earlier student's name or verdict is anywhere in the
page's text (hidden sections included); every console message."""
import json
import sys

from selenium.webdriver.common.by import By

from browser_support import chromium, scheme, screenshot, until

base, code, pin = sys.argv[1], sys.argv[2], sys.argv[3]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None


def fit(driver, width, height):
    """The page's viewport exactly `width` × `height` (a headless window is never narrower
    than 500 px: a phone's width is emulated)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    until(driver, "return innerWidth === arguments[0] && innerHeight === arguments[1]", width, height)


def shown(driver, root):
    """The section shown, once one is."""
    return until(driver, """
      const s = Array.from(document.querySelectorAll(arguments[0] + ' > section')).find(s => !s.hidden);
      return s ? s.id : false;""", root)


def section(driver, root, name):
    until(driver, "const s = document.getElementById(arguments[0]); return !!s && !s.hidden", name)


def state(driver, root, key):
    """What the page shows and keeps now."""
    return driver.execute_script("""
      const who = document.getElementById('who');
      return {shown: Array.from(document.querySelectorAll(arguments[0] + ' > section')).filter(s => !s.hidden).map(s => s.id),
              who: who.hidden ? null : document.getElementById('who-name').textContent,
              kept: localStorage.getItem(arguments[1]),
              text: document.getElementById(arguments[0].slice(1)).textContent};""", root, key)


def join(driver, name):
    field = driver.find_element(By.ID, "name")
    field.clear()
    field.send_keys(name)
    driver.find_element(By.CSS_SELECTOR, "#join-form button").click()


report = {"homework": {}, "live": {}, "console": []}
driver = chromium(360, 740)
try:
    # Homework: Ada finishes.
    homework_key = "qrquiz-homework-" + code
    driver.get(base + "/a/" + code)
    fit(driver, 360, 740)
    section(driver, "#homework", "join")
    join(driver, "Ada Lovelace")
    section(driver, "#homework", "question")
    report["homework"]["adaQuestion"] = state(driver, "#homework", homework_key)
    screenshot(driver, shots, "shared-homework-question-360-light")
    scheme(driver, "dark")
    screenshot(driver, shots, "shared-homework-question-360-dark")
    scheme(driver, "light")
    until(driver, "const b = document.querySelector('#answers button'); if (b) { b.click(); return true; } return false;")
    section(driver, "#homework", "verdict")
    driver.find_element(By.ID, "next").click()
    section(driver, "#homework", "result")
    report["homework"]["adaResult"] = state(driver, "#homework", homework_key)
    screenshot(driver, shots, "shared-homework-result-360")

    # The next student opens the page: the join form, nothing of Ada's.
    driver.get(base + "/a/" + code)
    section(driver, "#homework", "join")
    report["homework"]["afterAda"] = state(driver, "#homework", homework_key)

    # Alan joins, then says he is not Alan (the last student's page was left open, say).
    join(driver, "Alan Turing")
    section(driver, "#homework", "question")
    report["homework"]["alanQuestion"] = state(driver, "#homework", homework_key)
    driver.find_element(By.ID, "not-you").click()
    section(driver, "#homework", "join")
    report["homework"]["afterNotYou"] = state(driver, "#homework", homework_key)
    report["homeworkFocus"] = driver.execute_script("return document.activeElement.id")
    screenshot(driver, shots, "shared-homework-not-you-360")
    driver.get(base + "/a/" + code)
    section(driver, "#homework", "join")
    report["homework"]["afterNotYouReload"] = state(driver, "#homework", homework_key)
    join(driver, "Grace Hopper")
    section(driver, "#homework", "question")
    report["homework"]["grace"] = state(driver, "#homework", homework_key)

    # Live: Ada joins, is not Ada; Bob joins and stays Bob through a reload.
    live_key = "qrquiz-live-" + pin
    driver.get(base + "/j/" + pin)
    section(driver, "#live", "join")
    join(driver, "Ada")
    section(driver, "#live", "lobby")
    report["live"]["ada"] = state(driver, "#live", live_key)
    screenshot(driver, shots, "shared-live-lobby-360")
    driver.find_element(By.ID, "not-you").click()
    section(driver, "#live", "join")
    report["live"]["afterNotYou"] = state(driver, "#live", live_key)
    join(driver, "Bob")
    until(driver, "return document.querySelector('#lobby [data-field=name]').textContent === 'You are Bob'")
    report["live"]["bob"] = state(driver, "#live", live_key)
    driver.refresh()
    until(driver, "return document.querySelector('#lobby [data-field=name]').textContent === 'You are Bob' && "
                  "document.getElementById('connection').textContent === ''")
    report["live"]["bobReloaded"] = state(driver, "#live", live_key)
except Exception:
    try:
        print(f"--- {driver.current_url}\n" + driver.page_source[:4000], file=sys.stderr)
    except Exception:
        pass
    raise
finally:
    try:
        report["console"] += [entry["message"] for entry in driver.get_log("browser")]
    except Exception:
        pass
    driver.quit()

print(json.dumps(report))
