#!/usr/bin/env python3
"""Plays a live game in headless Chromium: a host screen and four phones, each its own
browser (its own cookies and storage), and prints what each saw as JSON.

usage: live_browser_check.py BASE_URL HOST_URL PIN [--screenshots DIR]

The game is Capitals' first set (tests' LiveLibrary): France (Paris), Spain (Madrid and
Seville: both must be picked), the cat picture. Ada and Bob answer right, Cy wrong, Dee
right. Bob's page is reloaded while question 2 is open, and answers after it. The host
removes Dee during question 2, then plays on to the podium.

Report: what the host saw (names in the lobby, answered counts, the podium), each phone's
verdicts and standings, Bob's score before and after the reload, what Dee saw when removed,
elements wider than the screen (phones at 390 and 320 px, the projector at 1280), and every
console message (script errors, Content-Security-Policy violations), which should be none."""
import json
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from selenium.common.exceptions import WebDriverException

base, host_url, pin = sys.argv[1], sys.argv[2], sys.argv[3]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
WAIT = 40

WIDER_THAN_THE_SCREEN = """
const width = document.documentElement.clientWidth;
const out = [];
if (document.documentElement.scrollWidth > width) out.push("page: " + document.documentElement.scrollWidth + " > " + width);
for (const element of document.querySelectorAll("body *")) {
  const box = element.getBoundingClientRect();
  if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)) {
    out.push(element.tagName.toLowerCase() + (element.id ? "#" + element.id : "") + ": " +
      Math.round(box.left) + ".." + Math.round(box.right) + " of " + width);
  }
}
return out;
"""


def browser(width, height):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                     "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    return driver


def visible(driver, section):
    """Waits until section `section` is the one shown."""
    def shown(driver):
        try:
            return driver.execute_script("const s = document.getElementById(arguments[0]); return !!s && !s.hidden", section)
        except WebDriverException:
            return False
    WebDriverWait(driver, WAIT).until(shown)


def until(driver, script, *arguments):
    """Waits until `script` returns something true, and returns it."""
    def done(driver):
        try:
            return driver.execute_script(script, *arguments)
        except WebDriverException:
            return False
    return WebDriverWait(driver, WAIT).until(done)


def text(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).text


def click_answer(driver, label):
    until(driver, """
      const b = Array.from(document.querySelectorAll('#question [data-field=answers] button'))
        .find(b => b.querySelector('.label').textContent === arguments[0] && !b.disabled);
      if (b) { b.click(); return true; } return false;""", label)


def screenshot(driver, name):
    if shots:
        os.makedirs(shots, exist_ok=True)
        driver.save_screenshot(os.path.join(shots, name + ".png"))


report = {"console": [], "layout": {}, "phones": {}}
host = browser(1280, 800)
phones = {}
try:
    host.get(host_url)
    visible(host, "lobby")
    # The secret left the address bar for a cookie.
    report["hostAddress"] = host.current_url
    names = ["Ada", "Bob", "Cy", "Dee"]
    for name in names:
        phone = browser(390, 844)
        phones[name] = phone
        phone.get(base + "/j/" + pin)
        visible(phone, "join")
        phone.find_element(By.ID, "name").send_keys(name)
        phone.find_element(By.CSS_SELECTOR, "#join-form button").click()
        visible(phone, "lobby")
        report["phones"][name] = {"lobby": text(phone, "#lobby [data-field=name]")}
    until(host, "return document.querySelectorAll('#lobby [data-field=names] li').length === 4")
    report["lobbyNames"] = [element.text for element in host.find_elements(By.CSS_SELECTOR, "#lobby [data-field=names] li")]
    screenshot(host, "live-host-lobby")
    screenshot(phones["Ada"], "live-phone-lobby")
    report["layout"]["host-lobby@1280"] = host.execute_script(WIDER_THAN_THE_SCREEN)

    # Question 1: everyone answers; the question closes by itself.
    host.find_element(By.ID, "start").click()
    for name, phone in phones.items():
        visible(phone, "question")
    screenshot(phones["Ada"], "live-phone-question")
    screenshot(host, "live-host-question")
    report["layout"]["phone-question@390"] = phones["Ada"].execute_script(WIDER_THAN_THE_SCREEN)
    report["layout"]["host-question@1280"] = host.execute_script(WIDER_THAN_THE_SCREEN)
    for name, label in [("Ada", "Paris"), ("Bob", "Paris"), ("Cy", "Rome"), ("Dee", "Paris")]:
        click_answer(phones[name], label)
    for name, phone in phones.items():
        visible(phone, "closed")
        report["phones"][name]["verdicts"] = [text(phone, "#verdict")]
        report["phones"][name]["afterOne"] = text(phone, "#closed [data-field=standing]")
    visible(host, "closed")
    screenshot(host, "live-host-closed")
    screenshot(phones["Cy"], "live-phone-closed")
    report["hostTop"] = [element.text for element in host.find_elements(By.CSS_SELECTOR, "#closed [data-field=top] li")]
    report["hostRightMarked"] = [element.text for element in host.find_elements(By.CSS_SELECTOR, "#closed .answer.right .label")]

    # Question 2: Bob's phone reloads while it is open; the host removes Dee.
    host.find_element(By.ID, "next").click()
    for phone in phones.values():
        visible(phone, "question")
    bob = phones["Bob"]
    bob.refresh()
    visible(bob, "question")
    report["phones"]["Bob"]["afterReload"] = text(bob, "#question [data-field=text]")
    host.execute_script("document.querySelector('.host-controls').open = true")
    host.find_element(By.ID, "kick-name").send_keys("dee")
    host.find_element(By.CSS_SELECTOR, "#kick button[type=submit]").click()
    visible(phones["Dee"], "gone")
    report["phones"]["Dee"]["removed"] = text(phones["Dee"], "#gone h1")
    for name in ["Ada", "Bob", "Cy"]:
        phone = phones[name]
        for label in ["Madrid", "Seville"] if name != "Cy" else ["Madrid"]:
            click_answer(phone, label)
        phone.find_element(By.ID, "send").click()
    for name in ["Ada", "Bob", "Cy"]:
        visible(phones[name], "closed")
        report["phones"][name]["verdicts"].append(text(phones[name], "#verdict"))
        report["phones"][name]["afterTwo"] = text(phones[name], "#closed [data-field=standing]")
    visible(host, "closed")

    # Question 3, with its picture, then the podium.
    host.find_element(By.ID, "next").click()
    visible(host, "question")
    report["hostImage"] = until(host, """
      const image = document.querySelector('#question [data-field=image]');
      return !image.hidden && image.complete && image.naturalWidth > 0 ? image.getAttribute('src') : false;""")
    for name, label in [("Ada", "A cat"), ("Bob", "A cat"), ("Cy", "A dog")]:
        visible(phones[name], "question")
        click_answer(phones[name], label)
    visible(host, "closed")
    host.find_element(By.ID, "next").click()
    visible(host, "over")
    report["podium"] = [element.text for element in host.find_elements(By.CSS_SELECTOR, "#over [data-field=podium] li")]
    screenshot(host, "live-host-podium")
    for name in ["Ada", "Bob", "Cy"]:
        visible(phones[name], "over")
        report["phones"][name]["place"] = text(phones[name], "#over [data-field=place]")
    screenshot(phones["Bob"], "live-phone-over")
    report["resultsLink"] = host.find_element(By.CSS_SELECTOR, "#over a.button").get_attribute("href")
    report["layout"]["host-podium@1280"] = host.execute_script(WIDER_THAN_THE_SCREEN)
    for width in (390, 320):
        phones["Ada"].set_window_size(width, 844)
        report["layout"][f"phone-over@{width}"] = phones["Ada"].execute_script(WIDER_THAN_THE_SCREEN)
        phones["Dee"].set_window_size(width, 844)
        report["layout"][f"phone-removed@{width}"] = phones["Dee"].execute_script(WIDER_THAN_THE_SCREEN)
except Exception:
    for name, driver in [("host", host)] + list(phones.items()):
        try:
            print(f"--- {name}: {driver.current_url}\n" + driver.find_element(By.ID, "live").get_attribute("outerHTML")[:2500],
                  file=sys.stderr)
            print(driver.get_log("browser"), file=sys.stderr)
        except Exception:
            pass
    raise
finally:
    for driver in [host] + list(phones.values()):
        try:
            report["console"] += [entry["message"] for entry in driver.get_log("browser")]
        except Exception:
            pass
        driver.quit()

print(json.dumps(report))
