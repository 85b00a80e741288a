#!/usr/bin/env python3
"""The choices an import made up for a number, in the editor in headless Chromium, as JSON.

usage: editor_made_up_check.py BASE_URL TOKEN TOPIC

Opens /edit/TOPIC as the teacher at a phone's width and reads, for each answer of the first
question, its text and the mark beside it (empty: none), and whether the page is wider than
the screen; then types over the first made-up answer, saves, reloads and reads them again."""
import json
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import chromium, until, wider_than_the_screen

base, token, topic = sys.argv[1], sys.argv[2], sys.argv[3]

READ = """
return Array.from(document.querySelectorAll('#q-0-0 .answer-row')).map(row => [
  row.querySelector('input[type=text]').value,
  (row.querySelector('.made-up') || {textContent: ''}).textContent,
  row.querySelector('input[type=text]').getAttribute('aria-describedby') || '']);"""


def open_editor(driver):
    driver.get(base + "/edit/" + topic)
    until(driver, "return !document.getElementById('editor').hidden && document.querySelector('#q-0-0 .answer-row')")


driver = chromium(width=390, height=844)
report = {}
try:
    driver.get(base + "/?token=" + token)
    open_editor(driver)
    report["before"] = driver.execute_script(READ)
    report["wider"] = wider_than_the_screen(driver, True)
    # The first marked answer (the first answer, when none is marked: the report says so).
    marked = [index for index, row in enumerate(report["before"]) if row[1]] or [0]
    field = driver.find_element(By.ID, "q-0-0-a%d" % marked[0])
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    field.send_keys("450")
    driver.execute_script("document.getElementById('status').textContent = ''")
    save = driver.find_element(By.ID, "save")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
    save.click()
    report["save"] = until(driver, """
      const status = document.getElementById('status').textContent;
      return status.startsWith('Saved') ? 'saved' : (!document.getElementById('problems').hidden ? 'problems' : false);""")
    open_editor(driver)
    report["after"] = driver.execute_script(READ)
    report["console"] = [entry["message"] for entry in driver.get_log("browser")]
finally:
    driver.quit()
print(json.dumps(report))
