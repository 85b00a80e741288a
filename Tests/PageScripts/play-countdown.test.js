"use strict";
// The play page's countdown: the clock's text, and the moments said once each.
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { clockText, marksReached } = require("../../Sources/QRQuizServer/Assets/Scripts/play-countdown.js");

test("the clock shows whole seconds above a minute and tenths below", () => {
  assert.equal(clockText(125.2), "126 s");
  assert.equal(clockText(60.01), "61 s");
  assert.equal(clockText(60), "60.0 s");
  assert.equal(clockText(9.96), "10.0 s");
  assert.equal(clockText(0), "0.0 s");
});

test("ten and five seconds are said once each, in the second after they come", () => {
  /** @type {Set<number>} */
  const said = new Set();
  /** @type {number[]} */
  const spoken = [];
  for (let left = 12; left >= 0; left = Math.round((left - 0.1) * 10) / 10) {
    for (const mark of marksReached(left, said)) {
      said.add(mark);
      spoken.push(mark);
    }
  }
  assert.deepEqual(spoken, [10, 5]);
  assert.deepEqual(marksReached(3.5, new Set()), [], "a page opened with 3.5 s left says neither");
  assert.deepEqual(marksReached(9.2, new Set()), [10], "nor does it miss ten when opened just after it");
});
