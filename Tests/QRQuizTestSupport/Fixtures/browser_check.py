#!/usr/bin/env python3
"""Drives `qrquiz serve` in headless Chromium (Debian's chromium and chromium-driver,
through selenium) as a teacher and a student would, and prints what it saw as JSON.

usage: browser_check.py BASE_URL EDIT_URL TOPIC_JSON [--screenshots DIR]

- library: the topic names listed on the library page;
- play: plays set 1 of the topic in TOPIC_JSON (which must be served as "Social") by
  clicking the right answers, and reports the score shown at the end;
- create: opens the edit address, types a one-question topic into the editor, saves it,
  and reports the editor's new address and whether the library then lists it;
- share: the share page's address QR image (its absolute URL and whether the browser
  rendered it) and the JSON address shown next to it;
- console: every message the browser logged (script errors, Content-Security-Policy
  violations), which should be none.
With --screenshots, writes library.png, share.png, play.png and create.png to DIR."""
import json
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import WAIT, chromium, screenshot, until, wider_than_the_screen

base, edit_url, topic_path = sys.argv[1], sys.argv[2], sys.argv[3]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None

driver = chromium()
report = {"console": []}


def click_and_wait(element):
    """Clicks, then waits for the page the click leads to. Each page gets a fresh window
    object, so a mark left on the old one tells them apart even when the address stays the
    same (a form posted to /game/ID redirects back to /game/ID). Not staleness_of: under
    load Chromium answers it with "Node with given id does not belong to the document"."""
    driver.execute_script("window.qrquizOldPage = true")
    element.click()
    until(driver, "return window.qrquizOldPage !== true && document.readyState === 'complete'")


def collect_console():
    report["console"] += [entry["message"] for entry in driver.get_log("browser")]


try:
    # The library.
    driver.get(base + "/")
    report["library"] = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "#topics .name")]
    screenshot(driver, shots, "library")
    collect_console()

    # The share page of Social.
    driver.get(base + "/t/Social")
    image = driver.find_element(By.ID, "link-code")
    report["share"] = {
        "image": image.get_attribute("src"),
        "rendered": driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image),
        "json": driver.find_element(By.ID, "json-url").text,
    }
    screenshot(driver, shots, "share")
    collect_console()

    # Play set 1 of Social, always picking the right answers.
    with open(topic_path, encoding="utf-8") as handle:
        topic = json.load(handle)
    questions = {q["question"]: q for q in topic["sets"][0]}
    # Social has one set: the play starts at once.
    driver.get(base + "/play/Social")
    steps = 0
    verdicts = []
    while not driver.find_elements(By.ID, "result") and steps < 50:
        steps += 1
        if driver.find_elements(By.ID, "answered"):
            # The question just answered, with its verdict beside it, until "Next".
            verdicts.append([driver.find_element(By.ID, "question").text,
                             driver.find_element(By.ID, "verdict").text])
            if len(verdicts) == 1:
                screenshot(driver, shots, "answered")
            click_and_wait(driver.find_element(By.ID, "next"))
            continue
        question = questions[driver.find_element(By.ID, "question").text]
        right = question.get("correctAnswers", [question.get("correct")])
        if steps == 1:
            screenshot(driver, shots, "play")
        # The first correct answer still to pick; each pick loads the next page.
        buttons = driver.find_elements(By.CSS_SELECTOR, "#answers button")
        index = next(i for i in right if buttons[i].is_enabled())
        click_and_wait(buttons[index])
    report["play"] = {"score": driver.find_element(By.ID, "score").text,
                      "right": driver.find_element(By.ID, "right").text,
                      "verdicts": verdicts, "review": driver.find_element(By.ID, "review").text}
    collect_console()
    play_page = driver.current_url
    collect_console()

    # Create a topic in the editor (the edit address signs the teacher in, then /new).
    driver.get(edit_url)
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script("return !document.getElementById('editor').hidden"))
    for selector, text in (("#option-name", "Browser made"), ("#q-0-0-text", "Which planet is red?"),
                           ("#q-0-0-a0", "Mars"), ("#q-0-0-a1", "Venus"), ("#q-0-0-a2", "Earth"),
                           ("#q-0-0-a3", "Jupiter")):
        driver.find_element(By.CSS_SELECTOR, selector).send_keys(text)
    # A new question has no answer marked right: the teacher marks Mars.
    driver.find_element(By.ID, "q-0-0-a0-right").click()
    screenshot(driver, shots, "create")
    form_page = base + "/new"
    driver.find_element(By.ID, "save").click()
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script("return document.getElementById('status').textContent.startsWith('Saved')"))
    landed = driver.current_url
    driver.get(base + "/")
    report["create"] = {"landed": landed,
                        "listed": [element.text for element in driver.find_elements(By.CSS_SELECTOR, "#topics .name")]}
    collect_console()

    # Every page at phone widths: nothing wider than the screen, so nothing scrolls sideways.
    report["layout"] = {}
    pages = {"library": base + "/", "share": base + "/t/Social", "present": base + "/t/Social/present",
             "result": play_page, "create": form_page, "missing": base + "/t/Nothing"}
    for width in (390, 320):
        driver.set_window_size(width, 844)
        for name, url in pages.items():
            driver.get(url)
            report["layout"][f"{name}@{width}"] = wider_than_the_screen(driver)
            if width == 390:
                screenshot(driver, shots, f"{name}-phone")
    driver.set_window_size(1100, 900)
except Exception:
    # What the browser was showing, for the failure's message.
    print(driver.current_url + "\n" + driver.page_source[:3000], file=sys.stderr)
    raise
finally:
    driver.quit()

print(json.dumps(report))
