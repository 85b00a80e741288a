"""What the browser checks share (browser_check, editor_browser_check, live_browser_check,
a11y_check, homework_browser_check): Debian's headless Chromium through selenium, waiting
for what a check needs, the layout test of a phone-width page, axe-core over a page in both
schemes at both widths, and screenshots."""
import os

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

# Seconds to wait for anything a check needs (an element, a page, a script's answer) before
# calling the browser hung: a wait ends as soon as it gets what it waits for, so its bound
# costs nothing until something hangs, and it is no measure of speed, which a busy machine
# decides. Below the Swift tests' own bound on a check (HangLimit: ten minutes and more),
# so a hang is reported by the check, naming what it waited for.
WAIT = 300


def chromium(width=1100, height=900, page_load_timeout=WAIT, script_timeout=WAIT, arguments=()):
    """A headless Chromium window of `width` × `height`, logging the console; `arguments`
    are Chromium's own switches besides (a fake camera, say)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                     "--disable-gpu", "--hide-scrollbars", *arguments]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(page_load_timeout)
    driver.set_script_timeout(script_timeout)
    return driver


def until(driver, script, *arguments):
    """Waits until `script` returns something true, and returns it. Asked while the browser
    may be between pages, when a script cannot run yet: that is a "not yet", not a failure."""
    def done(driver):
        try:
            return driver.execute_script(script, *arguments)
        except WebDriverException:
            return False
    return WebDriverWait(driver, WAIT).until(done)


# The elements that stick out of the viewport (and so make the page scroll sideways);
# arguments[0]: whether closed dialogs and visually hidden text are left out; arguments[1]:
# whether what is inside a region that scrolls sideways by itself (a wide table's) is left
# out, that region being checked as any other element.
WIDER_THAN_THE_SCREEN = """
const skippingHidden = arguments[0];
const scrollers = arguments[1] ? Array.from(document.querySelectorAll("body *")).filter(e =>
  ["auto", "scroll"].includes(getComputedStyle(e).overflowX)) : [];
const width = document.documentElement.clientWidth;
const out = [];
if (document.documentElement.scrollWidth > width) out.push("page: " + document.documentElement.scrollWidth + " > " + width);
for (const element of document.querySelectorAll("body *")) {
  const box = element.getBoundingClientRect();
  if (skippingHidden && (element.closest("dialog:not([open])") || element.classList.contains("visually-hidden"))) continue;
  if (scrollers.some(scroller => scroller !== element && scroller.contains(element))) continue;
  if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)) {
    out.push(element.tagName.toLowerCase() + (element.id ? "#" + element.id : "") +
      (element.className && typeof element.className == "string" ? "." + element.className.split(" ").join(".") : "") +
      ": " + Math.round(box.left) + ".." + Math.round(box.right) + " of " + width);
  }
}
return out;
"""


def wider_than_the_screen(driver, skipping_hidden=False, inside_scrollers=False):
    """What makes the page wider than the window: none on a page that fits (with
    `inside_scrollers`, what a region that scrolls sideways by itself holds is its own)."""
    return driver.execute_script(WIDER_THAN_THE_SCREEN, skipping_hidden, inside_scrollers)


def screenshot(driver, folder, name):
    """`name`.png in `folder`, when screenshots were asked for (`folder` not None)."""
    if folder:
        os.makedirs(folder, exist_ok=True)
        driver.save_screenshot(os.path.join(folder, name + ".png"))


# axe's callback form: its promise form, as the wrapper calls it, takes the options for a
# context and never settles here.
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "best-practice"]},
                   resultTypes: ["violations"]},
  (error, results) => done(error ? String(error) : {violations: results.violations.map(v =>
    ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => ({target: n.target}))}))}));
"""


def axe_violations(driver, page, injected=False):
    """axe-core's serious and critical findings on the page shown now (axe 3.1: WCAG 2.0 A
    and AA rules, and its best practices), each as {"rule", "impact", "nodes"}; `injected`
    when axe is already in this document (it stays until the next page loads)."""
    if not injected:
        from axe_selenium_python import Axe
        Axe(driver).inject()
    results = driver.execute_async_script(RUN_AXE)
    if isinstance(results, str):
        raise RuntimeError(f"axe failed on {page}: {results}")
    return [{"rule": violation["id"], "impact": violation["impact"],
             "nodes": [node["target"] for node in violation["nodes"]][:5]}
            for violation in results["violations"] if violation.get("impact") in ("serious", "critical")]


def scheme(driver, name):
    """Emulates `prefers-color-scheme: name`."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": name}]})


def axe_everywhere(driver, page, language="en", sizes=((390, 900), (1280, 900))):
    """axe_violations over the page shown in the light and the dark scheme, at each of
    `sizes` (by default a phone's width, 390 px, and a laptop's, 1280 px), each with its
    page, scheme, width and language; the window is left at 1280 px in the light scheme."""
    found = []
    injected = False
    for width, height in sizes:
        driver.set_window_size(width, height)
        for name in ("light", "dark"):
            scheme(driver, name)
            found += [dict(violation, page=page, scheme=name, width=width, language=language)
                      for violation in axe_violations(driver, page, injected)]
            # Resizing and a scheme keep the document, and axe in it: 280 kB of script
            # injected once a page, not four times (the accessibility check: 37 s → 29 s).
            injected = True
    scheme(driver, "light")
    driver.set_window_size(1280, 900)
    return found
