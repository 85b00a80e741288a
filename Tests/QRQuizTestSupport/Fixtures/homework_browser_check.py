#!/usr/bin/env python3
"""Homework in headless Chromium, on a server whose clock the test moves: students on
phone-size pages, the teacher's results and gradebook, each page checked with axe-core
(both schemes, 390 and 1280 px) in English and Spanish; prints what each saw as JSON.

usage: homework_browser_check.py BASE_URL TOKEN CODE SPANISH_CODE HANDSHAKE_DIR [--screenshots DIR]

CODE is an assignment of Timed's first set (60 s a set, question 2 its own 20 s: tests'
HomeworkServer) for class 7B, due in an hour; SPANISH_CODE the same for anyone. Before the
due time: Ada (extra time x1.5) plays CODE, closing her page after question 2 and coming
back to finish; Bea plays SPANISH_CODE in Spanish; Alan answers question 1 wrong and
leaves; Grace opens CODE and types her name. Then this script writes HANDSHAKE_DIR/deadline
and waits for HANDSHAKE_DIR/advanced: the test has moved the server's clock past the due
time. After it: Grace's join is refused, Alan sees his result only, a new phone sees the
homework closed, and the teacher reads the results, the gradebook, and Ada's own page.

Report: {"ada": {...}, "bea": {...}, "alan": {...}, "grace": {...}, "late": ..., "teacher": {...},
"violations": [...], "pages": [...], "layout": {page: [offenders]}, "console": [...]}."""
import json
import os
import sys
import time

from selenium.webdriver.common.by import By

from browser_support import WAIT, axe_everywhere, chromium, scheme, screenshot, until, wider_than_the_screen

base, token, code, spanish_code, handshake = sys.argv[1:6]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
report = {"violations": [], "pages": [], "layout": {}, "console": []}
drivers = []


def browser(width=390, height=844, language="en"):
    driver = chromium(width, height)
    drivers.append(driver)
    if language != "en":
        driver.get(base + "/settings")
        driver.add_cookie({"name": "qrquiz_lang", "value": language, "path": "/"})
    return driver


def visible(driver, section):
    """Waits until section `section` is the one shown."""
    until(driver, "const s = document.getElementById(arguments[0]); return !!s && !s.hidden", section)


def text(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).text


def check(driver, page, language="en", shot=None, inside_scrollers=False):
    """axe over the page shown, its layout at 390 and 320 px, and its screenshot (dark at 390
    px, or `shot` as (width, scheme))."""
    report["pages"].append(page + ("" if language == "en" else " (es)"))
    report["violations"] += axe_everywhere(driver, page, language)
    for width in (390, 320):
        driver.set_window_size(width, 844)
        report["layout"][f"{page}@{width}"] = wider_than_the_screen(driver, True, inside_scrollers)
    if shots:
        width, name = shot or (390, "dark")
        driver.set_window_size(width, 844)
        scheme(driver, name)
        driver.execute_script("window.scrollTo(0, 0)")
        screenshot(driver, shots, f"homework-{page}-{name if language == 'en' else language}")
        if width != 390:
            # The teacher's pages on a phone too.
            driver.set_window_size(390, 844)
            driver.execute_script("window.scrollTo(0, 0)")
            screenshot(driver, shots, f"homework-{page}-{name if language == 'en' else language}-390")
        scheme(driver, "light")
    driver.set_window_size(390, 844)


def click_answer(driver, label):
    until(driver, """
      const b = Array.from(document.querySelectorAll('#answers button'))
        .find(b => b.textContent.trim().endsWith(arguments[0]) && !b.disabled);
      if (b) { b.click(); return true; } return false;""", label)


def question(driver, wording):
    """Waits for the question worded `wording` to be shown."""
    visible(driver, "question")
    until(driver, "return document.getElementById('question-text').textContent === arguments[0]", wording)


def join(driver, assignment, name):
    driver.get(base + "/a/" + assignment)
    visible(driver, "join")
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.CSS_SELECTOR, "#join-form button").click()


def play(driver, page_prefix, language, checking):
    """Plays Timed's first set right from its start screen to the result, checking each
    screen once when `checking`; what was seen."""
    seen = {}
    visible(driver, "start")
    seen["start"] = [text(driver, "#start [data-field=heading]"), text(driver, "#start [data-field=timer]")]
    if checking:
        check(driver, page_prefix + "start", language)
    driver.find_element(By.ID, "start-button").click()
    question(driver, "Capital of France?")
    seen["countdown"] = until(driver, """
      const c = document.querySelector('#question [data-field=countdown]');
      return !c.hidden && c.textContent ? c.textContent : false;""")
    if checking:
        check(driver, page_prefix + "question", language)
    # The answer's digit, as in the web player.
    driver.find_element(By.TAG_NAME, "body").send_keys("1")
    visible(driver, "verdict")
    seen["verdict"] = [text(driver, "#verdict-text"), text(driver, "#verdict [data-field=correct]"),
                       text(driver, "#verdict [data-field=explanation]")]
    if checking:
        check(driver, page_prefix + "verdict", language)
    driver.find_element(By.ID, "next").click()
    # Question 2's own timer starts with "Next": no start screen.
    question(driver, "Which are in Spain?")
    seen["multiple"] = text(driver, "#question [data-field=multiple]")
    click_answer(driver, "Madrid")
    click_answer(driver, "Seville")
    driver.find_element(By.ID, "send").click()
    visible(driver, "verdict")
    seen["second"] = text(driver, "#verdict-text")
    return seen


def finish(driver, seen, page_prefix, language, checking):
    question(driver, "What is this?")
    seen["third"] = text(driver, "#question [data-field=progress]")
    seen["image"] = driver.execute_script(
        "const i = document.querySelector('#question img'); return i.hidden ? '' : i.getAttribute('src')")
    click_answer(driver, "A cat")
    visible(driver, "verdict")
    seen["nextLabel"] = text(driver, "#next")
    driver.find_element(By.ID, "next").click()
    visible(driver, "result")
    seen["result"] = [text(driver, "#result [data-field=score]"), text(driver, "#result [data-field=right]"),
                      text(driver, "#result [data-field=state]")]
    if checking:
        check(driver, page_prefix + "result", language)


try:
    # Ada plays on her phone, closes it after question 2, and comes back to finish.
    ada = browser()
    # The code typed as a student types it, on the page that asks it.
    ada.get(base + "/a")
    check(ada, "code")
    ada.find_element(By.ID, "code").send_keys(code.lower()[:4] + " " + code.lower()[4:])
    ada.find_element(By.CSS_SELECTOR, "form button").click()
    until(ada, "return location.pathname === arguments[0]", "/a/" + code)
    visible(ada, "join")
    check(ada, "join")
    ada.find_element(By.ID, "name").send_keys("ada lovelace")
    ada.find_element(By.CSS_SELECTOR, "#join-form button").click()
    report["ada"] = play(ada, "", "en", True)
    ada.get("about:blank")
    ada.get(base + "/a/" + code)
    finish(ada, report["ada"], "", "en", True)

    # Bea plays the other assignment in Spanish.
    bea = browser(language="es")
    bea.get(base + "/a/" + spanish_code)
    visible(bea, "join")
    check(bea, "join", "es")
    bea.find_element(By.ID, "name").send_keys("Bea")
    bea.find_element(By.CSS_SELECTOR, "#join-form button").click()
    report["bea"] = play(bea, "", "es", True)
    bea.find_element(By.ID, "next").click()
    finish(bea, report["bea"], "", "es", True)

    # Alan answers question 1 wrong and leaves; Grace opens the page and types her name.
    alan = browser()
    join(alan, code, "Alan Turing")
    visible(alan, "start")
    alan.find_element(By.ID, "start-button").click()
    question(alan, "Capital of France?")
    click_answer(alan, "Rome")
    visible(alan, "verdict")
    report["alan"] = {"verdict": text(alan, "#verdict-text")}
    alan.get("about:blank")
    grace = browser()
    grace.get(base + "/a/" + code)
    visible(grace, "join")
    grace.find_element(By.ID, "name").send_keys("Grace Hopper")

    # The test moves the server's clock past the due time.
    open(os.path.join(handshake, "deadline"), "w").close()
    advanced = os.path.join(handshake, "advanced")
    deadline = time.monotonic() + WAIT
    while not os.path.exists(advanced):
        if time.monotonic() > deadline:
            raise RuntimeError("the test did not move the clock")
        time.sleep(0.05)

    grace.find_element(By.CSS_SELECTOR, "#join-form button").click()
    until(grace, "return !document.getElementById('join-error').hidden")
    report["grace"] = {"refused": text(grace, "#join-error")}
    check(grace, "refused")
    alan.get(base + "/a/" + code)
    visible(alan, "result")
    report["alan"]["result"] = [text(alan, "#result [data-field=score]"), text(alan, "#result [data-field=state]")]
    late = browser()
    late.get(base + "/a/" + code)
    visible(late, "gone")
    report["late"] = {"gone": text(late, "#gone-heading"), "notice": text(late, "#closed-notice")}
    check(late, "closed")
    late_es = browser(language="es")
    late_es.get(base + "/a/" + code)
    visible(late_es, "gone")
    check(late_es, "closed", "es")

    # The teacher: the homework list, its results, the projector's code, the classes and
    # the gradebook, in English and Spanish; then Ada's own page.
    teacher = browser(1280, 900)
    teacher.get(base + "/?token=" + token)
    until(teacher, "return location.pathname === '/'")
    report["teacher"] = {}
    for language in ("en", "es"):
        teacher.add_cookie({"name": "qrquiz_lang", "value": language, "path": "/"})
        teacher.get(base + "/assignments")
        check(teacher, "assignments", language, (1280, "light"), inside_scrollers=True)
        teacher.get(base + "/assignments/" + code)
        until(teacher, "return !!document.getElementById('students')")
        if language == "en":
            report["teacher"]["students"] = [
                [cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")[:4]]
                for row in teacher.find_elements(By.CSS_SELECTOR, "#students tbody tr")]
            report["teacher"]["questions"] = [
                element.text for element in teacher.find_elements(By.CSS_SELECTOR, "#question-results .question-text")]
            report["teacher"]["qr"] = teacher.execute_script(
                "return document.querySelector('.join-panel img').naturalWidth")
        check(teacher, "assignment", language, (1280, "dark" if language == "en" else "light"), inside_scrollers=True)
        teacher.get(base + "/assignments/" + code + "/present")
        check(teacher, "present", language, (1280, "light"))
        teacher.get(base + "/classes")
        check(teacher, "classes", language, (1280, "light"))
        teacher.get(base + "/classes/7B")
        until(teacher, "return !!document.getElementById('gradebook')")
        if language == "en":
            teacher.find_element(By.CSS_SELECTOR, "#student-links button").click()
            until(teacher, "return document.querySelectorAll('.student-links a').length === 3")
            report["teacher"]["gradebook"] = [
                [cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")]
                for row in teacher.find_elements(By.CSS_SELECTOR, "#gradebook tbody tr")]
            report["teacher"]["adaLink"] = teacher.find_element(By.CSS_SELECTOR, ".student-links a").get_attribute("href")
            report["teacher"]["merges"] = [element.text for element in
                                           teacher.find_elements(By.CSS_SELECTOR, "#merges label")]
        check(teacher, "gradebook", language, (1280, "dark" if language == "en" else "light"), inside_scrollers=True)
    ada.get(report["teacher"]["adaLink"])
    until(ada, "return !!document.getElementById('my-results')")
    report["ada"]["own"] = text(ada, "main")
    check(ada, "own-page")
finally:
    for driver in drivers:
        try:
            report["console"] += [entry["message"] for entry in driver.get_log("browser")]
        except Exception:
            pass
        driver.quit()

print(json.dumps(report))
