"use strict";
// The live pages' screen (Pages+Live.swift): one section shown at a time, fields filled as
// text (never markup: names, questions and answers are strangers' text), the countdown,
// and the status line.
const { byId, clear, phrasesOf, required } = require("./page.js");
const { countdown, countdownOpening, ranked } = require("./live-state.js");

class LivePage {
  /** @param {HTMLElement} root the page's `#live` */
  constructor(root) {
    this.root = root;
    this.say = phrasesOf(root);
    this.sections = Array.from(root.querySelectorAll("section")).filter((section) => section.id);
    this.status = byId("connection", HTMLElement);
    /** @type {number | null} */
    this.countdownTimer = null;
  }

  /**
   * The element `data-field="NAME"` of section `section`, which must be a `type`.
   * @template {Element} T
   * @param {string} section
   * @param {string} name
   * @param {new (...args: any[]) => T} type
   * @returns {T}
   */
  field(section, name, type) {
    return required(byId(section, HTMLElement), '[data-field="' + name + '"]', type);
  }

  /**
   * Sets the text of field `name` of `section`.
   * @param {string} section
   * @param {string} name
   * @param {string} text
   */
  setField(section, name, text) {
    this.field(section, name, HTMLElement).textContent = text;
  }

  /**
   * A closed question's explanation (why the right answer is right), when it has one.
   * @param {string | undefined} text
   */
  showExplanation(text) {
    const line = this.field("closed", "explanation", HTMLElement);
    line.textContent = text || "";
    line.hidden = !text;
  }

  /**
   * Shows section `id` alone.
   * @param {string} id
   */
  show(id) {
    for (const section of this.sections) section.hidden = section.id !== id;
  }

  /**
   * Whether section `id` is hidden.
   * @param {string} id
   */
  isHidden(id) {
    return byId(id, HTMLElement).hidden;
  }

  /**
   * Says `text` on the status line (empty: nothing to say).
   * @param {string} text
   */
  tell(text) {
    this.status.textContent = text;
  }

  /**
   * The question's picture, or none.
   * @param {string | undefined} address
   */
  showImage(address) {
    const image = this.field("question", "image", HTMLImageElement);
    if (address) {
      image.src = address;
      image.hidden = false;
    } else {
      image.removeAttribute("src");
      image.hidden = true;
    }
  }

  /**
   * `element` made an answer: its colour, shape, number and text.
   * @param {HTMLElement} element
   * @param {import("./live-state.js").AnswerFace} face
   */
  static answer(element, face) {
    element.classList.add("answer", face.colour);
    const shape = document.createElement("span");
    shape.className = "shape";
    shape.setAttribute("aria-hidden", "true");
    shape.textContent = face.shape;
    const number = document.createElement("span");
    number.className = "number";
    number.textContent = face.number;
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = face.label;
    element.append(shape, number, label);
  }

  /**
   * `list` filled with standings: rank, name and points a row.
   * @param {HTMLElement} list
   * @param {import("./live-state.js").Standing[]} rows
   */
  static standings(list, rows) {
    clear(list);
    for (const row of ranked(rows)) {
      const item = document.createElement("li");
      // The podium's step follows the rank, not the place in the list: two tied firsts
      // both stand on the top step.
      item.dataset.rank = String(row.rank);
      for (const [className, text] of [["rank", String(row.rank)], ["name", row.name], ["points", String(row.score)]]) {
        const part = document.createElement("span");
        part.className = className;
        part.textContent = text;
        item.append(part);
      }
      list.append(item);
    }
  }

  /**
   * The question's countdown from `remaining` milliseconds: shown five times a second,
   * said (to a screen reader) as the question opens and when five seconds are left.
   * @param {number} remaining
   */
  startCountdown(remaining) {
    this.stopCountdown();
    const end = performance.now() + remaining;
    const clock = this.field("question", "countdown", HTMLElement);
    const announcer = this.field("question", "announce", HTMLElement);
    const opening = countdownOpening(remaining, this.say);
    let warned = opening.warned;
    announcer.textContent = opening.announce;
    const tick = () => {
      const left = Math.max(0, (end - performance.now()) / 1000);
      const now = countdown(left, warned, this.say);
      clock.textContent = now.clock;
      if (now.announce !== null) announcer.textContent = now.announce;
      warned = now.warned;
      if (left > 0) this.countdownTimer = window.setTimeout(tick, 200);
    };
    tick();
  }

  stopCountdown() {
    if (this.countdownTimer !== null) window.clearTimeout(this.countdownTimer);
    this.countdownTimer = null;
  }

  /**
   * The game is gone for this page (ended, or the player removed): the message on the
   * page's own section if it has one, else on the status line.
   * @param {string} message
   */
  gone(message) {
    this.stopCountdown();
    if (document.getElementById("gone")) {
      this.setField("gone", "gone", message);
      this.show("gone");
    } else {
      this.tell(message);
    }
  }
}

module.exports = { LivePage };
