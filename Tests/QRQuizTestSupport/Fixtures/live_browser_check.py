#!/usr/bin/env python3
"""Plays a live game in headless Chromium: a host screen and four phones, each its own
browser (its own cookies and storage), and prints what each saw as JSON.

usage: live_browser_check.py BASE_URL HOST_URL PIN [--screenshots DIR]

The game is Capitals' first set (tests' LiveLibrary): France (Paris), Spain (Madrid and
Seville: both must be picked), the cat picture, scored by accuracy. Ada and Bob answer
right (tied for first), Cy wrong, Dee right. Bob's page is reloaded while question 2 is open, and answers after it. The host
removes and bans Dee by clicking her name during question 2 (a cancel first), Dee tries
to join again, the phones show what they sent; "End the game" is cancelled once, then the
host plays on to the podium.

Report: what the host saw (names in the lobby, answered counts, the podium and its steps), each phone's
verdicts and standings, Bob's score before and after the reload, what Dee saw when removed,
elements wider than the screen (phones at 390 and 320 px, the projector at 1280), and every
console message (script errors, Content-Security-Policy violations), which should be none."""
import json
import sys

from selenium.webdriver.common.by import By

from browser_support import chromium, screenshot, until, wider_than_the_screen

base, host_url, pin = sys.argv[1], sys.argv[2], sys.argv[3]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None


def visible(driver, section):
    """Waits until section `section` is the one shown."""
    until(driver, "const s = document.getElementById(arguments[0]); return !!s && !s.hidden", section)


def text(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).text


def click_answer(driver, label):
    until(driver, """
      const b = Array.from(document.querySelectorAll('#question [data-field=answers] button'))
        .find(b => b.querySelector('.label').textContent === arguments[0] && !b.disabled);
      if (b) { b.click(); return true; } return false;""", label)


def picked_line(driver):
    """Waits for the phone's "Your answer: …" line, and returns it."""
    return until(driver, """
      const line = document.querySelector('#question [data-field=picked]');
      return !document.getElementById('question').hidden && line.textContent ? line.textContent : false;""")


report = {"console": [], "layout": {}, "phones": {}}
host = chromium(1280, 800)
phones = {}
try:
    host.get(host_url)
    visible(host, "lobby")
    # The secret left the address bar for a cookie.
    report["hostAddress"] = host.current_url
    names = ["Ada", "Bob", "Cy", "Dee"]
    for name in names:
        phone = chromium(390, 844)
        phones[name] = phone
        phone.get(base + "/j/" + pin)
        visible(phone, "join")
        phone.find_element(By.ID, "name").send_keys(name)
        phone.find_element(By.CSS_SELECTOR, "#join-form button").click()
        visible(phone, "lobby")
        report["phones"][name] = {"lobby": text(phone, "#lobby [data-field=name]")}
    until(host, "return document.querySelectorAll('#lobby [data-field=names] li').length === 4")
    report["lobbyNames"] = [element.text for element in host.find_elements(By.CSS_SELECTOR, "#lobby [data-field=names] li")]
    screenshot(host, shots, "live-host-lobby")
    screenshot(phones["Ada"], shots, "live-phone-lobby")
    report["layout"]["host-lobby@1280"] = wider_than_the_screen(host)

    # Question 1: everyone answers; the question closes by itself.
    host.find_element(By.ID, "start").click()
    for name, phone in phones.items():
        visible(phone, "question")
    screenshot(phones["Ada"], shots, "live-phone-question")
    screenshot(host, shots, "live-host-question")
    report["layout"]["phone-question@390"] = wider_than_the_screen(phones["Ada"])
    report["layout"]["host-question@1280"] = wider_than_the_screen(host)
    for name, label in [("Ada", "Paris"), ("Bob", "Paris"), ("Cy", "Rome"), ("Dee", "Paris")]:
        click_answer(phones[name], label)
    for name, phone in phones.items():
        visible(phone, "closed")
        report["phones"][name]["verdicts"] = [text(phone, "#verdict")]
        report["phones"][name]["afterOne"] = text(phone, "#closed [data-field=standing]")
    visible(host, "closed")
    screenshot(host, shots, "live-host-closed")
    screenshot(phones["Cy"], shots, "live-phone-closed")
    report["hostTop"] = [element.text for element in host.find_elements(By.CSS_SELECTOR, "#closed [data-field=top] li")]
    report["hostRightMarked"] = [element.text for element in host.find_elements(By.CSS_SELECTOR, "#closed .column.right .label")]

    # Question 2: Bob's phone reloads while it is open; the host removes Dee.
    host.find_element(By.ID, "next").click()
    for phone in phones.values():
        visible(phone, "question")
    bob = phones["Bob"]
    bob.refresh()
    visible(bob, "question")
    report["phones"]["Bob"]["afterReload"] = text(bob, "#question [data-field=text]")
    # The host removes Dee by her name, with a ban, after a question; a cancel first
    # removes nobody.
    host.execute_script("document.querySelector('.host-controls').open = true")
    dee_button = "#host-controls [data-field=roster] button[aria-label='Remove Dee…']"
    until(host, "return !!document.querySelector(arguments[0])", dee_button)
    host.find_element(By.CSS_SELECTOR, dee_button).click()
    until(host, "return document.getElementById('confirm').open")
    report["removeQuestion"] = text(host, "#confirm-text")
    screenshot(host, shots, "live-host-remove")
    host.find_element(By.ID, "confirm-cancel").click()
    until(host, "return !document.getElementById('confirm').open")
    report["afterCancel"] = len(host.find_elements(By.CSS_SELECTOR, "#host-controls [data-field=roster] li"))
    host.find_element(By.CSS_SELECTOR, dee_button).click()
    until(host, "return document.getElementById('confirm').open")
    host.find_element(By.ID, "confirm-ban").click()
    visible(phones["Dee"], "gone")
    report["phones"]["Dee"]["removed"] = text(phones["Dee"], "#gone h1")
    # Dee tries again: she is told she was removed, not that the game is locked or full.
    phones["Dee"].get(base + "/j/" + pin)
    visible(phones["Dee"], "join")
    phones["Dee"].find_element(By.ID, "name").send_keys("Dee")
    phones["Dee"].find_element(By.CSS_SELECTOR, "#join-form button").click()
    until(phones["Dee"], "return !document.getElementById('join-error').hidden")
    report["phones"]["Dee"]["rejoin"] = text(phones["Dee"], "#join-error")
    until(host, "return document.querySelectorAll('#host-controls [data-field=banned] button').length === 1")
    report["banned"] = [element.text for element in host.find_elements(By.CSS_SELECTOR, "#host-controls [data-field=banned] button")]
    for name in ["Ada", "Bob", "Cy"]:
        phone = phones[name]
        for label in ["Madrid", "Seville"] if name != "Cy" else ["Madrid"]:
            click_answer(phone, label)
        phone.find_element(By.ID, "send").click()
        if name == "Ada":
            # The phone shows what it sent, and still does after a reload (the question is
            # open until Bob and Cy answer).
            report["phones"]["Ada"]["picked"] = picked_line(phone)
            phone.refresh()
            visible(phone, "question")
            report["phones"]["Ada"]["pickedAfterReload"] = picked_line(phone)
            report["phones"]["Ada"]["pickedMarked"] = [
                element.text for element in phone.find_elements(By.CSS_SELECTOR, "#question button.answer.picked .label")]
            screenshot(phone, shots, "live-phone-picked")
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
    # "End the game" asks first; cancelled, the game goes on.
    host.find_element(By.ID, "end").click()
    until(host, "return document.getElementById('confirm').open")
    report["endQuestion"] = text(host, "#confirm-text")
    host.find_element(By.ID, "confirm-cancel").click()
    until(host, "return !document.getElementById('confirm').open")
    report["afterEndCancelled"] = until(host, "return !document.getElementById('closed').hidden ? 'closed' : false")
    host.find_element(By.ID, "next").click()
    visible(host, "over")
    report["controlsAtTheEnd"] = host.execute_script("return document.getElementById('host-controls').hidden")
    report["podium"] = [element.text for element in host.find_elements(By.CSS_SELECTOR, "#over [data-field=podium] li")]
    # Where each stands: its name, rank, and its step's top and height on the screen (two
    # players tied stand on one step: the same height, the same top).
    report["podiumSteps"] = host.execute_script("""
      return Array.from(document.querySelectorAll('#over [data-field=podium] li')).map(li => {
        const step = li.querySelector('.rank').getBoundingClientRect();
        return [li.querySelector('.name').textContent, li.dataset.rank, String(Math.round(step.top)),
          String(Math.round(step.height))];
      });""")
    screenshot(host, shots, "live-host-podium")
    for name in ["Ada", "Bob", "Cy"]:
        visible(phones[name], "over")
        report["phones"][name]["place"] = text(phones[name], "#over [data-field=place]")
    screenshot(phones["Bob"], shots, "live-phone-over")
    report["resultsLink"] = host.find_element(By.CSS_SELECTOR, "#over a.button").get_attribute("href")
    report["layout"]["host-podium@1280"] = wider_than_the_screen(host)
    for width in (390, 320):
        phones["Ada"].set_window_size(width, 844)
        report["layout"][f"phone-over@{width}"] = wider_than_the_screen(phones["Ada"])
        phones["Dee"].set_window_size(width, 844)
        report["layout"][f"phone-removed@{width}"] = wider_than_the_screen(phones["Dee"])
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
