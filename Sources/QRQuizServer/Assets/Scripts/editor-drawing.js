"use strict";
// The editor's drawing dialog (`#drawing`, Pages+Editor.swift): straight lines drawn with
// a finger or the mouse (every stroke a new line, from wherever it starts), chosen by a
// tap to recolour, delete or drag; held still on the blank
// canvas (or a right click), it offers the pen's colours; a double tap clears it. The
// picture is handed over as a PNG.
const { byId } = require("./page.js");
const { Drawing, isDrag } = require("./drawing.js");

/** @typedef {import("./drawing.js").Line} Line */
/** @typedef {import("./drawing.js").Point} Point */

/**
 * A finger (or the mouse) on the canvas, from down to up.
 * @typedef {object} Gesture
 * @property {Point} start
 * @property {Line | null} line the line it started on (a tap chooses it)
 * @property {Line | null} moving the chosen line, when it started on it (a drag moves it)
 * @property {Point} from where the line it draws starts (snapped to a line's end)
 * @property {boolean} moved whether it became a drag
 * @property {number | null} timer the wait for a finger held still
 * @property {{ x1: number, y1: number, x2: number, y2: number } | null} origin where the dragged line was
 * @property {Line | null} drawing the line it draws
 */

/** The pen's colours, the first one the pen's at first. */
const colours = ["#1d2430", "#c0392b", "#1f5fcc", "#1e7b34"];

class DrawingDialog {
  /** @param {import("./page.js").Say} say */
  constructor(say) {
    this.say = say;
    /** @type {(picture: Blob) => void} what to do with the picture drawn */
    this.use = () => {};
    this.dialog = byId("drawing", HTMLDialogElement);
    this.canvas = byId("canvas", HTMLCanvasElement);
    const context = this.canvas.getContext("2d");
    if (!context) throw new Error("this browser cannot draw on a canvas");
    this.context = context;
    this.drawing = new Drawing(colours[0]);
    /** @type {Gesture | null} */
    this.gesture = null;
    this.lastTap = 0;
    this.canvas.addEventListener("pointerdown", (event) => this.down(event));
    this.canvas.addEventListener("pointermove", (event) => this.move(event));
    this.canvas.addEventListener("pointerup", () => this.up());
    this.canvas.addEventListener("contextmenu", (event) => {
      event.preventDefault();
      if (!this.drawing.lineAt(this.point(event))) this.choosePen();
    });
    this.dialog.addEventListener("click", (event) => this.press(event));
    this.about = byId("drawing-about", HTMLElement);
    window.addEventListener("resize", () => this.fitAbout());
  }

  /**
   * On a short screen (a phone on its side) the help beside the tools scrolls in its own
   * box: then it takes the keyboard's focus too, so it can be read by keys.
   */
  fitAbout() {
    if (this.about.scrollHeight > this.about.clientHeight + 1) this.about.tabIndex = 0;
    else this.about.removeAttribute("tabindex");
  }

  /**
   * Opens the dialog on a blank canvas.
   * @param {(picture: Blob) => void} use what to do with the picture, if it is used
   */
  open(use) {
    this.use = use;
    this.drawing.clear();
    byId("drawing-empty", HTMLElement).hidden = true;
    this.paint();
    this.showSwatches();
    if (this.dialog.showModal) this.dialog.showModal();
    else this.dialog.setAttribute("open", "");
    this.fitAbout();
  }

  paint() {
    const { context, canvas, drawing } = this;
    // A line drawn answers "the drawing is empty".
    if (drawing.lines.length) byId("drawing-empty", HTMLElement).hidden = true;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.lineCap = "round";
    for (const line of drawing.lines) {
      context.strokeStyle = line.colour;
      context.lineWidth = line === drawing.selected ? 12 : 8;
      context.beginPath();
      context.moveTo(line.x1, line.y1);
      context.lineTo(line.x2, line.y2);
      context.stroke();
      if (line === drawing.selected) {
        context.strokeStyle = "#ffb347";
        context.lineWidth = 3;
        context.stroke();
      }
    }
    // The colours act on the chosen line, else on the pen: one row of them at a time, so
    // the dialog stays whole on a phone.
    byId("line-tools", HTMLElement).hidden = drawing.selected === null;
    byId("pen-tools", HTMLElement).hidden = drawing.selected !== null;
  }

  /** The swatches pressed: the pen's colour, and the chosen line's. */
  showSwatches() {
    for (const swatch of this.dialog.querySelectorAll(".swatch")) {
      if (!(swatch instanceof HTMLElement)) continue;
      const selected = this.drawing.selected;
      const colour = swatch.dataset.group === "pen-colour" ? this.drawing.pen : selected && selected.colour;
      swatch.setAttribute("aria-pressed", String(swatch.dataset.colour === colour));
    }
  }

  /**
   * The point of a pointer event in the canvas's own pixels.
   * @param {MouseEvent} event
   * @returns {Point}
   */
  point(event) {
    const box = this.canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * this.canvas.width) / box.width,
      y: ((event.clientY - box.top) * this.canvas.height) / box.height,
    };
  }

  /** @param {PointerEvent} event */
  down(event) {
    event.preventDefault();
    this.canvas.setPointerCapture(event.pointerId);
    const start = this.point(event);
    const line = this.drawing.lineAt(start);
    const stroke = this.drawing.stroke(start);
    const moving = "moves" in stroke ? stroke.moves : null;
    const from = "draws" in stroke ? stroke.draws : start;
    /** @type {Gesture} */
    const gesture = { start, line, moving, from, moved: false, timer: null, origin: null, drawing: null };
    this.gesture = gesture;
    if (!line) {
      // Held still on the blank canvas: the pen's colours.
      gesture.timer = window.setTimeout(() => {
        if (this.gesture === gesture && !gesture.moved) {
          this.gesture = null;
          this.choosePen();
        }
      }, 550);
    }
  }

  /** @param {PointerEvent} event */
  move(event) {
    const gesture = this.gesture;
    if (!gesture) return;
    const at = this.point(event);
    if (!gesture.moved && !isDrag(gesture.start, at)) return;
    gesture.moved = true;
    if (gesture.timer !== null) window.clearTimeout(gesture.timer);
    if (gesture.moving) {
      // Dragging the chosen line moves it.
      const line = gesture.moving;
      if (!gesture.origin) gesture.origin = { x1: line.x1, y1: line.y1, x2: line.x2, y2: line.y2 };
      Drawing.drag(line, gesture.origin, at.x - gesture.start.x, at.y - gesture.start.y);
    } else {
      // Anywhere else (another line's end too) a stroke draws a new line.
      if (!gesture.drawing) {
        gesture.drawing = this.drawing.begin(gesture.from);
        this.drawing.tap(null);
      }
      this.drawing.end(gesture.drawing, at);
    }
    this.paint();
  }

  up() {
    const gesture = this.gesture;
    if (!gesture) return;
    if (gesture.timer !== null) window.clearTimeout(gesture.timer);
    this.gesture = null;
    if (gesture.moved) {
      this.paint();
      this.showSwatches();
      return;
    }
    // A tap on a line chooses it, to colour or delete it; two quick taps beside every
    // line clear the drawing.
    this.drawing.tap(gesture.line);
    if (!gesture.line) {
      const now = Date.now();
      if (now - this.lastTap < 400) this.clear();
      this.lastTap = now;
    }
    this.paint();
    this.showSwatches();
  }

  choosePen() {
    const first = this.dialog.querySelector('.swatch[data-group="pen-colour"]');
    if (first instanceof HTMLElement) first.focus();
  }

  /** Clears the drawing, if the teacher says so. */
  clear() {
    if (this.drawing.lines.length && window.confirm(this.say("confirmClearDrawing"))) {
      this.drawing.clear();
      this.paint();
    }
  }

  /** @param {MouseEvent} event a click in the dialog */
  press(event) {
    const target = event.target instanceof Element ? event.target.closest("button") : null;
    if (!target) return;
    if (target.classList.contains("swatch")) {
      const colour = target.dataset.colour || colours[0];
      if (target.dataset.group === "pen-colour") this.drawing.pen = colour;
      else this.drawing.recolour(colour);
      this.paint();
      this.showSwatches();
    } else if (target.id === "line-delete" && this.drawing.selected) {
      this.drawing.deleteSelected();
      this.paint();
    } else if (target.id === "drawing-undo") {
      this.drawing.undo();
      this.paint();
    } else if (target.id === "drawing-clear") {
      this.clear();
    } else if (target.id === "drawing-cancel") {
      this.dialog.close();
    } else if (target.id === "drawing-save") {
      // An empty canvas is no picture: refused, said in the dialog, which stays open.
      const empty = byId("drawing-empty", HTMLElement);
      empty.hidden = this.drawing.lines.length > 0;
      if (!empty.hidden) return;
      this.drawing.tap(null);
      this.paint();
      this.dialog.close();
      this.canvas.toBlob((blob) => {
        if (blob) this.use(blob);
      }, "image/png");
    }
  }
}

module.exports = { DrawingDialog };
