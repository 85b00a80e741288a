"use strict";
// The editor's drawing of straight lines, as values: which line a finger is on, what a
// stroke does (it draws a new line, unless it starts on the chosen line: that one moves),
// a line drawn (its ends snapped to the ends near them, so a triangle closes), dragged,
// chosen, recoloured, deleted. No canvas here, so node's test runner checks
// it (Tests/PageScripts/drawing.test.js); editor-drawing.js paints it and takes the pointer.

/** @typedef {{ x: number, y: number }} Point */
/** @typedef {{ x1: number, y1: number, x2: number, y2: number, colour: string }} Line */

/** How near a line (in the canvas's pixels) a finger must be to take it. */
const reach = 18;
/** How far (in the canvas's pixels) a finger must go before a tap becomes a drag. */
const dragStart = 6;

/**
 * How far `at` is from `line` (a segment, not the line through it).
 * @param {Line} line
 * @param {Point} at
 */
function distance(line, at) {
  const dx = line.x2 - line.x1;
  const dy = line.y2 - line.y1;
  const length = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((at.x - line.x1) * dx + (at.y - line.y1) * dy) / length));
  return Math.hypot(at.x - (line.x1 + t * dx), at.y - (line.y1 + t * dy));
}

/**
 * Whether a finger that went from `start` to `at` is dragging, not tapping.
 * @param {Point} start
 * @param {Point} at
 */
function isDrag(start, at) {
  return Math.hypot(at.x - start.x, at.y - start.y) >= dragStart;
}

class Drawing {
  /** @param {string} pen the colour new lines are drawn in */
  constructor(pen) {
    /** @type {Line[]} lines, bottom first */
    this.lines = [];
    /** @type {Line | null} the line chosen to recolour or delete */
    this.selected = null;
    this.pen = pen;
  }

  /**
   * The topmost line within reach of `at`, if any.
   * @param {Point} at
   * @returns {Line | null}
   */
  lineAt(at) {
    for (let index = this.lines.length - 1; index >= 0; index--) {
      if (distance(this.lines[index], at) < reach) return this.lines[index];
    }
    return null;
  }

  /**
   * What a stroke that starts at `start` does: it moves the chosen line when it starts on
   * it (a line is tapped first, then dragged); anywhere else, an existing line's end
   * included, it draws a new line, as a pen on paper does.
   * @param {Point} start
   * @returns {{ moves: Line } | { draws: Point }} the line moved, or where the new one starts
   */
  stroke(start) {
    const chosen = this.selected;
    if (chosen && distance(chosen, start) < reach) return { moves: chosen };
    return { draws: this.snapped(start, null) };
  }

  /**
   * `at`, or the end of a line (other than `except`) within reach of it: lines drawn from
   * or to another's end meet it exactly.
   * @param {Point} at
   * @param {Line | null} except
   * @returns {Point}
   */
  snapped(at, except) {
    let best = at;
    let nearest = reach;
    for (const line of this.lines) {
      if (line === except) continue;
      for (const end of [{ x: line.x1, y: line.y1 }, { x: line.x2, y: line.y2 }]) {
        const away = Math.hypot(end.x - at.x, end.y - at.y);
        if (away < nearest) {
          nearest = away;
          best = end;
        }
      }
    }
    return best;
  }

  /**
   * A new line from `start`, in the pen's colour (``stretch`` gives it its far end).
   * @param {Point} start
   * @returns {Line}
   */
  begin(start) {
    const line = { x1: start.x, y1: start.y, x2: start.x, y2: start.y, colour: this.pen };
    this.lines.push(line);
    return line;
  }

  /**
   * `line`'s far end at `at`, or at the end of another line within reach of it.
   * @param {Line} line
   * @param {Point} at
   */
  end(line, at) {
    Drawing.stretch(line, this.snapped(at, line));
  }

  /**
   * `line`'s far end moved to `at`.
   * @param {Line} line
   * @param {Point} at
   */
  static stretch(line, at) {
    line.x2 = at.x;
    line.y2 = at.y;
  }

  /**
   * `line` placed where `origin` was, moved by `dx`, `dy`.
   * @param {Line} line
   * @param {{ x1: number, y1: number, x2: number, y2: number }} origin
   * @param {number} dx
   * @param {number} dy
   */
  static drag(line, origin, dx, dy) {
    line.x1 = origin.x1 + dx;
    line.y1 = origin.y1 + dy;
    line.x2 = origin.x2 + dx;
    line.y2 = origin.y2 + dy;
  }

  /**
   * A tap on `line` chooses it, or lets it go if it was chosen; a tap beside every line
   * lets the chosen one go.
   * @param {Line | null} line
   */
  tap(line) {
    this.selected = line !== null && line !== this.selected ? line : null;
  }

  /**
   * The chosen line in `colour` (nothing when none is chosen).
   * @param {string} colour
   */
  recolour(colour) {
    if (this.selected) this.selected.colour = colour;
  }

  /** The chosen line deleted. */
  deleteSelected() {
    this.lines = this.lines.filter((line) => line !== this.selected);
    this.selected = null;
  }

  /** The last line drawn taken back. */
  undo() {
    this.lines.pop();
    this.selected = null;
  }

  /** Every line gone. */
  clear() {
    this.lines = [];
    this.selected = null;
  }
}

module.exports = { Drawing, isDrag };
