#!/usr/bin/env python3
"""The editor never makes an answer key by itself, in headless Chromium; prints what
happened as JSON.

usage: editor_answer_key_check.py BASE_URL TOKEN [--screenshots DIR]

On the library of the live tests (Capitals: set 1 France (Paris right), Spain (Madrid and
Seville right), the cat; set 2 Peru):
- new: /new: which answers a new question starts with marked right; saved with none
  marked (refused, said beside the question), then with answer 3 marked: what was saved;
- count: the note beside Spain (two right answers); France with a second answer ticked,
  then unticked;
- confirm: saving Capitals asks about Spain; dismissed, nothing is saved; accepted, saved;
  saved again after another edit, not asked again;
- drawing: "Use this drawing" on an empty canvas;
- savebar: every field and button of the form reached by Tab at 1280×720 and at 360×740,
  each checked against the sticky save bar (none under it);
- console: every message."""
import json
import sys

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import chromium, scheme, screenshot, until

base, token = sys.argv[1], sys.argv[2]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None


def fit(driver, width, height):
    """The page's viewport exactly `width` × `height` (a headless window is never narrower
    than 500 px: a phone's width is emulated)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    until(driver, "return innerWidth === arguments[0] && innerHeight === arguments[1]", width, height)


def open_editor(driver, address):
    driver.get(address)
    until(driver, "return !document.getElementById('editor').hidden && document.querySelector('#editor textarea')")


def click(driver, selector):
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def type_into(driver, selector, text):
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.send_keys(Keys.CONTROL, "a")
    element.send_keys(Keys.BACKSPACE)
    if text:
        element.send_keys(text)


def save(driver, answer=None):
    """Clicks Save; a question the page asks is answered `answer` (True: OK, False: Cancel,
    None: not expected, and said as "asked"). Returns (the question or None, the outcome:
    "saved", "problems", "not saved" or "asked")."""
    driver.execute_script("document.getElementById('status').textContent = ''")
    click(driver, "#save")
    # The click returns once its handler ran: a confirm it opened is there now.
    try:
        alert = driver.switch_to.alert
        asked = alert.text
    except NoAlertPresentException:
        alert, asked = None, None
    if alert is not None and answer is None:
        alert.dismiss()
        return asked, "asked"
    if alert is not None and not answer:
        alert.dismiss()
        # Nothing went out: the status line stays empty.
        return asked, driver.execute_script("return document.getElementById('status').textContent") or "not saved"
    if alert is not None:
        alert.accept()
    outcome = until(driver, """
      const problems = document.getElementById('problems');
      if (!problems.hidden && !problems.classList.contains('advice')) return 'problems';
      const status = document.getElementById('status').textContent;
      return status.startsWith('Saved') ? 'saved' : false;""")
    return asked, outcome


def topic_json(driver, name):
    return driver.execute_script(
        "const r = new XMLHttpRequest(); r.open('GET', '/t/' + arguments[0] + '.json', false); r.send();"
        "return JSON.parse(r.responseText);", name)


# The field the focus is on, and whether the save bar covers any of it.
COVERED = """
const field = document.activeElement;
const bar = document.getElementById('savebar').getBoundingClientRect();
if (!field || field === document.body || !document.getElementById('editor').contains(field)) return null;
const box = field.getBoundingClientRect();
const name = field.id || field.getAttribute('data-action') || field.getAttribute('aria-label') || field.tagName;
return {name, covered: box.bottom > bar.top + 0.5 && box.top < bar.bottom, outside: box.top < -0.5 || box.bottom > window.innerHeight + 0.5};
"""


def tab_through(driver, label):
    """Tabs from the top of the form to its end; every field it reaches, checked."""
    driver.execute_script("window.scrollTo(0, 0); document.getElementById('option-name').focus()")
    reached, covered = 0, []
    for _ in range(400):
        found = driver.execute_script(COVERED)
        if found is None:
            break
        reached += 1
        if found["covered"] or found["outside"]:
            covered.append(found["name"])
        ActionChains(driver).send_keys(Keys.TAB).perform()
    report["savebar"][label] = {"reached": reached, "covered": covered}


report = {"savebar": {}, "console": []}
driver = chromium(1280, 900)
try:
    driver.get(base + "/?token=" + token)
    fit(driver, 1280, 720)

    # A new topic: nothing marked right until the teacher marks it.
    open_editor(driver, base + "/new")
    report["newChecked"] = driver.execute_script(
        "return Array.from(document.querySelectorAll('#q-0-0 input[type=checkbox]')).map(c => c.checked)")
    type_into(driver, "#option-name", "Key check")
    type_into(driver, "#q-0-0-text", "Which planet is red?")
    for index, answer in enumerate(["Venus", "Earth", "Mars", "Jupiter"]):
        type_into(driver, f"#q-0-0-a{index}", answer)
    report["newUnmarked"] = save(driver)[1]
    report["newUnmarkedBeside"] = driver.execute_script(
        "return Array.from(document.querySelectorAll('#q-0-0 .field-problem')).map(p => p.textContent)")
    click(driver, "#q-0-0-a2-right")
    report["newMarked"] = save(driver)[1]
    report["newSaved"] = topic_json(driver, "Key check")["sets"][0][0].get("correctAnswers")

    # The count beside a question with two right answers.
    open_editor(driver, base + "/edit/Capitals")
    note = "return document.getElementById(arguments[0]).hidden ? null : document.getElementById(arguments[0]).textContent"
    report["spainNote"] = driver.execute_script(note, "q-0-1-right-count")
    report["franceNote"] = driver.execute_script(note, "q-0-0-right-count")
    click(driver, "#q-0-0-a1-right")
    report["franceTicked"] = driver.execute_script(note, "q-0-0-right-count")
    screenshot(driver, shots, "editor-right-count-1280x720")
    click(driver, "#q-0-0-a1-right")
    report["franceUnticked"] = driver.execute_script(note, "q-0-0-right-count")

    # Saving asks about Spain once: dismissed, nothing saved; accepted, saved; not again.
    type_into(driver, "#q-0-0-text", "Capital city of France?")
    report["dismissed"] = save(driver, answer=False)
    report["afterDismiss"] = topic_json(driver, "Capitals")["sets"][0][0]["question"]
    report["accepted"] = save(driver, answer=True)
    report["afterAccept"] = topic_json(driver, "Capitals")["sets"][0][0]["question"]
    type_into(driver, "#q-0-0-text", "Capital of France?")
    report["again"] = save(driver)

    # An empty drawing is refused.
    click(driver, '#q-1-0 [data-action="draw"]')
    until(driver, "return document.getElementById('drawing').open")
    click(driver, "#drawing-save")
    report["emptyDrawing"] = until(driver, """
      const empty = document.getElementById('drawing-empty');
      return empty.hidden ? false : {text: empty.textContent, open: document.getElementById('drawing').open};""")
    screenshot(driver, shots, "editor-drawing-empty-1280x720")
    click(driver, "#drawing-cancel")

    # The save bar covers no field, on a projector's screen and a phone's, Spanish too.
    fit(driver, 1280, 720)
    open_editor(driver, base + "/edit/Capitals")
    tab_through(driver, "1280x720")
    screenshot(driver, shots, "editor-savebar-1280x720-light")
    scheme(driver, "dark")
    screenshot(driver, shots, "editor-savebar-1280x720-dark")
    scheme(driver, "light")
    fit(driver, 360, 740)
    open_editor(driver, base + "/edit/Capitals")
    tab_through(driver, "360x740")
    screenshot(driver, shots, "editor-savebar-360-light")
    scheme(driver, "dark")
    screenshot(driver, shots, "editor-savebar-360-dark")
    scheme(driver, "light")
    driver.add_cookie({"name": "qrquiz_lang", "value": "es", "path": "/"})
    open_editor(driver, base + "/edit/Capitals")
    report["spainNoteSpanish"] = driver.execute_script(note, "q-0-1-right-count")
    driver.execute_script("document.getElementById('q-0-1-right-count').scrollIntoView({block: 'center'})")
    screenshot(driver, shots, "editor-right-count-360-es")
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
