"use strict";
// The editor's topic model: reading a topic, every change the form makes, and what is
// saved.
const { test } = require("node:test");
const assert = require("node:assert/strict");
const topics = require("../../Sources/QRQuizServer/Assets/Scripts/editor-topic.js");

/** @typedef {import("../../Sources/QRQuizServer/Assets/Scripts/editor-topic.js").Topic} Topic */

/** @returns {Topic} two sets: capitals (two questions) and rivers (one) */
function geography() {
  return topics.prepared({
    options: { name: "Geography", setNames: ["Capitals", "Rivers"], helpButtonEnabled: false },
    sets: [
      [
        { question: "France?", answers: ["Paris", "Lyon", "Nice"], correct: 0, created: "2026-01-02T10:00:00Z" },
        { question: "Spain?", answers: ["Madrid", "Seville", "Porto"], correctAnswers: [1], correct: 0 },
      ],
      [{ question: "Longest?", answers: ["Nile", "Amazon"], correctAnswers: [0, 1], imageURL: "/pictures/nile.png" }],
    ],
  });
}

/** @param {Topic} topic */
const texts = (topic) => topic.sets.map((set) => set.map((question) => question.question));

test("a topic read has its options and sets, and `correct` merged into `correctAnswers`", () => {
  const topic = geography();
  assert.deepEqual(topic.sets[0].map((question) => question.correctAnswers), [[0], [0, 1]]);
  assert.equal("correct" in topic.sets[0][0], false);
  assert.deepEqual(topics.prepared(null), { options: {}, sets: [] });
  assert.deepEqual(topics.prepared({ sets: [[{ question: "?", answers: ["a"], correct: null }]] }).sets[0][0],
    { question: "?", answers: ["a"], correctAnswers: [] });
});

test("what is saved leaves out empty options and set names, as the app's files do", () => {
  const topic = geography();
  topic.options.timePerSetInSeconds = null;
  topic.options.name = "";
  topic.options.setNames = ["", ""];
  assert.deepEqual(JSON.parse(topics.outgoing(topic)).options, { helpButtonEnabled: false });
  topic.options = {};
  assert.equal("options" in JSON.parse(topics.outgoing(topic)), false);
  assert.deepEqual(geography().options.setNames, ["Capitals", "Rivers"], "the topic itself is left as it was");
});

test("typing changes the field's value where its path says", () => {
  const topic = geography();
  topics.applyTyping(topic, "options.name", { kind: "text", value: "Europe", checked: false });
  topics.applyTyping(topic, "options.timePerSetInSeconds", { kind: "number", value: "30", checked: false });
  topics.applyTyping(topic, "options.helpButtonEnabled", { kind: "checkbox", value: "on", checked: true });
  topics.applyTyping(topic, "options.setNames[1]", { kind: "text", value: "Seas", checked: false });
  topics.applyTyping(topic, "sets[0][1].question", { kind: "text", value: "Capital of Spain?", checked: false });
  topics.applyTyping(topic, "sets[0][1].answers[2]", { kind: "text", value: "Bilbao", checked: false });
  topics.applyTyping(topic, "sets[0][1].correctAnswers", { kind: "checkbox", value: "on", checked: false, answer: 1 });
  topics.applyTyping(topic, "sets[0][1].correctAnswers", { kind: "checkbox", value: "on", checked: true, answer: 2 });
  topics.applyTyping(topic, "sets[1][0].imageURL", { kind: "text", value: "", checked: false });
  assert.deepEqual(topic.options, {
    name: "Europe", timePerSetInSeconds: 30, helpButtonEnabled: true, setNames: ["Capitals", "Seas"],
  });
  assert.deepEqual(topic.sets[0][1], { question: "Capital of Spain?", answers: ["Madrid", "Seville", "Bilbao"],
    correctAnswers: [0, 2] });
  assert.equal("imageURL" in topic.sets[1][0], false);
  topics.applyTyping(topic, "options.timePerSetInSeconds", { kind: "number", value: "", checked: false });
  assert.equal(topic.options.timePerSetInSeconds, null);
});

test("a numeric answer exists while it has a value, its tolerance beside it", () => {
  const topic = geography();
  const question = topic.sets[0][0];
  topics.applyTyping(topic, "sets[0][0].numericAnswer.tolerance", { kind: "number", value: "0.5", checked: false });
  assert.equal(question.numericAnswer, undefined, "a tolerance alone is no answer");
  topics.applyTyping(topic, "sets[0][0].numericAnswer.value", { kind: "number", value: "42", checked: false });
  topics.applyTyping(topic, "sets[0][0].numericAnswer.tolerance", { kind: "number", value: "0.5", checked: false });
  assert.deepEqual(question.numericAnswer, { value: 42, tolerance: 0.5 });
  topics.applyTyping(topic, "sets[0][0].numericAnswer.value", { kind: "number", value: "", checked: false });
  assert.equal(question.numericAnswer, undefined);
});

test("a path names its set, question, key, answer and sub-key", () => {
  assert.deepEqual(topics.parsePath("sets[2][11].answers[3]"), { set: 2, question: 11, key: "answers", index: 3, sub: null });
  assert.deepEqual(topics.parsePath("sets[0][1].numericAnswer.value"),
    { set: 0, question: 1, key: "numericAnswer", index: null, sub: "value" });
  for (const path of ["options.name", "sets[0]", "sets[a][1].question", "sets[0][1].question.x.y"]) {
    assert.equal(topics.parsePath(path), null, path);
  }
});

test("sets are added, moved with their names, and deleted", () => {
  const topic = geography();
  assert.deepEqual(topics.applyAction(topic, "add-set", { set: NaN, question: NaN, answer: NaN }),
    { focus: "question-add-2" });
  assert.deepEqual(topic.sets[2], [topics.blankQuestion(4)]);
  assert.deepEqual(topic.options.setNames, ["Capitals", "Rivers", ""]);
  assert.deepEqual(topics.applyAction(topic, "set-down", { set: 0, question: NaN, answer: NaN }), { focus: "set-down-1" });
  assert.deepEqual(topic.options.setNames, ["Rivers", "Capitals", ""]);
  assert.deepEqual(texts(topic)[0], ["Longest?"]);
  assert.deepEqual(topics.applyAction(topic, "set-delete", { set: 0, question: NaN, answer: NaN }), { focus: null });
  assert.deepEqual(topic.options.setNames, ["Capitals", ""]);
  assert.deepEqual(texts(topic), [["France?", "Spain?"], [""]]);
});

test("questions are added with as many answers as the last, moved, duplicated undated, and deleted", () => {
  const topic = geography();
  const at = { set: 0, question: 0, answer: NaN };
  assert.deepEqual(topics.applyAction(topic, "question-add", at), { focus: "q-0-2-text" });
  assert.equal(topic.sets[0][2].answers.length, 3);
  assert.deepEqual(topics.applyAction(topic, "question-down", at), { focus: "question-down-q-0-1" });
  assert.deepEqual(texts(topic)[0], ["Spain?", "France?", ""]);
  assert.deepEqual(topics.applyAction(topic, "question-duplicate", { ...at, question: 1 }), { focus: "q-0-2-text" });
  assert.deepEqual(texts(topic)[0], ["Spain?", "France?", "France?", ""]);
  assert.equal(topic.sets[0][1].created, "2026-01-02T10:00:00Z");
  assert.equal(topic.sets[0][2].created, undefined, "a copy is a new question");
  topic.sets[0][2].answers[0] = "Marseille";
  assert.equal(topic.sets[0][1].answers[0], "Paris", "a copy shares nothing with its original");
  assert.deepEqual(topics.applyAction(topic, "question-delete", at), { focus: null });
  assert.deepEqual(texts(topic)[0], ["France?", "France?", ""]);
  topics.moveToSet(topic, 0, 1, 1);
  assert.deepEqual(texts(topic), [["France?", ""], ["Longest?", "France?"]]);
});

test("the right answers follow their answers as they move or go", () => {
  const topic = geography();
  const spain = topic.sets[0][1];
  assert.deepEqual(topics.applyAction(topic, "answer-down", { set: 0, question: 1, answer: 1 }), { focus: "q-0-1-a2" });
  assert.deepEqual(spain.answers, ["Madrid", "Porto", "Seville"]);
  assert.deepEqual(spain.correctAnswers, [0, 2]);
  assert.deepEqual(topics.applyAction(topic, "answer-delete", { set: 0, question: 1, answer: 0 }), { focus: null });
  assert.deepEqual(spain.answers, ["Porto", "Seville"]);
  assert.deepEqual(spain.correctAnswers, [1]);
  assert.deepEqual(topics.applyAction(topic, "answer-add", { set: 0, question: 1, answer: NaN }), { focus: "q-0-1-a2" });
  assert.deepEqual(spain.answers, ["Porto", "Seville", ""]);
  assert.deepEqual(topics.applyAction(topic, "picture-remove", { set: 1, question: 0, answer: NaN }), { focus: null });
  assert.equal(topic.sets[1][0].imageURL, undefined);
  assert.equal(topics.applyAction(topic, "draw", { set: 0, question: 0, answer: NaN }), null);
});

test("a new topic's file name is its name made safe", () => {
  assert.equal(topics.fileName("World capitals"), "World capitals");
  assert.equal(topics.fileName("a/b\\c\u0000d\u001fe\u007f"), "a_b_c_d_e_");
  assert.equal(topics.fileName("  ..hidden.JSON "), "hidden");
  assert.equal(topics.fileName(" ... "), "topic");
  assert.equal(topics.fileName("Ñandú 🐦"), "Ñandú 🐦");
});

test("a problem goes to the closest field that holds its path", () => {
  const fields = ["options", "options.name", "sets[0]", "sets[0][1]", "sets[0][1].answers", "sets[0][1].answers[2]"];
  assert.equal(topics.fieldOfProblem(fields, "sets[0][1].answers[2]"), 5);
  assert.equal(topics.fieldOfProblem(fields, "sets[0][1].correctAnswers"), 3);
  assert.equal(topics.fieldOfProblem(fields, "sets[0][10]"), 2, "sets[0][1] does not hold sets[0][10]");
  assert.equal(topics.fieldOfProblem(fields, "options.setNames"), 0);
  assert.equal(topics.fieldOfProblem(fields, "sets"), -1);
});

test("blank answers are said to be empty, not to duplicate each other", () => {
  const problems = [
    { kind: "emptyQuestion", path: "sets[0][0].question", message: "the question text is empty" },
    { kind: "incorrectAnswersCount", path: "sets[0][0].answers[1]", message: "duplicates answer 1 (\"\")" },
    { kind: "emptyAnswer", path: "sets[0][0].answers[0]", message: "the answer is empty or only whitespace" },
    { kind: "emptyAnswer", path: "sets[0][0].answers[1]", message: "the answer is empty or only whitespace" },
    { kind: "incorrectAnswersCount", path: "sets[0][1].answers[1]", message: "duplicates answer 1 (\"Paris\")" },
  ];
  assert.deepEqual(topics.withoutDuplicatesOfEmpty(problems).map((problem) => problem.path),
    ["sets[0][0].question", "sets[0][0].answers[0]", "sets[0][0].answers[1]", "sets[0][1].answers[1]"]);
});

test("the choices an import made up for a number are marked until their text changes, and kept when saved", () => {
  const topic = topics.prepared({
    sets: [[{ question: "Speed of sound (m/s)?", answers: ["401", "399", "400", "402"], correctAnswers: [2],
      numericAnswer: { value: 400, tolerance: 0 }, madeUpAnswers: ["401", "399", "402"] }]],
  });
  const question = topic.sets[0][0];
  assert.deepEqual(question.answers.map((_, index) => topics.isMadeUp(question, index)), [true, true, false, true]);
  // Moved, the mark follows the answer; typed over, it is the teacher's own.
  topics.applyAction(topic, "answer-down", { set: 0, question: 0, answer: 0 });
  assert.deepEqual(question.answers, ["399", "401", "400", "402"]);
  assert.deepEqual(question.answers.map((_, index) => topics.isMadeUp(question, index)), [true, true, false, true]);
  topics.applyTyping(topic, "sets[0][0].answers[3]", { kind: "text", value: "450", checked: false });
  assert.equal(topics.isMadeUp(question, 3), false);
  assert.deepEqual(JSON.parse(topics.outgoing(topic)).sets[0][0].madeUpAnswers, ["401", "399", "402"]);
  // Without a number to be choices for, nothing is made up.
  delete question.numericAnswer;
  assert.equal(topics.isMadeUp(question, 0), false);
});

test("a new question has no answer marked right: the teacher marks it", () => {
  assert.deepEqual(topics.blankQuestion(4), { question: "", answers: ["", "", "", ""], correctAnswers: [] });
  const topic = geography();
  topics.applyAction(topic, "question-add", { set: 0, question: NaN, answer: NaN });
  topics.applyAction(topic, "add-set", { set: NaN, question: NaN, answer: NaN });
  assert.deepEqual(topic.sets[0][2].correctAnswers, []);
  assert.deepEqual(topic.sets[2][0].correctAnswers, []);
  // Ticking answer 3 alone saves answer 3 alone (not answers 1 and 3).
  topics.applyTyping(topic, "sets[0][2].correctAnswers", { kind: "checkbox", value: "on", checked: true, answer: 2 });
  assert.deepEqual(JSON.parse(topics.outgoing(topic)).sets[0][2].correctAnswers, [2]);
});

test("the right answers' letters, and the questions with more right answers than the topic's others", () => {
  const topic = geography();
  assert.deepEqual(topics.rightLetters(topic.sets[0][1]), ["A", "B"]);
  // Most questions have one right answer: "Spain?" and "Longest?" have two.
  topic.sets[0].push({ question: "Peru?", answers: ["Lima", "Cusco"], correctAnswers: [0] });
  assert.deepEqual(topics.moreRightAnswers(topic),
    [{ set: 0, index: 1, count: 2, usual: 1 }, { set: 1, index: 0, count: 2, usual: 1 }]);
  // As common: the fewer is usual.
  topic.sets[0].pop();
  topic.sets[0][1].correctAnswers = [0, 1, 2];
  assert.deepEqual(topics.moreRightAnswers(topic), [{ set: 0, index: 1, count: 3, usual: 1 }, { set: 1, index: 0, count: 2, usual: 1 }]);
  // All alike: nothing to ask about.
  for (const set of topic.sets) for (const question of set) question.correctAnswers = [0, 1];
  assert.deepEqual(topics.moreRightAnswers(topic), []);
});
