"use strict";
// What a student's homework page (Pages+Homework.swift) shows for each answer of the
// assignments' API (docs/ASSIGNMENTS.md), as plain values: no document, clock or network
// here, so node's test runner checks it all (Tests/PageScripts/homework-state.test.js).
// homework-player.js puts it on screen.

/** @typedef {import("./page.js").Say} Say */

/**
 * The student's next step, as `GET /api/assignments/CODE/next` says it.
 * @typedef {object} Next
 * @property {boolean} done the attempt is over, or the homework is due: their result
 * @property {number} [index] the next question, from 0
 * @property {number} questions how many questions
 * @property {boolean} [start] the question is timed and waits for its timer to start
 * @property {number} [set] its set, from 1 (when sets are timed)
 * @property {number} [set_seconds] the time starting it gives its set
 * @property {number} [question_seconds] the time starting it gives the question
 * @property {string} [text] the question
 * @property {string[]} [answers]
 * @property {boolean} [multiple] several answers are right
 * @property {string} [image] its picture's address
 * @property {number} [time_left] seconds left on its timer
 * @property {number} score this attempt's score; done: the best attempt's
 * @property {number} [correct] done: the best attempt's right answers
 * @property {number} [unanswered] done: questions of the best attempt whose time ran out
 * @property {boolean} [open] done: the homework is not due yet
 * @property {boolean} [can_retry] done: another attempt may be started
 * @property {number} attempt this attempt's number, from 1
 * @property {number} attempts the attempts allowed
 */

/**
 * The screen for `next`.
 * @param {Next} next
 * @returns {"result" | "start" | "question"}
 */
function screenFor(next) {
  if (next.done) return "result";
  return next.start ? "start" : "question";
}

/**
 * `seconds` as people say a timer: "45 s", "2 min", "1 min 30 s".
 * @param {number} seconds
 * @param {Say} say
 */
function durationText(seconds, say) {
  const whole = Math.round(seconds);
  if (whole < 60) return say("durationSeconds", { seconds: whole });
  const rest = whole % 60;
  const minutes = Math.floor(whole / 60);
  return rest === 0 ? say("durationMinutes", { minutes }) : say("durationMinutesSeconds", { minutes, seconds: rest });
}

/**
 * What starting a timed question gives, in a sentence.
 * @param {Next} next
 * @param {Say} say
 */
function timerLine(next, say) {
  const set = next.set_seconds;
  const question = next.question_seconds;
  if (set !== undefined && question !== undefined) {
    return say("setAndQuestionTimer", { set: durationText(set, say), question: durationText(question, say) });
  }
  if (set !== undefined) return say("setTimer", { time: durationText(set, say) });
  return say("questionTimer", { time: durationText(question || 0, say) });
}

/**
 * The heading of the start screen: the set's, or the question's place.
 * @param {Next} next
 * @param {Say} say
 */
function startHeading(next, say) {
  if (next.set_seconds !== undefined && next.set !== undefined) return say("setHeading", { set: next.set });
  return progress(next, say);
}

/**
 * "Question 3 of 10".
 * @param {Next} next
 * @param {Say} say
 */
function progress(next, say) {
  return say("liveQuestionOf", { index: (next.index || 0) + 1, count: next.questions });
}

/**
 * Why a name was not taken, from the join's status and `reason`: the phrase to say.
 * @param {number} status
 * @param {string | undefined} reason
 */
function joinProblem(status, reason) {
  switch (status) {
  case 403:
    if (reason === "full") return "full";
    if (reason === "own_link") return "useOwnLink";
    return reason === "name_refused" ? "nameRefused" : "nameNotOnRoster";
  case 404: return "noSuchAssignment";
  case 409: return "nameTaken";
  case 410: return "pastDue";
  case 422: return "badName";
  case 429: return "liveTooManyTries";
  case 0: return "liveNetworkError";
  default: return "liveRequestFailed";
  }
}

/**
 * What a refused answer or start means for the page: show the next step again (the
 * server's word on where the student is), or say the request failed and let them try again.
 * @param {number} status
 * @returns {"refresh" | "forget" | "retry"}
 */
function refusal(status) {
  if (status === 409 || status === 410) return "refresh";
  if (status === 403) return "forget";
  return "retry";
}

/**
 * The result's lines: the score, the right answers, and what comes next.
 * @param {Next} next
 * @param {Say} say
 * @returns {{ score: string, right: string, state: string, retry: boolean }}
 */
function resultLines(next, say) {
  const retry = next.can_retry === true;
  let state = say("doneResult");
  if (next.open === false) state = say("closedResult");
  else if (retry) state = say("attemptsLeft", { count: next.attempts - next.attempt });
  return {
    score: say("scoredPoints", { count: next.score }),
    right: say("rightOf", { correct: next.correct || 0, count: next.questions }),
    state,
    retry,
  };
}

/**
 * The answers `indices` name, as their texts: "Madrid, Seville".
 * @param {string[]} answers
 * @param {number[]} indices
 */
function answerTexts(answers, indices) {
  return indices.map((index) => answers[index]).filter((text) => text !== undefined).join(", ");
}

module.exports = {
  answerTexts, durationText, joinProblem, progress, refusal, resultLines, screenFor, startHeading, timerLine,
};
