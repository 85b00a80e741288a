"use strict";
// What the pages show of answer cards, with events and answers as the server writes them
// (LiveRoom+Events.swift, LiveArea+Cards.swift) and phrases rendered by name and values.
const { test } = require("node:test");
const assert = require("node:assert/strict");
const cards = require("../../Sources/QRQuizServer/Assets/Scripts/card-state.js");

/**
 * A phrase as its name and values, so a test sees which phrase was chosen with what.
 * @param {string} phrase
 * @param {Record<string, string | number>} [values]
 */
const say = (phrase, values) => phrase + (values ? " " + JSON.stringify(values) : "");

test("the grid shows every card held up, seen or not yet, and never an answer", () => {
  const grid = cards.cardGrid({ cards: [1, 2, 5], seen: [5, 1] }, say);
  if (grid === null) throw new Error("no grid");
  assert.deepEqual(grid.cards.map((card) => [card.card, card.seen]), [[1, true], [2, false], [5, true]]);
  assert.equal(grid.cards[1].label, 'cardNotSeen {"card":2}');
  assert.equal(grid.count, 'cardSeenOf {"seen":2,"count":3}');
  assert.equal(grid.allSeen, false);
  const all = cards.cardGrid({ cards: [1, 2], seen: [1, 2] }, say);
  assert.ok(all && all.allSeen && all.count === "cardAllSeen");
});

test("no grid without cards: a game of phones, or no question open", () => {
  assert.equal(cards.cardGrid({}, say), null);
  const empty = cards.cardGrid({ cards: [], seen: [] }, say);
  assert.ok(empty && !empty.allSeen, "a class whose students all answer by phone is never 'all seen'");
});

test("a student holding a card is named with it", () => {
  assert.equal(cards.playerLabel("Ada", 3, say), 'cardPlayerName {"name":"Ada","card":3}');
  assert.equal(cards.playerLabel("Visitor", null, say), "Visitor");
  assert.equal(cards.playerLabel("Visitor", undefined, say), "Visitor");
});

test("a photo read says how many cards, how many new, each reason one was not counted, and if nothing counted", () => {
  const seen = [
    { card: 12, answer: "A", name: "Ada", new: true }, { card: 3, answer: "C", name: "Bob", new: false },
  ];
  assert.deepEqual(cards.scanSummary({ seen, ignored: 0, question: 0 }, say), ['cardRead {"count":2,"new":1}']);
  assert.deepEqual(cards.scanSummary({ seen, ignored: 0, question: null }, say), [
    'cardRead {"count":2,"new":1}', "cardNotCounted",
  ]);
  const refused = {
    seen, ignored: 5, question: 1, letters: ["A", "B"],
    ignored_cards: [{ card: 9, reason: "not_an_answer" }, { card: 7, reason: "not_an_answer" },
      { card: 2, reason: "by_phone" }],
    ignored_unread: { not_in_class: 1, between_letters: 1, two_answers: 0, not_a_card: 0 },
  };
  assert.deepEqual(cards.scanSummary(refused, say), [
    'cardRead {"count":2,"new":1}', 'cardNotAnAnswer {"cards":"7, 9","count":2,"letters":"A, B"}',
    'cardByPhone {"cards":"2","count":1,"letters":"A, B"}', 'cardOtherClass {"count":1}',
    'cardBetweenLetters {"count":1}',
  ]);
  assert.deepEqual(cards.scanSummary({ seen: [], ignored: 0, question: 0 }, say), ["cardReadNone"]);
  assert.equal(cards.seenList({ seen, ignored: 0, question: 0 }, say), 'cardSeenList {"cards":"3, 12"}');
  assert.equal(cards.seenList({ seen: [], ignored: 1, question: 0 }, say), "");
});

test("a photo is made small enough to send, keeping its shape; a small one is left alone", () => {
  assert.deepEqual(cards.fittedSize(1280, 720, 12e6), { width: 1280, height: 720 });
  const big = cards.fittedSize(8000, 6000, 12e6);
  assert.ok(big.width * big.height <= 12e6 && big.width * big.height > 11.9e6);
  assert.equal(Math.round((big.width / big.height) * 100), 133);
});

test("the teacher's phone is told whose cards are not seen yet; the camera, which are still up", () => {
  const answer = {
    seen: [], ignored: 1, question: 0, ignored_cards: [{ card: 4, reason: "held_up_before" }],
    not_seen: [{ card: 7, name: "Émilie Dubois" }, { card: 12, name: "Lucas" }],
  };
  assert.equal(cards.notYetSeen(answer, say), 'cardNotYetSeen {"cards":"7 Émilie Dubois, 12 Lucas"}');
  assert.equal(cards.notYetSeen({ seen: [], ignored: 0, question: null }, say), "");
  assert.equal(cards.cameraNotice(answer, say), 'cardHeldUpBefore {"cards":"4","count":1}');
  assert.equal(cards.cameraNotice({ seen: [], ignored: 0, question: 0 }, say), null);
});
