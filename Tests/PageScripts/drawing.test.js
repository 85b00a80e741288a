"use strict";
// The editor's drawing: which line a finger takes, and what taps and drags do to it.
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { Drawing, isDrag } = require("../../Sources/QRQuizServer/Assets/Scripts/drawing.js");

/** A drawing with a horizontal line (blue) under a vertical one (red), crossing at 100, 100. */
function crossed() {
  const drawing = new Drawing("#1f5fcc");
  Drawing.stretch(drawing.begin({ x: 0, y: 100 }), { x: 200, y: 100 });
  drawing.pen = "#c0392b";
  Drawing.stretch(drawing.begin({ x: 100, y: 0 }), { x: 100, y: 200 });
  return drawing;
}

test("a finger takes the topmost line within reach of the segment, not of the line through it", () => {
  const drawing = crossed();
  const [horizontal, vertical] = drawing.lines;
  assert.equal(drawing.lineAt({ x: 100, y: 100 }), vertical, "where they cross, the one drawn last");
  assert.equal(drawing.lineAt({ x: 30, y: 110 }), horizontal);
  assert.equal(drawing.lineAt({ x: 30, y: 118 }), null, "18 px away is out of reach");
  assert.equal(drawing.lineAt({ x: 220, y: 100 }), null, "past the end of the segment");
  assert.deepEqual([horizontal.colour, vertical.colour], ["#1f5fcc", "#c0392b"]);
});

test("a dot is a line too, and can be taken", () => {
  const drawing = new Drawing("#1d2430");
  const dot = drawing.begin({ x: 50, y: 50 });
  assert.equal(drawing.lineAt({ x: 55, y: 55 }), dot);
});

test("a finger drags once it has gone 6 px", () => {
  assert.equal(isDrag({ x: 10, y: 10 }, { x: 13, y: 14 }), false);
  assert.equal(isDrag({ x: 10, y: 10 }, { x: 16, y: 10 }), true);
});

test("a dragged line moves from where it was, whole", () => {
  const drawing = crossed();
  const line = drawing.lines[0];
  const origin = { x1: line.x1, y1: line.y1, x2: line.x2, y2: line.y2 };
  Drawing.drag(line, origin, 5, 5);
  Drawing.drag(line, origin, 10, -20);
  assert.deepEqual(line, { x1: 10, y1: 80, x2: 210, y2: 80, colour: "#1f5fcc" });
});

test("a tap chooses a line or lets it go; the chosen one is recoloured or deleted", () => {
  const drawing = crossed();
  const [horizontal, vertical] = drawing.lines;
  drawing.recolour("#1e7b34");
  assert.equal(horizontal.colour, "#1f5fcc", "nothing chosen, nothing recoloured");
  drawing.tap(horizontal);
  assert.equal(drawing.selected, horizontal);
  drawing.tap(horizontal);
  assert.equal(drawing.selected, null);
  drawing.tap(vertical);
  drawing.tap(null);
  assert.equal(drawing.selected, null);
  drawing.tap(vertical);
  drawing.recolour("#1e7b34");
  drawing.deleteSelected();
  assert.deepEqual(drawing.lines, [horizontal]);
  assert.equal(vertical.colour, "#1e7b34");
  assert.equal(drawing.selected, null);
});

test("undo takes back the last line, clear all of them", () => {
  const drawing = crossed();
  drawing.tap(drawing.lines[1]);
  drawing.undo();
  assert.equal(drawing.lines.length, 1);
  assert.equal(drawing.selected, null);
  drawing.undo();
  drawing.undo();
  assert.deepEqual(drawing.lines, []);
  const again = crossed();
  again.clear();
  assert.deepEqual([again.lines, again.selected], [[], null]);
});

/**
 * A stroke from `from` to `to`, as the dialog makes it: it moves the chosen line when it
 * starts on it, or draws a new one.
 * @param {Drawing} drawing
 * @param {{ x: number, y: number }} from
 * @param {{ x: number, y: number }} to
 */
function stroke(drawing, from, to) {
  const what = drawing.stroke(from);
  if ("moves" in what) {
    const line = what.moves;
    Drawing.drag(line, { x1: line.x1, y1: line.y1, x2: line.x2, y2: line.y2 }, to.x - from.x, to.y - from.y);
  } else {
    drawing.end(drawing.begin(what.draws), to);
  }
}

test("a triangle drawn as three strokes, each from the last one's end, is three lines that meet", () => {
  const drawing = new Drawing("#1d2430");
  stroke(drawing, { x: 100, y: 300 }, { x: 300, y: 300 });
  // Each stroke starts a few pixels off the last end, as a finger does, and ends near the first.
  stroke(drawing, { x: 304, y: 297 }, { x: 200, y: 120 });
  stroke(drawing, { x: 197, y: 124 }, { x: 103, y: 296 });
  assert.equal(drawing.lines.length, 3);
  assert.deepEqual(drawing.lines.map(({ x1, y1, x2, y2 }) => [x1, y1, x2, y2]), [
    [100, 300, 300, 300], [300, 300, 200, 120], [200, 120, 100, 300],
  ]);
});

test("a stroke moves a line only when it starts on the line chosen first", () => {
  const drawing = new Drawing("#1d2430");
  stroke(drawing, { x: 0, y: 100 }, { x: 200, y: 100 });
  const [line] = drawing.lines;
  // From its middle, not chosen: a new line.
  stroke(drawing, { x: 100, y: 100 }, { x: 100, y: 200 });
  assert.equal(drawing.lines.length, 2);
  assert.deepEqual([line.x1, line.y1], [0, 100]);
  drawing.tap(line);
  stroke(drawing, { x: 100, y: 100 }, { x: 110, y: 130 });
  assert.equal(drawing.lines.length, 2);
  assert.deepEqual([line.x1, line.y1, line.x2, line.y2], [10, 130, 210, 130]);
  // Far from every end, a line is drawn where the finger is.
  assert.deepEqual(drawing.snapped({ x: 500, y: 500 }, null), { x: 500, y: 500 });
});
