"use strict";
// What the live pages show for the events of a game's stream (docs/LIVE.md), as plain
// values: no document, clock or network here, so node's test runner checks it all
// (Tests/PageScripts/live-state.test.js). live-host.js and live-player.js put it on screen.

/** @typedef {import("./page.js").Say} Say */

/**
 * A row of standings, best first.
 * @typedef {{ name: string, score: number }} Standing
 */

/**
 * The player's own part of an event.
 * @typedef {object} You
 * @property {string} name
 * @property {number[]} [answers] question (once answered), closed: the answers picked
 * @property {string | null} [number] question (once answered), closed: the number typed
 * @property {boolean} [right] closed: whether they were right
 * @property {number} [points] closed: the points won
 * @property {number} [score]
 * @property {number | null} [rank] null while the host hides the scores
 * @property {number} [streak] closed: right answers in a row
 * @property {number} [correct] over: right answers in all
 * @property {number} [remaining_ms] question, a student with extra time: the time left to them
 */

/**
 * A state event (`lobby`, `question`, `closed`, `over`): what every stream gets, with the
 * host's members or the player's own (`you`).
 * @typedef {object} GameState
 * @property {number} [players] how many play
 * @property {string[]} [names] host: who plays (every phase but the end)
 * @property {(number | null)[]} [name_cards] host, a game with a class: each name's answer card
 * @property {number[]} [cards] host, a game with a class, question: the cards held up
 * @property {number[]} [seen] host, a game with a class, question: the cards seen for it
 * @property {string[]} [banned] host: who was removed for good (every phase but the end)
 * @property {boolean} [locked] host: no one else may join
 * @property {boolean} [hidden] the scores are hidden until the end
 * @property {number} index the question's place, from 0 (question, closed)
 * @property {number} count how many questions
 * @property {string} text the question
 * @property {string[]} answers
 * @property {boolean} [multiple] question: several answers may be picked
 * @property {boolean | { value: string, right: number, wrong: number }} [numeric] question: asked as a
 *   number (no answers shown); closed: the right number and how many typed a right and a wrong one
 * @property {number} remaining_ms question: the time left when the event was sent
 * @property {number} [asked] question: which asking of it this is (2 and more: asked again)
 * @property {string} [image] question: its picture's address
 * @property {number | boolean} [answered] host: how many answered; a player: whether they did
 * @property {number[]} correct closed: the right answers
 * @property {number[]} tally closed: how many picked each answer
 * @property {string} [explanation] closed: why the right answer is right, if the topic says
 * @property {Standing[]} [top] closed: the top five (none while hidden)
 * @property {Standing[]} podium over: the top three
 * @property {You} you a player: their own part
 * @property {{ name: string, card: number | null, here: string | null }[]} [roster] host, a class's game: its
 *   students, each here by "phone" or "card", or not yet (null)
 * @property {number} [here] host, a class's game: students here
 * @property {number} [class_size] host, a class's game: students in the class
 * @property {boolean} [guests] host, a class's game: whether names not on the roster may join
 * @property {string[]} [guest_names] host, a class's game: the guests playing
 * @property {string[]} [asking] host: players whose name a device asks to continue as
 */

/**
 * How an answer looks on every screen: colour, shape and letter, never colour alone.
 * @typedef {{ colour: string, shape: string, number: string, label: string }} AnswerFace
 */

/** The answers' shapes, in the order of their colours. */
const shapes = ["\u25B2", "\u25C6", "\u25CF", "\u25A0", "\u2605", "\u2B1F", "\u271A", "\u2B22"];

/**
 * The letter of the answer at `index`, as every screen names it: A, B, C … (past Z, its
 * number).
 * @param {number} index
 */
function answerLetter(index) {
  return index < 26 ? String.fromCharCode(65 + index) : String(index + 1);
}

/**
 * The answer at `index` as it is shown.
 * @param {string} text
 * @param {number} index
 * @returns {AnswerFace}
 */
function answerFace(text, index) {
  return { colour: "answer-" + (index % 8), shape: shapes[index % 8], number: answerLetter(index), label: text };
}

/**
 * Standings with their ranks: 1 + those before with more points, so equal scores share one.
 * @param {Standing[]} rows best first
 * @returns {(Standing & { rank: number })[]}
 */
function ranked(rows) {
  return rows.map((row, position) => ({
    rank: 1 + rows.slice(0, position).filter((other) => other.score > row.score).length,
    name: row.name,
    score: row.score,
  }));
}

/**
 * A closed question's answers: each as shown, whether it is right, how many picked it,
 * and its bar's width beside the most picked one.
 * @param {GameState} state
 * @returns {(AnswerFace & { right: boolean, count: number, width: string })[]}
 */
function tallied(state) {
  const most = Math.max(1, ...state.tally);
  return state.answers.map((text, index) => ({
    ...answerFace(text, index),
    right: state.correct.includes(index),
    count: state.tally[index],
    width: Math.round((100 * state.tally[index]) / most) + "%",
  }));
}

/**
 * A closed question asked as a number, as bars: how many typed a right and a wrong one.
 * @param {{ value: string, right: number, wrong: number }} numeric
 * @param {Say} say
 * @returns {{ label: string, right: boolean, count: number, width: string }[]}
 */
function numericTally(numeric, say) {
  const most = Math.max(1, numeric.right, numeric.wrong);
  return [
    { label: say("liveRightCount", { count: numeric.right }), right: true, count: numeric.right,
      width: Math.round((100 * numeric.right) / most) + "%" },
    { label: say("liveWrongCount", { count: numeric.wrong }), right: false, count: numeric.wrong,
      width: Math.round((100 * numeric.wrong) / most) + "%" },
  ];
}

/**
 * "Question 2 of 10".
 * @param {GameState} state
 * @param {Say} say
 */
function progress(state, say) {
  return say("liveQuestionOf", { index: state.index + 1, count: state.count });
}

/**
 * The host's count of players in the lobby.
 * @param {GameState} state
 * @param {Say} say
 */
function lobbyPlayers(state, say) {
  return state.players ? say("livePlayersCount", { players: state.players }) : say("liveNoPlayersYet");
}

/**
 * The host's "answered" line, when the event says how many answered.
 * @param {{ answered?: number | boolean, players?: number }} event
 * @param {Say} say
 * @returns {string | null}
 */
function answeredLine(event, say) {
  if (typeof event.answered !== "number") return null;
  return say("liveAnsweredOf", { answered: event.answered, players: event.players || 0 });
}

/**
 * The host's Lock and Hide-scores toggles as the state has them (absent when it does not
 * say).
 * @param {GameState} state
 * @param {Say} say
 */
function hostToggles(state, say) {
  return {
    lock: state.locked === undefined ? null
      : { pressed: state.locked, label: say(state.locked ? "liveUnlock" : "liveLock") },
    hide: state.hidden === undefined ? null
      : { pressed: state.hidden, label: say(state.hidden ? "liveShowScores" : "liveHideScores") },
  };
}

/**
 * The label of the host's button after a question: the next one, or the podium.
 * @param {GameState} state
 * @param {Say} say
 */
function nextLabel(state, say) {
  return say(state.index + 1 >= state.count ? "liveSeePodium" : "liveNext");
}

/**
 * A player's verdict on a closed question.
 * @param {You} you
 * @param {Say} say
 * @returns {{ text: string, right: boolean }}
 */
function verdict(you, say) {
  const right = you.right === true;
  const answered = (you.answers || []).length > 0 || typeof you.number === "string";
  const phrase = !answered ? "liveNoAnswer" : right ? "liveRight" : "liveWrong";
  return { text: say(phrase), right };
}

/**
 * "The right answer was: B. Paris · C. Lyon".
 * @param {GameState} state
 * @param {Say} say
 */
function rightAnswers(state, say) {
  if (typeof state.numeric === "object") return say("liveRightAnswerWas", { answers: state.numeric.value });
  const answers = state.correct.map((index) => answerLetter(index) + ". " + state.answers[index]).join(" · ");
  return say("liveRightAnswerWas", { answers });
}

/**
 * "Your answer: B. Paris · C. Lyon", for the answers a player picked, or the number
 * typed (none: null).
 * @param {GameState} state
 * @param {number[] | string | null | undefined} picks
 * @param {Say} say
 * @returns {string | null}
 */
function pickedLine(state, picks, say) {
  if (typeof picks === "string") return say("liveYouPicked", { answers: picks });
  if (!picks || picks.length === 0) return null;
  const answers = picks.map((index) => answerLetter(index) + ". " + state.answers[index]).join(" · ");
  return say("liveYouPicked", { answers });
}

/**
 * A player's score and streak after a question, and their rank unless it is hidden.
 * @param {You} you
 * @param {Say} say
 */
function standingLine(you, say) {
  const score = you.score || 0;
  const streak = you.streak || 0;
  if (you.rank === null || you.rank === undefined) return say("liveStandingHidden", { score, streak });
  return say("liveStanding", { score, rank: you.rank, streak });
}

/**
 * A player's place at the end.
 * @param {You} you
 * @param {Say} say
 */
function finalPlace(you, say) {
  return say("liveFinalPlace", { rank: you.rank || 0, score: you.score || 0, correct: you.correct || 0 });
}

/**
 * Whether a question event is a new question for a player's screen (its answers drawn
 * afresh, picks forgotten) rather than the same one again after a reconnection.
 * @param {GameState | null} shown the question on screen, if any
 * @param {GameState} state
 * @param {boolean} questionHidden whether the question's section is hidden
 */
function isNewQuestion(shown, state, questionHidden) {
  // Asked again while on screen: new too, its earlier answers no longer count.
  return !shown || shown.index !== state.index || shown.asked !== state.asked || questionHidden;
}

/**
 * A tap on an answer: a one-answer question sends it at once; with several, the answer
 * is picked or unpicked.
 * @param {Set<number>} picked
 * @param {number} index
 * @param {boolean} multiple
 * @returns {{ send: number[] } | { picked: Set<number> }}
 */
function tapAnswer(picked, index, multiple) {
  if (!multiple) return { send: [index] };
  const next = new Set(picked);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return { picked: next };
}

/**
 * The picks to send, in the answers' order.
 * @param {Set<number>} picked
 */
function picksToSend(picked) {
  return Array.from(picked).sort((a, b) => a - b);
}

/**
 * What the server's answer to a player's answer means: taken (202, or 409 when it already
 * had one), too late (410), or another problem.
 * @param {number} status
 * @returns {"taken" | "late" | "failed"}
 */
function answerOutcome(status) {
  if (status === 202 || status === 409) return "taken";
  return status === 410 ? "late" : "failed";
}

/**
 * The phrase that says why joining failed, by the server's status and, for a 403, its
 * reason: a banned player is told they were removed, not that the game is locked or full.
 * @param {number} status
 * @param {string} [reason]
 */
function joinProblem(status, reason) {
  if (status === 403) {
    /** @type {Record<string, string>} */
    const reasons = {
      banned: "liveBannedOut", locked: "liveLockedOut", full: "liveFull", not_on_roster: "liveNotOnRoster",
    };
    return (reason && reasons[reason]) || "liveCannotJoin";
  }
  /** @type {Record<number, string>} */
  const phrases = {
    409: "liveNameTaken", 422: "liveBadName", 410: "liveGameOver", 429: "liveTooManyTries", 404: "liveNoSuchGame",
  };
  return phrases[status] || "liveNetworkError";
}

/** The wait before the first try to reconnect, in milliseconds. */
const firstRetryDelay = 1000;

/**
 * The wait before the next try to reconnect: twice the last, up to 15 seconds.
 * @param {number} delay the last wait, in milliseconds
 */
function nextRetryDelay(delay) {
  return Math.min(delay * 2, 15000);
}

/**
 * The countdown as a question opens with `remaining` milliseconds: the time said to a
 * screen reader, and whether that was five seconds or less already.
 * @param {number} remaining
 * @param {Say} say
 * @returns {{ announce: string, warned: boolean }}
 */
function countdownOpening(remaining, say) {
  return { announce: say("secondsLeftAnnouncement", { seconds: Math.ceil(remaining / 1000) }), warned: remaining <= 5000 };
}

/**
 * The countdown at `left` seconds: the clock's text, and what to say to a screen reader
 * (when five seconds are left, once).
 * @param {number} left
 * @param {boolean} warned whether the five seconds were said already
 * @param {Say} say
 * @returns {{ clock: string, announce: string | null, warned: boolean }}
 */
function countdown(left, warned, say) {
  const clock = left > 0 ? Math.ceil(left) + " s" : say("liveTimeUp");
  if (warned || left > 5) return { clock, announce: null, warned };
  return { clock, announce: say("secondsLeftAnnouncement", { seconds: 5 }), warned: true };
}

/**
 * What becomes of an answer the phone could not send (the server out of reach), once the
 * game says where it is: sent now, its question still open and not answered; forgotten, an
 * earlier try got in; or said not sent, the question closed (or another came, or it was
 * asked again: the new asking takes a fresh answer). Never lost without a word.
 * @param {number} question the unsent answer's question
 * @param {"lobby" | "question" | "closed" | "over"} name the state the stream says
 * @param {GameState} data
 * @param {number} [asked] the asking the answer was given to (its question's `asked`)
 * @returns {"send" | "taken" | "closed"}
 */
function unsentAnswer(question, name, data, asked) {
  if (name === "question" && data.index === question && data.asked === asked) {
    return data.answered === true ? "taken" : "send";
  }
  return "closed";
}

module.exports = {
  answerFace, answerLetter, answerOutcome, answeredLine, countdown, countdownOpening, finalPlace, firstRetryDelay, hostToggles, isNewQuestion,
  joinProblem, lobbyPlayers, nextLabel, nextRetryDelay, numericTally, pickedLine, picksToSend, progress, ranked, rightAnswers, standingLine,
  tallied, tapAnswer, unsentAnswer, verdict,
};
