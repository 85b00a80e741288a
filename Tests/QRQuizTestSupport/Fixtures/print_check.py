#!/usr/bin/env python3
"""Prints a topic's share and projector pages in headless Chromium (print media emulated,
then Chromium's own PDF), in the dark theme as the teacher's screen may be, and says what
the paper shows, as JSON.

usage: print_check.py BASE_URL TOKEN TOPIC [--pdf DIR]

For each page: the elements printed that a sheet should not have (header, settings,
buttons, forms, notices), whether the name and every QR code show, the page's background
and text colours, and the PDF's page count."""
import base64
import json
import os
import sys

from browser_support import chromium, until

base, token, topic = sys.argv[1], sys.argv[2], sys.argv[3]
pdfs = sys.argv[sys.argv.index("--pdf") + 1] if "--pdf" in sys.argv else None

SHOWN = """
const visible = (e) => { const s = getComputedStyle(e); const b = e.getBoundingClientRect();
  return s.display !== 'none' && s.visibility !== 'hidden' && b.width > 0 && b.height > 0; };
const unwanted = Array.from(document.querySelectorAll('header, footer, nav, form, button, .button, .notice, .files'))
  .filter(visible).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : ''));
const codes = Array.from(document.querySelectorAll('main img'));
return {
  unwanted,
  name: Array.from(document.querySelectorAll('h1')).filter(visible).map(h => h.textContent),
  codes: codes.length, codesShown: codes.filter(i => visible(i) && i.complete && i.naturalWidth > 0).length,
  background: getComputedStyle(document.body).backgroundColor, ink: getComputedStyle(document.querySelector('h1')).color,
};
"""

report = {}
driver = chromium(1280, 900)
try:
    driver.get(base + "/?token=" + token)
    driver.get(base + "/settings?theme=dark&back=%2F")
    for page, path in [("share", "/t/" + topic), ("present", "/t/" + topic + "/present")]:
        driver.get(base + path)
        until(driver, "return Array.from(document.images).every(i => i.complete)")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        shown = driver.execute_script(SHOWN)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"printBackground": True})["data"])
        shown["pdfPages"] = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
        if pdfs:
            os.makedirs(pdfs, exist_ok=True)
            with open(os.path.join(pdfs, page + ".pdf"), "wb") as file:
                file.write(pdf)
        report[page] = shown
finally:
    driver.quit()
print(json.dumps(report))
