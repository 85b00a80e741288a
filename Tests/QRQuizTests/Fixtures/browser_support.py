"""What the browser checks share (browser_check, editor_browser_check, live_browser_check,
a11y_check): Debian's headless Chromium through selenium, waiting for what a check needs,
the layout test of a phone-width page, and screenshots."""
import os

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

# Seconds to wait for anything a check needs: long, for a loaded CI machine; a check that
# gets what it needs goes on at once.
WAIT = 40


def chromium(width=1100, height=900, page_load_timeout=30, script_timeout=None):
    """A headless Chromium window of `width` × `height`, logging the console."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                     "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(page_load_timeout)
    if script_timeout:
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
# arguments[0]: whether closed dialogs and visually hidden text are left out.
WIDER_THAN_THE_SCREEN = """
const skippingHidden = arguments[0];
const width = document.documentElement.clientWidth;
const out = [];
if (document.documentElement.scrollWidth > width) out.push("page: " + document.documentElement.scrollWidth + " > " + width);
for (const element of document.querySelectorAll("body *")) {
  const box = element.getBoundingClientRect();
  if (skippingHidden && (element.closest("dialog:not([open])") || element.classList.contains("visually-hidden"))) continue;
  if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)) {
    out.push(element.tagName.toLowerCase() + (element.id ? "#" + element.id : "") +
      (element.className && typeof element.className == "string" ? "." + element.className.split(" ").join(".") : "") +
      ": " + Math.round(box.left) + ".." + Math.round(box.right) + " of " + width);
  }
}
return out;
"""


def wider_than_the_screen(driver, skipping_hidden=False):
    """What makes the page wider than the window: none on a page that fits."""
    return driver.execute_script(WIDER_THAN_THE_SCREEN, skipping_hidden)


def screenshot(driver, folder, name):
    """`name`.png in `folder`, when screenshots were asked for (`folder` not None)."""
    if folder:
        os.makedirs(folder, exist_ok=True)
        driver.save_screenshot(os.path.join(folder, name + ".png"))
