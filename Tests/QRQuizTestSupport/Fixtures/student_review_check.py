#!/usr/bin/env python3
"""A student's Review in headless Chromium on a phone: from their own page to the cards of
their class, the question they missed in the live game first, the answer opened and each
card rated by keyboard alone; every page checked with axe-core (both schemes, 320 and 390
px wide and 1280×720) and its layout at 390 and 320 px, in English and Spanish; prints what it saw as JSON.

usage: student_review_check.py BASE_URL ADA_SECRET ALAN_SECRET TOKEN [--screenshots DIR]

The class (tests' HomeworkServer, 7B) played Capitals' first set (the second, "Capital of
Peru?", is a new card all the same): Ada missed "Which are in
Spain?", Alan missed "Capital of France?" and "Which are in Spain?". Ada reviews in English
until nothing is due; Alan opens his Review in Spanish; the teacher's gradebook shows the
class's memory.

Report: {"link": str, "first": str, "missed": str, "buttons": [str], "focused": str,
"order": [str], "done": str, "labels": [str], "refocused": [bool], "spanish": {...}, "memory": [[str]], "violations": [...],
"pages": [...], "layout": {page: [offenders]}, "console": [...]}."""
import json
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import axe_everywhere, chromium, scheme, screenshot, until, wider_than_the_screen

base, ada_secret, alan_secret, token = sys.argv[1:5]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
report = {"violations": [], "pages": [], "layout": {}, "console": [], "order": [], "refocused": [],
          "labels": [], "pictures": []}
drivers = []


def browser(width=390, height=844, language="en"):
    driver = chromium(width, height)
    drivers.append(driver)
    if language != "en":
        driver.get(base + "/settings")
        driver.add_cookie({"name": "qrquiz_lang", "value": language, "path": "/"})
    return driver


def check(driver, page, language="en", inside_scrollers=False):
    """axe over the page shown, its layout at 390 and 320 px, its screenshot (dark, 390 px)."""
    report["pages"].append(page + ("" if language == "en" else " (es)"))
    report["violations"] += axe_everywhere(driver, page, language, sizes=((320, 844), (390, 844), (1280, 720)))
    for width in (390, 320):
        driver.set_window_size(width, 844)
        report["layout"][f"{page}@{width}"] = wider_than_the_screen(driver, True, inside_scrollers)
    if shots:
        driver.set_window_size(390, 844)
        scheme(driver, "dark")
        screenshot(driver, shots, f"review-{page}-{language}")
        scheme(driver, "light")
    driver.set_window_size(390, 844)


def question(driver):
    until(driver, "return !!document.getElementById('review-question') || !!document.getElementById('review-done')")
    found = driver.find_elements(By.ID, "review-question")
    return found[0].text if found else None


def tab_to(driver, selector):
    """Presses Tab until the element `selector` matches has the focus (keyboard alone)."""
    for _ in range(40):
        if driver.execute_script("return document.activeElement.matches(arguments[0])", selector):
            return True
        driver.switch_to.active_element.send_keys(Keys.TAB)
    return False


def rate_by_keyboard(driver, rating):
    """Opens the answer and presses the rating's button, by keyboard; waits for the next page."""
    driver.execute_script("window.reviewMarker = true")
    tab_to(driver, "#review-answer summary")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    until(driver, "return document.getElementById('review-answer').open")
    tab_to(driver, f"button[name=rating][value='{rating}']")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    next_page(driver)


def next_page(driver):
    """Waits for the page the form's answer redirected to (a new document has no marker);
    notes whether its card's Show the answer took the focus."""
    until(driver, "return !window.reviewMarker && document.readyState === 'complete'")
    if driver.find_elements(By.ID, "review-question"):
        report["refocused"].append(driver.execute_script(
            "return document.activeElement.matches('#review-answer summary')"))


def label(driver):
    """The words Show the answer's summary says now (the hidden one is not said)."""
    return driver.find_element(By.CSS_SELECTOR, "#review-answer summary").text


try:
    ada = browser()
    ada.get(base + "/s/" + ada_secret)
    until(ada, "return !!document.getElementById('review-link')")
    report["link"] = ada.find_element(By.CSS_SELECTOR, "#review-link a").text
    check(ada, "own-page")
    ada.find_element(By.CSS_SELECTOR, "#review-link a").click()
    report["first"] = question(ada)
    report["missed"] = ada.find_element(By.CSS_SELECTOR, ".missed-note").text
    check(ada, "review-question")
    tab_to(ada, "#review-answer summary")
    report["labels"].append(label(ada))
    ada.switch_to.active_element.send_keys(Keys.ENTER)
    until(ada, "return document.getElementById('review-answer').open")
    report["labels"].append(label(ada))
    report["buttons"] = [button.text.replace("\n", " ")
                         for button in ada.find_elements(By.CSS_SELECTOR, "button[name=rating]")]
    check(ada, "review-answer")
    tab_to(ada, "button[name=rating][value='3']")
    report["focused"] = ada.switch_to.active_element.text.replace("\n", " ")
    ada.execute_script("window.reviewMarker = true")
    ada.switch_to.active_element.send_keys(Keys.ENTER)
    next_page(ada)
    # France and the cat from the game, Peru from the topic's second set (never played,
    # new all the same), then Spain again from its learning step.
    for rating in ("4", "4", "4", "3"):
        report["order"].append(question(ada))
        if ada.find_elements(By.CSS_SELECTOR, ".review-image"):
            # The question's picture, loaded from this server, on a card checked as the others.
            until(ada, "const i = document.querySelector('.review-image'); return i.complete && i.naturalWidth > 0")
            report["pictures"].append(report["order"][-1])
            check(ada, "review-picture")
        rate_by_keyboard(ada, rating)
    until(ada, "return !!document.getElementById('review-done')")
    report["done"] = ada.find_element(By.ID, "review-done").text
    check(ada, "review-done")

    alan = browser(language="es")
    alan.get(base + "/s/" + alan_secret + "/review")
    report["spanish"] = {"first": question(alan), "missed": alan.find_element(By.CSS_SELECTOR, ".missed-note").text}
    report["spanish"]["labels"] = [label(alan)]
    alan.find_element(By.CSS_SELECTOR, "#review-answer summary").click()
    report["spanish"]["labels"].append(label(alan))
    report["spanish"]["buttons"] = [button.text.replace("\n", " ")
                                    for button in alan.find_elements(By.CSS_SELECTOR, "button[name=rating]")]
    check(alan, "review-answer", "es")

    teacher = browser(1280, 900)
    teacher.get(base + "/?token=" + token)
    until(teacher, "return location.pathname === '/'")
    teacher.get(base + "/classes/7B")
    until(teacher, "return !!document.getElementById('class-memory')")
    report["memory"] = [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")]
                        for row in teacher.find_elements(By.CSS_SELECTOR, "#memory-students tbody tr")]
    check(teacher, "gradebook-memory", inside_scrollers=True)
finally:
    for driver in drivers:
        try:
            report["console"] += [entry["message"] for entry in driver.get_log("browser")]
        except Exception:
            pass
        driver.quit()

print(json.dumps(report))
