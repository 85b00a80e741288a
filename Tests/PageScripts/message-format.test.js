"use strict";
// The pages' message grammar against the cases the Swift MessageTemplate passes too.
const { test } = require("node:test");
const assert = require("node:assert/strict");
/**
 * The shared cases: templates with their arguments and text, and refusals with their words.
 * @typedef {object} Cases
 * @property {{ template: string, arguments: Record<string, string | number>, text: string, names: string[] }[]} renders
 * @property {{ template: string, error: string }[]} refuses
 */
const cases = /** @type {Cases} */ (/** @type {unknown} */ (require("../QRQuizTestSupport/Fixtures/message-templates.json")));
const {
  MessageSyntaxError, argumentNames, formatMessage, parseMessage, pluralCategory, renderMessage,
} = require("../../Sources/QRQuizServer/Assets/Scripts/message-format.js");

test("every shared case renders as it does in Swift, naming the same arguments", () => {
  for (const each of cases.renders) {
    const parts = parseMessage(each.template);
    assert.equal(renderMessage(parts, each.arguments), each.text, each.template);
    assert.deepEqual([...argumentNames(parts)].sort(), [...each.names].sort(), each.template);
  }
});

test("every shared broken case is refused with Swift's words", () => {
  for (const each of cases.refuses) {
    assert.throws(() => parseMessage(each.template), new MessageSyntaxError(each.error), each.template);
  }
});

test("one is the form of 1 alone, as in English and Spanish", () => {
  assert.equal(pluralCategory(1), "one");
  for (const count of [0, 2, 5, 21, -1, null]) assert.equal(pluralCategory(count), "other");
});

test("a message that does not parse is shown as it is, never thrown at the page", () => {
  assert.equal(formatMessage("{broken", { broken: 1 }), "{broken");
  assert.equal(formatMessage("{n, plural, one {# a} other {# as}}", { n: 1 }), "1 a");
  assert.equal(formatMessage("{name}"), "{name}");
});

test("a value is put in once, never read again as a placeholder", () => {
  assert.equal(formatMessage("{a} {b}", { a: "{b}", b: "{a}" }), "{b} {a}");
});
