#!/usr/bin/env python3
"""The projector's screen in headless Chromium, measured: in every phase of a game, at
1280×720 and 1920×1080, in the light and the dark scheme, in English and Spanish, whether
the question, every answer, the countdown and the host's main button are inside the
viewport with the page scrolled to its top; and prints what stuck out as JSON.

usage: projector_fit_check.py BASE_URL HOST_URL PIN CARDS_HOST_URL CARDS_PIN [--screenshots DIR]

HOST_URL: a game of the Projector topic (one question of 200 characters with a picture and
four answers of 75 characters), which 30 players join (through the API, as phones do) and
answer. CARDS_HOST_URL: a game of the same topic for a class with answer cards (30
students), whose lobby (10 of them on phones) lists each student once, and whose question
shows the grid of the 20 cards; there the card-scanning panel is opened.

Report:
- fit: {"PHASE WIDTHxHEIGHT SCHEME LANGUAGE": [what stuck out]} and counted: how many
  elements each phase measured;
- keyboard: the phases Enter and Space moved the game to, from the lobby and the closed
  question; the hint beside the main button, in each language;
- cards: the page's height before and after the card panel opened (1280×720);
- offline: the banner's box and the element at its middle while the network is off, and
  whether it is hidden once back;
- console: every console message."""
import json
import sys
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser_support import chromium, scheme, screenshot, until

base, host_url, pin, cards_url, cards_pin = sys.argv[1:6]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
SIZES = [(1280, 720), (1920, 1080)]

# Thirty names of the lengths a class has (a nickname is at most 20 characters).
NAMES = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Katherine Johnson", "Tim Berners-Lee", "Hedy Lamarr",
         "Claude Shannon", "Barbara Liskov", "Donald Knuth", "Frances Allen", "Edsger Dijkstra", "Radia Perlman",
         "Ken Thompson", "Margaret Hamilton", "Dennis Ritchie", "Shafi Goldwasser", "John McCarthy",
         "Adele Goldberg", "Niklaus Wirth", "Sophie Wilson", "Guido van Rossum", "Anita Borg", "Bjarne Stroustrup",
         "Jean Sammet", "Leslie Lamport", "Evelyn Boyd Granville", "Łukasz Nowak", "Zoë Ñúñez", "Mary Kenneth Keller",
         "Ole-Johan Dahl"]
NAMES = [name[:20] for name in NAMES]


def api(path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"{}")


def visible(driver, section):
    until(driver, "const s = document.getElementById(arguments[0]); return !!s && !s.hidden", section)


# The boxes of every element the selectors find, against the viewport, the page scrolled to
# its top: each one outside (or not shown), and how many were measured.
MEASURE = """
window.scrollTo(0, 0);
const width = document.documentElement.clientWidth, height = window.innerHeight;
const out = [];
let count = 0;
for (const selector of arguments[0]) {
  const found = Array.from(document.querySelectorAll(selector));
  if (!found.length) out.push(selector + ": missing");
  for (const element of found) {
    count += 1;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) out.push(selector + ": not shown");
    else if (box.top < -0.5 || box.left < -0.5 || box.bottom > height + 0.5 || box.right > width + 0.5)
      out.push(selector + ": " + [box.left, box.top, box.right, box.bottom].map(Math.round).join(",") +
        " of " + width + "x" + height);
  }
}
return {out, count};
"""


def viewport(driver, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def language(driver, tag):
    """The page in `tag` (the language cookie, as the footer's link sets it), reloaded."""
    driver.add_cookie({"name": "qrquiz_lang", "value": tag, "path": "/"})
    driver.refresh()


def measure(driver, phase, selectors, ready):
    """Every element of `selectors` measured in both languages, sizes and schemes; `ready`:
    a script true once the phase is drawn."""
    counted = 0
    for tag in ("en", "es"):
        language(driver, tag)
        until(driver, ready)
        for width, height in SIZES:
            viewport(driver, width, height)
            for name in ("light", "dark"):
                scheme(driver, name)
                found = driver.execute_script(MEASURE, selectors)
                report["fit"][f"{phase} {width}x{height} {name} {tag}"] = found["out"]
                counted = max(counted, found["count"])
                screenshot(driver, shots, f"projector-{phase}-{width}x{height}-{name}-{tag}")
    scheme(driver, "light")
    viewport(driver, 1280, 720)
    language(driver, "en")
    until(driver, ready)
    report["counted"][phase] = counted


def press(driver, key):
    """`key` pressed with nothing focused, as a presenter's clicker sends it."""
    driver.execute_script("if (document.activeElement) document.activeElement.blur()")
    ActionChains(driver).send_keys(key).perform()


report = {"fit": {}, "counted": {}, "keyboard": {}, "console": []}
host = chromium(1280, 720)
cards = None
try:
    host.get(host_url)
    viewport(host, 1280, 720)
    visible(host, "lobby")
    secrets = [api(f"/api/live/{pin}/players", {"name": name})["secret"] for name in NAMES]
    lobby_ready = "return document.querySelectorAll('#lobby [data-field=names] li').length === 30"
    until(host, lobby_ready)
    measure(host, "lobby", ["#lobby .join-panel img", "#lobby .pin", "#lobby [data-field=names] li", "#start"],
            lobby_ready)
    report["keyboard"]["hint"] = host.execute_script("return document.querySelector('#lobby .key-hint').textContent")
    language(host, "es")
    until(host, lobby_ready)
    report["keyboard"]["hintSpanish"] = host.execute_script(
        "return document.querySelector('#lobby .key-hint').textContent")
    language(host, "en")
    until(host, lobby_ready)

    # Enter opens the question.
    press(host, Keys.ENTER)
    visible(host, "question")
    report["keyboard"]["enter"] = "question"
    question_ready = ("const i = document.querySelector('#question [data-field=image]'); return i.complete && "
                      "i.naturalWidth > 0 && document.querySelectorAll('#question [data-field=answers] li').length === 4"
                      " && document.querySelector('#question [data-field=countdown]').textContent !== ''")
    until(host, question_ready)
    measure(host, "question", ["#question-text", "#question [data-field=image]", "#question [data-field=answers] li",
                               "#question [data-field=countdown]", "#close"], question_ready)

    # Each player answers (answer 1 right): bars of 12, 8, 6 and 4, and a top 5.
    for index, secret in enumerate(secrets):
        pick = 0 if index < 12 else 1 if index < 20 else 2 if index < 26 else 3
        api(f"/api/live/{pin}/answers", {"secret": secret, "question": 0, "answers": [pick]})
    visible(host, "closed")
    closed_ready = "return document.querySelectorAll('#closed [data-field=top] li').length === 5"
    until(host, closed_ready)
    measure(host, "closed", ["#closed-heading", "#closed .results .column", "#closed [data-field=top] li", "#next"],
            closed_ready)

    # Space shows the podium.
    press(host, " ")
    visible(host, "over")
    report["keyboard"]["space"] = "over"
    over_ready = "return document.querySelectorAll('#over [data-field=podium] li').length >= 3"
    until(host, over_ready)
    measure(host, "over", ["#over-heading", "#over [data-field=podium] li", "#over a.button"], over_ready)

    # A game for a class with cards: its question with the cards' grid, the panel opened.
    cards = chromium(1280, 720)
    cards.get(cards_url)
    viewport(cards, 1280, 720)
    visible(cards, "lobby")
    # Its lobby with 10 of the 30 on phones: one line per student of the roster, none twice.
    for number in range(1, 11):
        api(f"/api/live/{cards_pin}/players", {"name": f"student {number}"})
    class_ready = "return document.querySelectorAll('#lobby [data-field=class-roster] li.here').length === 10"
    until(cards, class_ready)
    measure(cards, "class-lobby", ["#lobby .join-panel img", "#lobby .pin", "#lobby [data-field=class-roster] li",
                                   "#start"], class_ready)
    report["classLobby"] = cards.execute_script(
        "return Array.from(document.querySelectorAll('#lobby li')).filter(li => li.getClientRects().length > 0)"
        ".map(li => li.textContent)")
    cards.find_element("id", "start").click()
    visible(cards, "question")
    # The 20 students not on phones answer by card: the grid is theirs.
    grid_ready = (question_ready.replace("return ", "return document.querySelectorAll('.card-grid li').length === 20"
                                         " && "))
    until(cards, grid_ready)
    measure(cards, "cards", ["#question-text", "#question [data-field=answers] li", "#question [data-field=countdown]",
                             "#close", ".card-grid li"], grid_ready)
    before = cards.execute_script("return document.documentElement.scrollHeight")
    cards.find_element("css selector", "#card-panel summary").click()
    until(cards, "return document.getElementById('card-panel').open")
    screenshot(cards, shots, "projector-cards-panel-1280x720")
    report["cards"] = {"before": before, "after": cards.execute_script("return document.documentElement.scrollHeight"),
                       "fit": cards.execute_script(MEASURE, ["#question-text", "#question [data-field=countdown]",
                                                             "#close"])["out"]}

    # The network cut: the banner at the top, over everything; back, it goes.
    cards.execute_cdp_cmd("Network.enable", {})
    cards.execute_cdp_cmd("Network.emulateNetworkConditions",
                          {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    # The stream notices a cut at its next read: the server's comment line every few
    # seconds, or the drop itself.
    until(cards, "return !document.getElementById('offline').hidden")
    screenshot(cards, shots, "projector-offline-1280x720")
    report["offline"] = cards.execute_script("""
      const banner = document.getElementById('offline');
      const box = banner.getBoundingClientRect();
      const middle = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return {top: box.top, left: box.left, width: box.width, viewport: document.documentElement.clientWidth,
              onTop: banner.contains(middle), text: banner.textContent, position: getComputedStyle(banner).position};""")
    cards.execute_cdp_cmd("Network.emulateNetworkConditions",
                          {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    until(cards, "return document.getElementById('offline').hidden")
    report["offline"]["goneWhenBack"] = True
except Exception:
    for driver in [host, cards]:
        if driver:
            try:
                print(f"--- {driver.current_url}\n" + driver.page_source[:4000], file=sys.stderr)
            except Exception:
                pass
    raise
finally:
    for driver in [host, cards]:
        if driver:
            try:
                report["console"] += [entry["message"] for entry in driver.get_log("browser")]
            except Exception:
                pass
            driver.quit()

print(json.dumps(report))
