"use strict";
// A refused save's problems (or a saved one's advice), as `qrquiz validate` gives them:
// each beside the field its path names, and all of them in a list at the save bar whose
// items go to their fields.
const { build } = require("./page.js");
const { fieldOfProblem } = require("./editor-topic.js");

class ProblemList {
  /**
   * @param {HTMLFormElement} form
   * @param {HTMLElement} box the save bar's list
   * @param {import("./page.js").Say} say
   */
  constructor(form, box, say) {
    this.form = form;
    this.box = box;
    this.say = say;
  }

  clear() {
    this.box.hidden = true;
    this.box.replaceChildren();
    for (const note of this.form.querySelectorAll(".field-problem")) note.remove();
    for (const input of this.form.querySelectorAll("[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  }

  /**
   * @param {import("./editor-api.js").Problem[]} problems
   * @param {number} count how many there are (the server may send only the first ones)
   * @param {boolean} advice whether they are advice that did not stop the save
   */
  show(problems, count, advice) {
    /** @type {HTMLElement[]} */
    const fields = [];
    for (const element of this.form.querySelectorAll("[data-path]")) {
      if (element instanceof HTMLElement) fields.push(element);
    }
    const paths = fields.map((element) => element.dataset.path || "");
    const list = build("ul", {});
    problems.forEach((problem, number) => {
      const id = "problem-" + number;
      const note = build("p", { class: advice ? "field-problem advice" : "field-problem", id, text: problem.message });
      note.tabIndex = -1;
      const anchor = fields[fieldOfProblem(paths, problem.path)] || this.form.firstElementChild;
      const input = anchor && anchor.matches("input, textarea, select") ? anchor : null;
      if (input) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", id);
        input.insertAdjacentElement("afterend", note);
      } else if (anchor) {
        anchor.append(note);
      }
      const message = (problem.location ? problem.location + ": " : "") + problem.message;
      const go = build("button", { type: "button", class: "link", text: message });
      go.addEventListener("click", () => (input instanceof HTMLElement ? input : note).focus());
      list.append(build("li", {}, go));
    });
    this.box.replaceChildren(build("p", { text: this.say(advice ? "warningsFound" : "problemsFound", { count }) }), list);
    this.box.classList.toggle("advice", advice);
    this.box.hidden = false;
  }
}

module.exports = { ProblemList };
