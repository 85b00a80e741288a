"use strict";
// A topic's versions compared and merged question by question.
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { compare, merge } = require("../../Sources/QRQuizServer/Assets/Scripts/editor-versions.js");

/**
 * A question as the server keeps it: dated when first saved.
 * @param {string} text
 * @param {number} day
 * @param {string[]} [answers]
 */
function question(text, day, answers = ["Yes", "No"]) {
  return { question: text, answers, correctAnswers: [0], created: "2026-01-0" + day + "T10:00:00Z" };
}

/** @returns {import("../../Sources/QRQuizServer/Assets/Scripts/editor-topic.js").Topic} */
function base() {
  return {
    options: { name: "Rivers", helpButtonEnabled: true },
    sets: [[question("Longest?", 1), question("Widest?", 2), question("Deepest?", 3)], [question("Oldest?", 4)]],
  };
}

/** @param {unknown} value */
const copy = (value) => JSON.parse(JSON.stringify(value));

test("a version compared with the current topic: same, changed, removed, added", () => {
  const version = base();
  const current = copy(version);
  current.sets[0][1].question = "The widest river?";
  current.sets[0][1].modified = "2026-02-01T10:00:00Z";
  current.sets[0].splice(2, 1);
  current.sets[1].push(question("Coldest?", 5));
  // Moved to another set and otherwise the same: the same question.
  current.sets[1].unshift(current.sets[0].shift());
  const { sets, added } = compare(version, current);
  assert.deepEqual(sets.map((set) => set.map((entry) => entry.status)), [["same", "changed", "removed"], ["same"]]);
  assert.equal(sets[0][1].current && sets[0][1].current.question, "The widest river?");
  assert.deepEqual(added.map((at) => at.question.question), ["Coldest?"]);
});

test("questions without dates are known by their text, twins apart", () => {
  const version = { options: {}, sets: [[{ question: "Same?", answers: ["a", "b"], correctAnswers: [0] },
    { question: "Same?", answers: ["c", "d"], correctAnswers: [1] }]] };
  const current = copy(version);
  current.sets[0][1].answers[0] = "e";
  assert.deepEqual(compare(version, current).sets[0].map((entry) => entry.status), ["same", "changed"]);
});

test("save mine over theirs keeps their changes to the questions I left alone", () => {
  const mine = base();
  mine.sets[0][0].question = "The longest river?";
  mine.sets[1].push(question("Mine, new?", 6));
  const theirs = base();
  theirs.sets[0][1].answers = ["Amazon", "Nile"];
  theirs.sets[0].splice(2, 1);
  theirs.sets[1].push(question("Theirs, new?", 7));
  theirs.options.helpButtonEnabled = false;
  const { topic, conflicts } = merge(base(), mine, theirs);
  assert.deepEqual(conflicts, []);
  assert.deepEqual(topic.sets.map((set) => set.map((q) => q.question)),
    [["The longest river?", "Widest?"], ["Oldest?", "Mine, new?", "Theirs, new?"]]);
  assert.deepEqual(topic.sets[0][1].answers, ["Amazon", "Nile"]);
  assert.equal(topic.options.helpButtonEnabled, false, "their option change, which I did not touch");
});

test("both changed the same question: a conflict, mine in place and theirs offered", () => {
  const mine = base();
  mine.sets[0][1].question = "Mine: widest?";
  const theirs = base();
  theirs.sets[0][1].question = "Theirs: widest?";
  theirs.sets[0][0].question = "Theirs: longest?";
  const { topic, conflicts } = merge(base(), mine, theirs);
  assert.equal(conflicts.length, 1);
  assert.deepEqual([conflicts[0].set, conflicts[0].index], [0, 1]);
  assert.equal(conflicts[0].mine.question, "Mine: widest?");
  assert.equal(conflicts[0].theirs.question, "Theirs: widest?");
  assert.deepEqual(topic.sets[0].map((q) => q.question), ["Theirs: longest?", "Mine: widest?", "Deepest?"]);
  // The same change on both sides is no conflict.
  const same = base();
  same.sets[0][1].question = "Mine: widest?";
  assert.deepEqual(merge(base(), mine, same).conflicts, []);
});

test("a question deleted on one side and changed on the other is kept as changed", () => {
  const mine = base();
  mine.sets[0].splice(1, 1);
  const theirs = base();
  theirs.sets[0][1].question = "Theirs: widest?";
  assert.deepEqual(merge(base(), mine, theirs).topic.sets[0].map((q) => q.question),
    ["Longest?", "Deepest?", "Theirs: widest?"]);
  const deletedByThem = base();
  deletedByThem.sets[1] = [];
  deletedByThem.sets.pop();
  const result = merge(base(), base(), deletedByThem);
  assert.equal(result.topic.sets.length, 1, "their deleted set is gone");
});

test("an undated question changed on both sides is one question: a conflict", () => {
  // Saved before the editor dated questions; the server dates a changed one anew.
  const undated = () => ({ options: {}, sets: [[{ question: "Peru?", answers: ["Lima", "Quito"], correctAnswers: [0] },
    { question: "Chile?", answers: ["Santiago", "Lima"], correctAnswers: [0] }]] });
  const mine = undated();
  mine.sets[0][0].question = "Mine: Peru?";
  const theirs = undated();
  Object.assign(theirs.sets[0][0], { question: "Theirs: Peru?", created: "2026-03-01T10:00:00Z" });
  const { topic, conflicts } = merge(undated(), mine, theirs);
  assert.equal(conflicts.length, 1);
  assert.deepEqual(topic.sets[0].map((q) => q.question), ["Mine: Peru?", "Chile?"]);
});

test("a new question where an undated one was deleted is not that question: no conflict", () => {
  /** @returns {import("../../Sources/QRQuizServer/Assets/Scripts/editor-topic.js").Topic} */
  const undated = () => ({ options: {}, sets: [[
    { question: "Capital of Peru?", answers: ["Lima", "Quito", "Bogotá"], correctAnswers: [0] },
    { question: "Pluto is a planet.", answers: ["True", "False"], correctAnswers: [1] },
    { question: "Chile?", answers: ["Santiago", "Lima"], correctAnswers: [0] }]] });
  // They deleted Peru and Pluto and wrote new questions in their places (the server dated
  // them); I changed both.
  const theirs = undated();
  theirs.sets[0][0] = { question: "Capital of Ecuador?", answers: ["Quito", "Guayaquil", "Cuenca"], correctAnswers: [0],
    created: "2026-03-01T10:00:00Z" };
  theirs.sets[0][1] = { question: "The Moon is a star.", answers: ["True", "False"], correctAnswers: [1],
    created: "2026-03-01T10:00:00Z" };
  const mine = undated();
  mine.sets[0][0].question = "What is the capital of Peru?";
  mine.sets[0][1].question = "Pluto is a dwarf planet.";
  mine.sets[0][1].correctAnswers = [0];
  const { topic, conflicts } = merge(undated(), mine, theirs);
  assert.deepEqual(conflicts, []);
  // Deleted by them, changed by me: kept as changed; their new questions join the set.
  assert.deepEqual(topic.sets[0].map((q) => q.question), ["What is the capital of Peru?", "Pluto is a dwarf planet.",
    "Chile?", "Capital of Ecuador?", "The Moon is a star."]);
  // The other way round: I replaced them, they changed them.
  const swapped = merge(undated(), theirs, mine);
  assert.deepEqual(swapped.conflicts, []);
  assert.equal(swapped.topic.sets[0].length, 5);
});

test("an undated question edited in place is still that question: its text and a common word", () => {
  /** @returns {import("../../Sources/QRQuizServer/Assets/Scripts/editor-topic.js").Topic} */
  const undated = () => ({ options: {}, sets: [[
    { question: "Pluto is a planet.", answers: ["True", "False"], correctAnswers: [1] }]] });
  const mine = undated();
  mine.sets[0][0].question = "Pluto is a planet of the Sun.";
  const theirs = undated();
  Object.assign(theirs.sets[0][0], { question: "Pluto is a planet?", created: "2026-03-01T10:00:00Z" });
  assert.equal(merge(undated(), mine, theirs).conflicts.length, 1, "both changed the same question");
});
