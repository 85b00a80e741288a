#!/usr/bin/env python3
"""A teacher of a school's server in headless Chromium, by keyboard alone: the admin's
one-time link sets the password, the log-in page opens a session (its cookie HttpOnly and
SameSite=Strict), the classes open, the log-in page logs out; a wrong password is said
in its alert; the pages in Spanish. Every page checked with axe-core in both schemes at
320 and 390 px, 1280×720 and 1920×1080, and its layout at 390 and 320 px; prints what it
saw as JSON.

usage: sign_in_check.py BASE_URL CODE [--screenshots DIR]

The server has one account, Ada Lovelace (ada@school.example), whose link's code is CODE.

Report: {"notice": str, "classes": str, "account": str, "cookie": {...}, "signedIn": str, "loggedOut": str,
"refused": str, "focusAfterRefusal": str, "spanish": {...}, "violations": [...], "pages": [...],
"layout": {page: [offenders]}, "console": [...]}."""
import json
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import axe_everywhere, chromium, scheme, screenshot, until, wider_than_the_screen

base, code = sys.argv[1:3]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
report = {"violations": [], "pages": [], "layout": {}, "console": [], "spanish": {}}
drivers = []
SIZES = ((320, 844), (390, 844), (1280, 720), (1920, 1080))


def check(driver, page, language="en"):
    """axe over the page shown at every size in both schemes, its layout at 390 and 320 px."""
    report["pages"].append(page + ("" if language == "en" else " (es)"))
    report["violations"] += axe_everywhere(driver, page, language, sizes=SIZES)
    for width in (390, 320):
        driver.set_window_size(width, 844)
        report["layout"][f"{page}@{width}"] = wider_than_the_screen(driver, True)
    if shots:
        scheme(driver, "dark")
        screenshot(driver, shots, f"account-{page}-{language}")
        scheme(driver, "light")
    driver.set_window_size(390, 844)


def tab_to(driver, selector):
    """Presses Tab until the element `selector` matches has the focus (keyboard alone)."""
    for _ in range(40):
        if driver.execute_script("return document.activeElement.matches(arguments[0])", selector):
            return True
        driver.switch_to.active_element.send_keys(Keys.TAB)
    return False


def type_into(driver, selector, text):
    if not tab_to(driver, selector):
        raise RuntimeError("no focus reached " + selector)
    driver.switch_to.active_element.send_keys(text)


def arrive(driver, script):
    """Waits for the page the form's answer led to (a new document has no marker)."""
    until(driver, "return !window.accountMarker && document.readyState === 'complete' && (" + script + ")")


try:
    teacher = chromium(390, 844)
    drivers.append(teacher)
    teacher.get(base + "/account/password?code=" + code)
    check(teacher, "set-password")
    type_into(teacher, "#new-password", "correct horse battery")
    type_into(teacher, "#repeat-password", "correct horse battery")
    teacher.execute_script("window.accountMarker = true")
    teacher.switch_to.active_element.send_keys(Keys.ENTER)
    arrive(teacher, "location.pathname === '/login'")
    report["notice"] = teacher.find_element(By.CSS_SELECTOR, "[role=status]").text
    check(teacher, "log-in")

    type_into(teacher, "#login", "Ada Lovelace")
    type_into(teacher, "#password", "wrong horse battery")
    teacher.execute_script("window.accountMarker = true")
    teacher.switch_to.active_element.send_keys(Keys.ENTER)
    arrive(teacher, "!!document.querySelector('[role=alert]')")
    report["refused"] = teacher.find_element(By.CSS_SELECTOR, "[role=alert]").text
    check(teacher, "log-in-refused")

    type_into(teacher, "#password", "correct horse battery")
    teacher.execute_script("window.accountMarker = true")
    teacher.switch_to.active_element.send_keys(Keys.ENTER)
    arrive(teacher, "location.pathname === '/classes'")
    report["classes"] = teacher.find_element(By.TAG_NAME, "h1").text
    report["account"] = teacher.find_element(By.CSS_SELECTOR, "header a[href='/login']").text
    check(teacher, "classes")
    cookie = next(c for c in teacher.get_cookies() if c["name"] == "qrquiz_teacher")
    report["cookie"] = {"httpOnly": cookie.get("httpOnly"), "sameSite": cookie.get("sameSite"),
                        "secure": cookie.get("secure"), "expires": "expiry" in cookie}

    teacher.get(base + "/login")
    report["signedIn"] = teacher.find_element(By.CSS_SELECTOR, ".account p").text
    check(teacher, "log-in-signed-in")
    tab_to(teacher, "form[action='/logout'] button")
    teacher.execute_script("window.accountMarker = true")
    teacher.switch_to.active_element.send_keys(Keys.ENTER)
    arrive(teacher, "location.search === '?out=1'")
    report["loggedOut"] = teacher.find_element(By.CSS_SELECTOR, "[role=status]").text
    teacher.get(base + "/classes")
    arrive(teacher, "location.pathname === '/login'")
    report["afterLogOut"] = teacher.execute_script("return location.pathname + location.search")

    spanish = chromium(390, 844)
    drivers.append(spanish)
    spanish.get(base + "/settings")
    spanish.add_cookie({"name": "qrquiz_lang", "value": "es", "path": "/"})
    spanish.get(base + "/login")
    report["spanish"]["heading"] = spanish.find_element(By.TAG_NAME, "h1").text
    report["spanish"]["labels"] = [label.text for label in spanish.find_elements(By.CSS_SELECTOR, ".account label")]
    check(spanish, "log-in", "es")
    spanish.get(base + "/account/password?code=" + code)
    report["spanish"]["password"] = spanish.find_element(By.TAG_NAME, "h1").text
    check(spanish, "set-password", "es")
finally:
    for driver in drivers:
        try:
            report["console"] += [entry["message"] for entry in driver.get_log("browser")]
        except Exception:
            pass
        driver.quit()

print(json.dumps(report))
