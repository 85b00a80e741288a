#!/usr/bin/env python3
"""The editor as a teacher uses it the day before a lesson, in headless Chromium, printed
as JSON: what each step showed, what axe-core found, what stuck out of the screen.

usage: editor_lesson_check.py BASE_URL TOKEN PHOTO [--screenshots DIR]

On the library of the live tests (Capitals: set 1 France / Spain / the cat, set 2 Peru),
served over plain http with --allow-edit:
- drawing: the dialog at 1280 × 720, 1024 × 768, 390 × 844 and a landscape phone's
  844 × 390 (does it fit, buttons and all, nothing to scroll?); a
  triangle drawn as three strokes, each starting at the last one's end (how many lines:
  the canvas counted as Undo takes them back one by one);
- undo: a question deleted, then put back with the keyboard (Enter on the Undo offered);
- https: a photo uploaded: the note beside it, and what the save said about it;
- merge: two teachers save; the second's "save mine over theirs" keeps the first's other
  changes, and where both changed one question offers both (the first's is picked);
- version: the newest kept version, readable, against the topic now;
- downloads: each export's link (fetched: its status and Content-Disposition), file name,
  count of questions and notes.
axe runs (serious and critical) over each state in both schemes, both widths, both
languages."""
import json
import sys

from selenium.common.exceptions import NoAlertPresentException
from axe_selenium_python import Axe
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import chromium, screenshot, until, wider_than_the_screen

base, token, photo = sys.argv[1], sys.argv[2], sys.argv[3]
shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None

RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "best-practice"]}},
  (error, results) => done(error ? String(error) : results.violations.filter(v =>
    v.impact === "serious" || v.impact === "critical").map(v => v.id + " " + v.nodes.map(n => n.target).join(" "))));
"""

# Whether the open dialog is whole on the screen: inside the window, nothing to scroll to,
# every button in view.
DIALOG_FITS = """
const dialog = document.getElementById('drawing');
const box = dialog.getBoundingClientRect();
const out = [];
if (box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5)
  out.push('dialog ' + [box.left, box.top, box.right, box.bottom].map(Math.round) + ' of ' + innerWidth + 'x' + innerHeight);
if (dialog.scrollHeight > dialog.clientHeight + 1) out.push('scrolls ' + dialog.scrollHeight + ' > ' + dialog.clientHeight);
for (const element of dialog.querySelectorAll('button:not([hidden]), canvas')) {
  if (element.closest('[hidden]')) continue;
  const b = element.getBoundingClientRect();
  if (b.bottom > innerHeight + 0.5 || b.right > innerWidth + 0.5) out.push((element.id || element.textContent) + ' out of view');
}
return out;
"""

# The canvas's dark pixels (the lines drawn in the pen's black).
DARK_PIXELS = """
const canvas = document.getElementById('canvas');
const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
let dark = 0;
for (let i = 0; i < data.length; i += 4) if (data[i] < 90 && data[i + 1] < 90 && data[i + 2] < 90) dark++;
return dark;
"""

report = {"console": [], "axe": {}, "layout": {}}


def scheme(driver, name):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": name}]})


def axe(driver, state, size=None):
    """axe over the page as it is now, at both widths and in both schemes."""
    found = []
    for width, height in ([size] if size else [(390, 844), (1280, 720)]):
        driver.set_window_size(width, height)
        for name in ("light", "dark"):
            scheme(driver, name)
            Axe(driver).inject()
            result = driver.execute_async_script(RUN_AXE)
            if isinstance(result, str):
                raise RuntimeError(f"axe failed on {state}: {result}")
            found += [f"{width} {name}: {violation}" for violation in result]
    scheme(driver, "light")
    report["axe"][state] = found


def fit(driver, width, height):
    """The page's viewport exactly `width` × `height` (a screen's, the browser full screen)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    until(driver, "return innerWidth === arguments[0] && innerHeight === arguments[1]", width, height)


def unfit(driver):
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def language(driver, code):
    driver.get(base + "/")
    driver.add_cookie({"name": "qrquiz_lang", "value": code, "path": "/"})


def open_editor(driver, name):
    driver.get(base + "/edit/" + name)
    until(driver, "return !document.getElementById('editor').hidden && document.querySelector('#editor textarea')")


def click(driver, selector):
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def save(driver):
    """Saves and waits for the outcome: "saved", "problems" or "conflict"."""
    driver.execute_script("document.getElementById('status').textContent = ''")
    click(driver, "#save")
    # Capitals' Spain has two right answers where the others have one: the first save
    # asks once (EditorAnswerKeyBrowserTests checks the question); yes.
    try:
        driver.switch_to.alert.accept()
    except NoAlertPresentException:
        pass
    return until(driver, """
      if (!document.getElementById('conflict').hidden) return 'conflict';
      const problems = document.getElementById('problems');
      if (!problems.hidden && !problems.classList.contains('advice')) return 'problems';
      const status = document.getElementById('status').textContent;
      return status.startsWith('Saved') ? 'saved' : false;""")


def type_into(driver, selector, text):
    """Replaces a field's text as typing does (clear() alone fires no input event)."""
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.send_keys(Keys.CONTROL, "a")
    element.send_keys(Keys.BACKSPACE)
    element.send_keys(text)


def topic_json(driver):
    return driver.execute_script(
        "const r = new XMLHttpRequest(); r.open('GET', '/t/Capitals.json', false); r.send(); return JSON.parse(r.responseText);")


def open_drawing(driver):
    click(driver, '#q-1-0 [data-action="draw"]')
    until(driver, "return document.getElementById('drawing').open")


def strokes(driver, points):
    """Strokes from each point to the next, as a mouse draws them (pressed, moved, let go)."""
    canvas = driver.find_element(By.ID, "canvas")
    width, height = driver.execute_script(
        "const b = arguments[0].getBoundingClientRect(); return [b.width, b.height]", canvas)
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        start = (int(x1 * width - width / 2), int(y1 * height - height / 2))
        ActionChains(driver).move_to_element_with_offset(canvas, *start).click_and_hold() \
            .move_by_offset(int((x2 - x1) * width / 2), int((y2 - y1) * height / 2)) \
            .move_by_offset(int((x2 - x1) * width / 2), int((y2 - y1) * height / 2)).release().perform()


driver = chromium(1280, 720)
second = None
try:
    driver.get(base + "/?token=" + token)

    # Small things: the library's teacher tools at 1280 px (Delete beside Edit), and an
    # empty new topic saved (only "the answer is empty", no duplicates of blanks).
    driver.get(base + "/")
    report["libraryRows"] = driver.execute_script("""
      return Array.from(document.querySelectorAll('#topics > li')).map(li => {
        const edit = li.querySelector('a[href^="/edit/"]'), remove = li.querySelector('button');
        const host = li.querySelector('a[href$="#host-form"]');
        return [String(Boolean(host)), String(Math.abs(edit.getBoundingClientRect().top - remove.getBoundingClientRect().top) < 12)];
      });""")
    screenshot(driver, shots, "library-teacher")
    driver.get(base + "/new")
    until(driver, "return !document.getElementById('editor').hidden")
    report["emptyNew"] = save(driver)
    report["emptyNewProblems"] = driver.execute_script(
        "return [document.querySelector('#problems > p').textContent,"
        " ...Array.from(document.querySelectorAll('#problems li')).map(li => li.textContent)]")

    # The drawing dialog: whole on a projector's screen and on a phone's.
    open_editor(driver, "Capitals")
    open_drawing(driver)
    report["dialogFits"] = {}
    for width, height in [(1280, 720), (1024, 768), (390, 844), (844, 390)]:
        fit(driver, width, height)
        report["dialogFits"][f"{width}x{height}"] = driver.execute_script(DIALOG_FITS)
        screenshot(driver, shots, f"drawing-{width}")
    unfit(driver)
    driver.set_window_size(1280, 720)
    # A triangle, each stroke from where the last one ended (a finger a few pixels off).
    strokes(driver, [(0.2, 0.8), (0.8, 0.8)])
    strokes(driver, [(0.805, 0.795), (0.5, 0.2)])
    strokes(driver, [(0.498, 0.205), (0.2, 0.8)])
    screenshot(driver, shots, "drawing-triangle")
    report["darkAfterUndos"] = [driver.execute_script(DARK_PIXELS)]
    for _ in range(3):
        click(driver, "#drawing-undo")
        report["darkAfterUndos"].append(driver.execute_script(DARK_PIXELS))
    strokes(driver, [(0.2, 0.5), (0.8, 0.5)])
    axe(driver, "drawing")
    # On a phone on its side the help scrolls in its own box: reachable by keys too.
    axe(driver, "drawing (landscape phone)", (844, 390))
    driver.set_window_size(1280, 720)
    click(driver, "#drawing-cancel")

    # A question deleted, and put back by the keyboard.
    open_editor(driver, "Capitals")
    before = driver.execute_script("return document.getElementById('q-0-1-text').value")
    click(driver, '#q-0-1 [data-action="question-delete"]')
    until(driver, "return !document.getElementById('undo-bar').hidden")
    report["undoOffered"] = driver.execute_script(
        "return [document.getElementById('status').textContent, document.getElementById('undo').textContent,"
        " document.activeElement.id,"
        " String(document.querySelectorAll('#q-0-0, #q-0-1, #q-0-2').length)]")
    screenshot(driver, shots, "editor-undo")
    axe(driver, "undo")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    until(driver, "return document.getElementById('undo-bar').hidden")
    report["undone"] = driver.execute_script(
        "return [String(document.getElementById('q-0-1-text').value === arguments[0]), document.activeElement.id,"
        " String(document.querySelectorAll('#q-0-2').length), document.getElementById('status').textContent]", before)

    # A photo on a server without https: said beside it, not after the save.
    driver.find_element(By.ID, "q-0-0-file").send_keys(photo)
    until(driver, "return document.querySelector('#q-0-0 .picture-note')")
    report["httpsNote"] = driver.find_element(By.CSS_SELECTOR, "#q-0-0 .picture-note").text
    report["photoSave"] = save(driver)
    report["afterSave"] = driver.execute_script(
        "const p = document.getElementById('problems'); return p.hidden ? '' : p.textContent")
    # The downloads: each format's link, its file name, what it cannot hold.
    until(driver, "return !document.getElementById('exports').hidden")
    report["exports"] = driver.execute_script("""
      return Array.from(document.querySelectorAll('#export-list > li')).map(li => {
        const link = li.querySelector('a');
        const r = new XMLHttpRequest(); r.open('GET', link.getAttribute('href'), false); r.send();
        return [li.dataset.format, link.getAttribute('download'), String(r.status),
          r.getResponseHeader('Content-Disposition') || '', li.querySelector('.muted').textContent,
          Array.from(li.querySelectorAll('details li')).map(n => n.textContent).join(' | ')];
      });""")
    screenshot(driver, shots, "editor-exports")
    open_drawing(driver)
    report["drawingNote"] = driver.execute_script(
        "const n = document.getElementById('drawing-https'); return n && !n.hidden ? n.textContent : ''")
    click(driver, "#drawing-cancel")
    screenshot(driver, shots, "editor-https")
    axe(driver, "https-note")
    for width in (390, 320):
        driver.set_window_size(width, 844)
        report["layout"][f"editor@{width}"] = wider_than_the_screen(driver, skipping_hidden=True)

    # Two teachers: the second's "save mine over theirs" keeps the first's other changes;
    # where both changed one question, both are shown and one is picked.
    second = chromium(1280, 720)
    second.get(base + "/?token=" + token)
    open_editor(driver, "Capitals")
    open_editor(second, "Capitals")
    type_into(driver, "#q-0-0-text", "First: capital of France?")
    report["mergeFirstSave"] = save(driver)
    type_into(second, "#q-0-2-text", "Second: what animal is this?")
    report["mergeSecondSave"] = save(second)
    click(second, "#conflict-overwrite")
    until(second, "return document.getElementById('status').textContent.startsWith('Saved')")
    report["merged"] = [q["question"] for q in topic_json(driver)["sets"][0]]
    open_editor(driver, "Capitals")
    type_into(driver, "#q-1-0-text", "First: capital of Peru?")
    save(driver)
    type_into(second, "#q-1-0-text", "Second: capital of Peru?")
    type_into(second, "#q-0-1-text", "Second: which are in Spain?")
    report["conflictSave"] = save(second)
    click(second, "#conflict-overwrite")
    until(second, "return !document.getElementById('merge').hidden")
    report["mergeChoices"] = second.execute_script(
        "return Array.from(document.querySelectorAll('#merge-list fieldset')).map(f =>"
        " [f.querySelector('legend').textContent, ...Array.from(f.querySelectorAll('label')).map(l => l.textContent)])")
    screenshot(second, shots, "editor-merge")
    axe(second, "merge")
    second.set_window_size(1280, 720)
    click(second, "#merge-0-theirs")
    click(second, "#merge-save")
    until(second, "return document.getElementById('status').textContent.startsWith('Saved')")
    saved = topic_json(driver)
    report["afterMerge"] = [saved["sets"][0][1]["question"], saved["sets"][1][0]["question"]]

    # A version, readable, against the topic now: the newest kept one.
    open_editor(driver, "Capitals")
    until(driver, "return document.querySelector('#version-list li button')")
    click(driver, "#version-list li:first-child button")
    until(driver, "return !document.getElementById('version-view').hidden")
    report["versionView"] = driver.execute_script(
        "return Array.from(document.querySelectorAll('#version-view li[class^=version-]')).map(li =>"
        " li.className + ' ' + li.querySelector('strong').textContent)")
    report["versionFocus"] = driver.execute_script("return document.activeElement.id")
    screenshot(driver, shots, "editor-version")
    axe(driver, "version")

    # In Spanish: the dialog, the Undo and the note.
    language(driver, "es")
    open_editor(driver, "Capitals")
    open_drawing(driver)
    axe(driver, "drawing (es)")
    fit(driver, 1280, 720)
    report["dialogFitsSpanish"] = driver.execute_script(DIALOG_FITS)
    fit(driver, 1024, 768)
    report["dialogFitsSpanish"] += driver.execute_script(DIALOG_FITS)
    fit(driver, 390, 844)
    report["dialogFitsSpanish"] += driver.execute_script(DIALOG_FITS)
    screenshot(driver, shots, "drawing-es-390")
    fit(driver, 844, 390)
    report["dialogFitsSpanish"] += driver.execute_script(DIALOG_FITS)
    screenshot(driver, shots, "drawing-es-844x390")
    unfit(driver)
    click(driver, "#drawing-cancel")
    click(driver, '#q-0-1 [data-action="question-delete"]')
    until(driver, "return !document.getElementById('undo-bar').hidden")
    report["undoSpanish"] = driver.find_element(By.ID, "undo-bar").text
    axe(driver, "undo (es)")
    report["httpsNoteSpanish"] = driver.find_element(By.CSS_SELECTOR, "#q-0-0 .picture-note").text
    report["exportsSpanish"] = driver.find_element(By.ID, "exports-heading").text
    # The downloads' notes in the page's language, marked as such.
    until(driver, "return document.querySelector('#export-list details ul')")
    report["exportNotesSpanish"] = driver.execute_script("""
      const list = document.querySelector('#export-list li[data-format=aiken] details ul');
      return [list.getAttribute('lang') || '', ...Array.from(list.querySelectorAll('li')).map(li => li.textContent)];""")
    scheme(driver, "dark")
    driver.set_window_size(390, 844)
    screenshot(driver, shots, "editor-es-dark")
except Exception:
    try:
        print(f"--- {driver.current_url}\n" + driver.page_source[:4000], file=sys.stderr)
    except Exception:
        pass
    raise
finally:
    for each in [driver, second]:
        if each:
            try:
                report["console"] += [entry["message"] for entry in each.get_log("browser")]
            except Exception:
                pass
            each.quit()

print(json.dumps(report))
