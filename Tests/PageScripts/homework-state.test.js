"use strict";
// The homework page's values: which screen each answer of the API shows, the timers said
// in words, why a name was refused, and the result's lines.
const { test } = require("node:test");
const assert = require("node:assert/strict");
const state = require("../../Sources/QRQuizServer/Assets/Scripts/homework-state.js");
const { formatMessage } = require("../../Sources/QRQuizServer/Assets/Scripts/message-format.js");

/** The English phrases the page carries (HomeworkPhrase, PagePhrase). */
const phrases = {
  durationSeconds: "{seconds} s", durationMinutes: "{minutes} min", durationMinutesSeconds: "{minutes} min {seconds} s",
  setTimer: "You have {time} for this set, from when you press Start.",
  questionTimer: "You have {time} for this question, from when you press Start.",
  setAndQuestionTimer: "You have {set} for this set and {question} for its first question, from when you press Start.",
  setHeading: "Set {set}", liveQuestionOf: "Question {index} of {count}",
  scoredPoints: "{count, plural, one {# point} other {# points}}", rightOf: "{correct} of {count} right",
  doneResult: "Done: your teacher sees your result.", closedResult: "The homework is closed: this is your result.",
  attemptsLeft: "{count, plural, one {You may try once more.} other {You may try # more times.}}",
};

/**
 * @param {string} phrase
 * @param {Record<string, import("../../Sources/QRQuizServer/Assets/Scripts/message-format.js").Argument>} [values]
 */
function say(phrase, values) {
  return formatMessage(/** @type {Record<string, string>} */ (phrases)[phrase] || phrase, values);
}

/** @param {Partial<import("../../Sources/QRQuizServer/Assets/Scripts/homework-state.js").Next>} fields */
function next(fields) {
  return /** @type {import("../../Sources/QRQuizServer/Assets/Scripts/homework-state.js").Next} */ (
    { done: false, questions: 4, score: 0, attempt: 1, attempts: 1, ...fields });
}

test("each answer of the API has its screen: a result, a timer to start, or a question", () => {
  assert.equal(state.screenFor(next({ done: true })), "result");
  assert.equal(state.screenFor(next({ index: 0, start: true, set_seconds: 60 })), "start");
  assert.equal(state.screenFor(next({ index: 0, start: false, text: "Capital of France?" })), "question");
});

test("timers are said as people say them", () => {
  assert.equal(state.durationText(45, say), "45 s");
  assert.equal(state.durationText(120, say), "2 min");
  assert.equal(state.durationText(90, say), "1 min 30 s");
  assert.equal(state.durationText(89.6, say), "1 min 30 s");
  assert.equal(state.timerLine(next({ set_seconds: 90 }), say), "You have 1 min 30 s for this set, from when you press Start.");
  assert.equal(state.timerLine(next({ question_seconds: 30 }), say),
    "You have 30 s for this question, from when you press Start.");
  assert.equal(state.timerLine(next({ set_seconds: 60, question_seconds: 20 }), say),
    "You have 1 min for this set and 20 s for its first question, from when you press Start.");
  assert.equal(state.startHeading(next({ index: 3, set: 2, set_seconds: 60 }), say), "Set 2");
  assert.equal(state.startHeading(next({ index: 2, question_seconds: 20 }), say), "Question 3 of 4");
});

test("a refused name is said by why it was refused", () => {
  assert.equal(state.joinProblem(403, "not_on_roster"), "nameNotOnRoster");
  assert.equal(state.joinProblem(403, "full"), "full");
  // A class homework answers a name off its list and a name taken alike.
  assert.equal(state.joinProblem(403, "name_refused"), "nameRefused");
  assert.equal(state.joinProblem(403, "own_link"), "useOwnLink");
  assert.equal(state.joinProblem(409, undefined), "nameTaken");
  assert.equal(state.joinProblem(410, undefined), "pastDue");
  assert.equal(state.joinProblem(422, undefined), "badName");
  assert.equal(state.joinProblem(429, undefined), "liveTooManyTries");
  assert.equal(state.joinProblem(0, undefined), "liveNetworkError");
  assert.equal(state.joinProblem(500, undefined), "liveRequestFailed");
});

test("a refused answer shows where the student is, forgets a dead secret, or tries again", () => {
  assert.equal(state.refusal(410), "refresh", "time up, past due, or no attempt left: the server says what now");
  assert.equal(state.refusal(409), "refresh", "answered already (another tab)");
  assert.equal(state.refusal(403), "forget");
  assert.equal(state.refusal(0), "retry");
  assert.equal(state.refusal(422), "retry");
});

test("the result says the score, the right answers and what comes next", () => {
  const done = state.resultLines(next({ done: true, score: 3000, correct: 3, open: true, can_retry: false }), say);
  assert.deepEqual(done, { score: "3000 points", right: "3 of 4 right", state: "Done: your teacher sees your result.",
    retry: false });
  const again = state.resultLines(next({ done: true, score: 1, correct: 1, open: true, can_retry: true, attempt: 1,
    attempts: 3 }), say);
  assert.equal(again.state, "You may try 2 more times.");
  assert.equal(again.retry, true);
  const closed = state.resultLines(next({ done: true, score: 0, correct: 0, open: false }), say);
  assert.equal(closed.state, "The homework is closed: this is your result.");
  assert.equal(state.answerTexts(["Madrid", "Lisbon", "Seville"], [0, 2]), "Madrid, Seville");
  assert.equal(state.answerTexts(["Madrid"], [5]), "", "an index the question lacks says nothing");
});
