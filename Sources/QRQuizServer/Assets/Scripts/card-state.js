"use strict";
// What the pages show of answer cards (docs/CARDS.md) for the events and answers the
// server sends, as plain values: no document, camera or network here, so node's test
// runner checks it all (Tests/PageScripts/card-state.test.js). live-cards.js and
// live-scanner.js put it on screen.

/** @typedef {import("./page.js").Say} Say */

/**
 * The host's card members of a question's events: the cards held up and those seen.
 * @typedef {{ cards?: number[], seen?: number[] }} CardEvent
 */

/**
 * A card of the projector's grid.
 * @typedef {{ card: number, seen: boolean, label: string }} GridCard
 */

/**
 * The projector's grid for an open question: every card held up, in card order, seen or
 * not yet (never what it answered); `null` when the event has no cards (a game without a
 * class, or no question open).
 * @param {CardEvent} event
 * @param {Say} say
 * @returns {{ cards: GridCard[], count: string, allSeen: boolean } | null}
 */
function cardGrid(event, say) {
  if (!Array.isArray(event.cards)) return null;
  const seen = new Set(event.seen || []);
  const cards = event.cards.map((card) => {
    const isSeen = seen.has(card);
    return { card, seen: isSeen, label: say(isSeen ? "cardSeen" : "cardNotSeen", { card }) };
  });
  const seenCount = cards.filter((card) => card.seen).length;
  const allSeen = cards.length > 0 && seenCount === cards.length;
  const count = allSeen ? say("cardAllSeen") : say("cardSeenOf", { seen: seenCount, count: cards.length });
  return { cards, count, allSeen };
}

/**
 * A player as the host's lists show them: "Ada · card 3" for a student holding a card.
 * @param {string} name
 * @param {number | null | undefined} card
 * @param {Say} say
 */
function playerLabel(name, card, say) {
  return typeof card === "number" ? say("cardPlayerName", { name, card }) : name;
}

/**
 * The answer to a frame or photo posted (LiveArea+Cards.swift), as the pages say it.
 * @typedef {object} ScanAnswer
 * @property {{ card: number, answer: string, name: string | null, new: boolean }[]} seen
 * @property {number} ignored
 * @property {{ card: number, reason: string }[]} [ignored_cards] cards read and not counted, and why
 * @property {Record<string, number>} [ignored_unread] markers not read as a card's answer, by why
 * @property {number | null} question
 * @property {string[]} [letters] the open question's letters (A, B …)
 * @property {{ card: number, name: string }[]} [not_seen] the class's cards not seen yet
 */

/** The phrase of each reason a card read is not counted. */
const refusalPhrases = /** @type {Record<string, string>} */ ({
  not_an_answer: "cardNotAnAnswer", by_phone: "cardByPhone", held_up_before: "cardHeldUpBefore",
  not_in_game: "cardNotInGame",
});

/** The phrase of each reason a marker is not read as an answer. */
const unreadPhrases = /** @type {Record<string, string>} */ ({
  not_in_class: "cardOtherClass", between_letters: "cardBetweenLetters", two_answers: "cardTwoAnswers",
});

/**
 * The cards `answer` did not count for `reason`, as "3, 7, 12" (empty: none), and how
 * many they are (the phrases say "Card 26" for one).
 * @param {ScanAnswer} answer
 * @param {string} reason
 * @returns {{ cards: string, count: number }}
 */
function cardsRefused(answer, reason) {
  const numbers = (answer.ignored_cards || []).filter((card) => card.reason === reason).map((card) => card.card)
    .sort((a, b) => a - b);
  return { cards: numbers.join(", "), count: numbers.length };
}

/**
 * What the scan page says of a photo read: how many cards, how many new, when no question
 * is open that nothing was counted, and each reason a card was not counted, with its
 * cards.
 * @param {ScanAnswer} answer
 * @param {Say} say
 * @returns {string[]} the lines, in order
 */
function scanSummary(answer, say) {
  if (answer.seen.length === 0 && answer.ignored === 0) return [say("cardReadNone")];
  const fresh = answer.seen.filter((card) => card.new).length;
  const lines = [say("cardRead", { count: answer.seen.length, new: fresh })];
  if (answer.question === null) lines.push(say("cardNotCounted"));
  if (cardsRefused(answer, "asks_a_number").count) lines.push(say("cardAsksNumber"));
  for (const [reason, phrase] of Object.entries(refusalPhrases)) {
    const { cards, count } = cardsRefused(answer, reason);
    if (count) lines.push(say(phrase, { cards, count, letters: (answer.letters || []).join(", ") }));
  }
  for (const [reason, phrase] of Object.entries(unreadPhrases)) {
    const count = (answer.ignored_unread || {})[reason] || 0;
    if (count > 0) lines.push(say(phrase, { count }));
  }
  return lines;
}

/**
 * The class's students whose card is not seen yet for the open question: "7 Émilie Dubois,
 * 12 Lucas Moreau" (empty: none, or no question open).
 * @param {ScanAnswer} answer
 * @param {Say} say
 */
function notYetSeen(answer, say) {
  const missing = answer.not_seen || [];
  if (missing.length === 0) return "";
  return say("cardNotYetSeen", { cards: missing.map((student) => student.card + " " + student.name).join(", ") });
}

/**
 * What the host's camera says of a frame: the cards still showing the last question's
 * answer, or `null` when none is.
 * @param {ScanAnswer} answer
 * @param {Say} say
 * @returns {string | null}
 */
function cameraNotice(answer, say) {
  const { cards, count } = cardsRefused(answer, "held_up_before");
  return count ? say("cardHeldUpBefore", { cards, count }) : null;
}

/**
 * The cards a photo showed, by number: "Seen: 1, 3, 12".
 * @param {ScanAnswer} answer
 * @param {Say} say
 */
function seenList(answer, say) {
  if (answer.seen.length === 0) return "";
  const numbers = answer.seen.map((card) => card.card).sort((a, b) => a - b);
  return say("cardSeenList", { cards: numbers.join(", ") });
}

/**
 * A frame's or photo's size once made small enough to send: at most `limit` pixels, the
 * same shape (a 48 MP phone photo becomes 12 MP; a webcam frame stays as it is).
 * @param {number} width
 * @param {number} height
 * @param {number} limit
 * @returns {{ width: number, height: number }}
 */
function fittedSize(width, height, limit) {
  if (width * height <= limit) return { width, height };
  const scale = Math.sqrt(limit / (width * height));
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

module.exports = { cameraNotice, cardGrid, fittedSize, notYetSeen, playerLabel, scanSummary, seenList };
