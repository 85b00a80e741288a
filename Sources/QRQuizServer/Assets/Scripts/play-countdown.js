"use strict";
// The play page's countdown as values: what the clock shows, and which of the moments
// worth saying (ten and five seconds left) has just come. The server keeps the real clock
// and ends the set itself when time runs out.

/** The seconds left that are said to a screen reader, besides the time at the start. */
const marks = [10, 5];

/**
 * The clock at `left` seconds: whole seconds above a minute, tenths below.
 * @param {number} left
 */
function clockText(left) {
  return left > 60 ? Math.ceil(left) + " s" : left.toFixed(1) + " s";
}

/**
 * The marks `left` has just reached (within the second after each) that were not said yet.
 * @param {number} left
 * @param {ReadonlySet<number>} said
 * @returns {number[]}
 */
function marksReached(left, said) {
  return marks.filter((mark) => left <= mark && left > mark - 1 && !said.has(mark));
}

module.exports = { clockText, marksReached };
