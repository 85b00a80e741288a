#!/usr/bin/env python3
"""Reads a class's answer cards into a live game in headless Chromium: the host screen
with Chromium's fake camera playing a video of the cards, then the teacher's phone (a
second browser) taking a photo through the scan page's file input; prints what each saw
as JSON.

usage: live_cards_check.py HOST_URL SCAN_URL VIDEO.y4m PHOTO.jpg [--screenshots DIR] [--library TEACHER_URL]

The game is Capitals' first set with class 7B (cards 1, 2, 3). The video shows card 1 with
B on top, 2 with A, 3 with C; the photo, taken during question 2, card 1 with A and 2 with
C. The camera is stopped before question 2.

Report: the names in the lobby, the grid before and after the camera (numbers and whether
seen: 1), the grid's text (it must hold no answer letter), the camera's status line, the
scan page's address after its secret moved to a cookie, what it said of the photo, the
grid after the photo, axe-core's serious and critical findings on the host screen (lobby;
question with the scanning panel open) and the scan page (English and Spanish) at 390 and
1280 px in both schemes, elements wider than the screen, and every console message.

With --library (the teacher's address, `/?token=…`), the phone first opens it, as the
teacher's own device, presses "Show scanner link" and reports the link it shows and whether
its QR code loaded (axe-core on that page too); and the report says whether the host
screen's page (the projector) ever held the scanner link."""
import json
import sys

from selenium.webdriver.common.by import By

from browser_support import axe_violations, chromium, screenshot, until, wider_than_the_screen

host_url, scan_url, video, photo = sys.argv[1:5]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
library = sys.argv[sys.argv.index("--library") + 1] if "--library" in sys.argv else None
scan_secret = scan_url.split("secret=")[-1]

GRID = """return Array.from(document.querySelectorAll('#question .card-grid li'))
  .map(li => [Number(li.textContent), li.classList.contains('seen') ? 1 : 0]);"""


def scheme(driver, name):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": name}]})


def check(driver, page, report, language="en"):
    """axe and the layout, in both schemes, at a phone's width and a projector's."""
    for width in (390, 1280):
        driver.set_window_size(width, 900)
        for name in ("light", "dark"):
            scheme(driver, name)
            for violation in axe_violations(driver, page):
                report["violations"].append(dict(violation, page=page, scheme=name, width=width, language=language))
        wide = wider_than_the_screen(driver, skipping_hidden=True)
        if wide:
            report["layout"][f"{page} {width} {language}"] = wide
    scheme(driver, "light")


report = {"violations": [], "layout": {}, "console": []}
camera = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
          f"--use-file-for-fake-video-capture={video}"]
host = chromium(1280, 800, arguments=camera)
phone = None
try:
    host.get(host_url)
    # A class's lobby: one line per student of the roster, nobody listed twice.
    until(host, "return !document.getElementById('lobby').hidden && document.querySelectorAll('#lobby [data-field=class-roster] li').length === 3")
    report["lobbyNames"] = [item.text for item in host.find_elements(By.CSS_SELECTOR, "#lobby li") if item.is_displayed()]
    check(host, "host-lobby", report)
    host.set_window_size(1280, 800)
    host.find_element(By.ID, "start").click()
    until(host, "return !document.getElementById('question').hidden && document.querySelectorAll('#question .card-grid li').length === 3")
    report["gridBefore"] = host.execute_script(GRID)
    host.find_element(By.CSS_SELECTOR, "#card-panel summary").click()
    check(host, "host-question-cards", report)
    host.set_window_size(1280, 800)
    host.find_element(By.ID, "card-camera-toggle").click()
    until(host, "return document.querySelectorAll('#question .card-grid li.seen').length === 3")
    report["gridAfterCamera"] = host.execute_script(GRID)
    report["gridText"] = host.find_element(By.CSS_SELECTOR, "#question [data-field=cards]").text
    report["cameraStatus"] = host.find_element(By.ID, "card-camera-status").text
    if shots:
        host.set_window_size(1280, 720)
        host.execute_script("window.scrollTo(0, 0)")
        screenshot(host, shots, "host-cards-1280")
        host.set_window_size(390, 844)
        scheme(host, "dark")
        screenshot(host, shots, "host-cards-390-dark")
        scheme(host, "light")
        host.set_window_size(1280, 800)
    host.find_element(By.ID, "card-camera-toggle").click()
    until(host, "return document.getElementById('card-camera').hidden")
    report["cameraStopped"] = host.find_element(By.ID, "card-camera-status").text
    host.find_element(By.ID, "close").click()
    until(host, "return !document.getElementById('closed').hidden")
    host.find_element(By.ID, "next").click()
    until(host, "return !document.getElementById('question').hidden && document.querySelectorAll('#question .card-grid li.waiting').length === 3")

    phone = chromium(390, 844)
    if library:
        # The teacher's own phone: the library page gives the scanner link, once asked for.
        phone.get(library)
        until(phone, "return !!document.querySelector('#running-games .scanner-link summary')")
        report["scanLinkClosed"] = not phone.execute_script(
            "return document.querySelector('#running-games .scanner-link').open")
        phone.find_element(By.CSS_SELECTOR, "#running-games .scanner-link summary").click()
        report["libraryScanLink"] = phone.find_element(By.CSS_SELECTOR, "#running-games .scanner-address a").get_attribute("href")
        report["scanCodeLoaded"] = until(phone, """
          const image = document.querySelector('#running-games .scanner-link img');
          return image && image.complete && image.naturalWidth > 0;""")
        check(phone, "library-scanner-link", report)
        phone.set_window_size(390, 844)
        screenshot(phone, shots, "library-scanner-link-390")
    phone.get(scan_url)
    until(phone, "return !!document.getElementById('scan') && !document.getElementById('scan').hidden")
    report["scanAddress"] = phone.current_url
    check(phone, "scan", report)
    phone.set_window_size(390, 844)
    screenshot(phone, shots, "scan-390")
    phone.find_element(By.ID, "card-photo").send_keys(photo)
    report["scanResult"] = until(phone, """
      const line = document.querySelector('#scan [data-field=result]');
      return line && !line.hidden && !document.getElementById('card-photo').disabled ? line.textContent : false;""")
    report["scanSeen"] = phone.find_element(By.CSS_SELECTOR, "#scan [data-field=seen]").text
    until(host, "return document.querySelectorAll('#question .card-grid li.seen').length === 2")
    report["gridAfterPhoto"] = host.execute_script(GRID)
    # The scan page in Spanish.
    phone.add_cookie({"name": "qrquiz_lang", "value": "es", "path": "/"})
    phone.refresh()
    until(phone, "return !!document.getElementById('scan') && document.documentElement.lang === 'es'")
    check(phone, "scan", report, language="es")
    scheme(phone, "dark")
    phone.set_window_size(390, 844)
    screenshot(phone, shots, "scan-390-es-dark")
    host.find_element(By.ID, "close").click()
    until(host, "return !document.getElementById('closed').hidden")
    report["hostShowsScanLink"] = scan_secret in host.page_source or "scanner.svg" in host.page_source
finally:
    for each in [host, phone]:
        if each:
            try:
                report["console"] += [entry["message"] for entry in each.get_log("browser")]
            except Exception:
                pass
            each.quit()

print(json.dumps(report))
