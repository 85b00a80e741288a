"use strict";
// Versions of a topic, question by question: a saved version compared with the current
// topic (added, removed, changed), and two teachers' saves merged ("save mine over
// theirs" keeps their changes to the questions I did not change; a conflict only where
// both changed the same question). A question is known across versions by when the
// server first saved it (`created`), else by its text, else by its place. Plain
// values, so node's test runner checks it (Tests/PageScripts/editor-versions.test.js).
const { setNames } = require("./editor-topic.js");

/** @typedef {import("./editor-topic.js").Topic} Topic */
/** @typedef {import("./editor-topic.js").Question} Question */

/**
 * `value` as JSON with every object's keys sorted: two equal values, one text.
 * @param {unknown} value
 * @returns {string}
 */
function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    const object = /** @type {Record<string, unknown>} */ (value);
    return "{" + Object.keys(object).filter((key) => object[key] !== undefined).sort()
      .map((key) => JSON.stringify(key) + ":" + canonical(object[key])).join(",") + "}";
  }
  return JSON.stringify(value === undefined ? null : value);
}

/**
 * Whether two questions say the same (their edit times aside).
 * @param {Question} one
 * @param {Question} other
 */
function sameQuestion(one, other) {
  const strip = (/** @type {Question} */ question) => ({ ...question, created: undefined, modified: undefined });
  return canonical(strip(one)) === canonical(strip(other));
}

/** @typedef {{ question: Question, set: number, index: number }} Placed a question, and where it is */

/**
 * The words of `text` that say something: lower case, three letters or more.
 * @param {string} text
 */
function wordsOf(text) {
  return new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3));
}

/**
 * Whether `other`, found at the place of `original` with another text, is `original`
 * edited rather than a new question put where a deleted one was. An edit of the text
 * keeps the answers (an edit of the answers keeps the text, and is paired by its text
 * already); two answers (true/false, yes/no) are too common to tell, so their texts must
 * also share a word. Taking a new question for an edited one made a false conflict when
 * the other teacher had changed the deleted one.
 * @param {Question} other
 * @param {Question} original
 */
function editedInPlace(other, original) {
  if (canonical(other.answers) !== canonical(original.answers)) return false;
  if (original.answers.length > 2) return true;
  const words = wordsOf(original.question);
  return [...wordsOf(other.question)].some((word) => words.has(word));
}

/**
 * The questions of `base` and of each of `others`, by keys they share: a question of
 * another version gets the key of the base question it is — the same `created` (the
 * server's date, which its saves keep); else, among the rest, the same text; else the
 * same place with the marks of an edit (a question saved before the editor dated
 * questions, then changed, is dated anew: ``editedInPlace``) — or a key of its own.
 * @param {Topic} base
 * @param {Topic[]} others
 * @returns {{ base: Map<string, Placed>, others: Map<string, Placed>[] }}
 */
function keysOf(base, others) {
  /** @param {Topic} topic */
  const placed = (topic) => topic.sets.flatMap((questions, set) =>
    questions.map((question, index) => ({ question, set, index })));
  const originals = placed(base).map((at, number) => ({ ...at, key: "b" + number }));
  const byKey = new Map(originals.map((at) => [at.key, { question: at.question, set: at.set, index: at.index }]));
  const mapped = others.map((other, side) => {
    const entries = placed(other);
    /** @type {(string | null)[]} */
    const keys = entries.map(() => null);
    const taken = new Set();
    /** @param {(at: Placed, original: Placed) => boolean} same */
    const pair = (same) => entries.forEach((at, position) => {
      if (keys[position] !== null) return;
      const found = originals.find((original) => !taken.has(original.key) && same(at, original));
      if (found) {
        keys[position] = found.key;
        taken.add(found.key);
      }
    });
    pair((at, original) => Boolean(at.question.created) && at.question.created === original.question.created);
    pair((at, original) => at.question.question === original.question.question);
    pair((at, original) => at.set === original.set && at.index === original.index &&
      editedInPlace(at.question, original.question));
    /** @type {Map<string, Placed>} */
    const map = new Map();
    entries.forEach((at, position) => map.set(keys[position] || "n" + side + ":" + position, at));
    return map;
  });
  return { base: byKey, others: mapped };
}

/**
 * A version compared with the current topic, for reading: the version's questions in
 * its sets, each `same`, `changed` (with the current text) or `removed` (not in the
 * current topic); and the current topic's questions the version does not have (`added`).
 * @param {Topic} version
 * @param {Topic} current
 */
function compare(version, current) {
  const { base: then, others: [now] } = keysOf(version, [current]);
  /** @type {{ question: Question, status: "same" | "changed" | "removed", current: Question | null }[][]} */
  const sets = version.sets.map(() => []);
  for (const [key, at] of then) {
    const match = now.get(key);
    const status = !match ? "removed" : sameQuestion(at.question, match.question) ? "same" : "changed";
    sets[at.set].push({ question: at.question, status, current: match ? match.question : null });
  }
  const added = [...now.entries()].filter(([key]) => !then.has(key)).map(([, at]) => at);
  return { sets, added };
}

/**
 * Two saves of one topic merged: `base` is what I opened, `mine` what I have now,
 * `theirs` what was saved meanwhile. Each question as whoever changed it has it; both
 * changed it differently: a conflict (mine is in the topic, theirs offered). A question
 * one deleted and the other changed is kept as changed: nothing written is lost. Their
 * new questions join their sets. The options merge key by key the same way.
 * @param {Topic} base
 * @param {Topic} mine
 * @param {Topic} theirs
 * @returns {{ topic: Topic, conflicts: { set: number, index: number, mine: Question, theirs: Question }[] }}
 */
function merge(base, mine, theirs) {
  const { base: before, others: [own, other] } = keysOf(base, [mine, theirs]);
  /** @type {Question[][]} */
  const sets = mine.sets.map(() => []);
  /** @type {{ set: number, index: number, mine: Question, theirs: Question }[]} */
  const conflicts = [];
  for (const [key, at] of own) {
    const was = before.get(key);
    const their = other.get(key);
    const question = at.question;
    if (!was) {
      sets[at.set].push(question);
    } else if (!their) {
      // They deleted it: gone, unless I changed it.
      if (!sameQuestion(question, was.question)) sets[at.set].push(question);
    } else if (sameQuestion(question, was.question)) {
      sets[at.set].push(their.question);
    } else if (sameQuestion(their.question, was.question) || sameQuestion(their.question, question)) {
      sets[at.set].push(question);
    } else {
      conflicts.push({ set: at.set, index: sets[at.set].length, mine: question, theirs: their.question });
      sets[at.set].push(question);
    }
  }
  for (const [key, at] of other) {
    if (own.has(key)) continue;
    const was = before.get(key);
    // Theirs alone (new, or changed where I deleted it): in their set, or my last one.
    if (was && sameQuestion(at.question, was.question)) continue;
    if (!sets.length) sets.push([]);
    sets[Math.min(at.set, sets.length - 1)].push(at.question);
  }
  /** @type {Topic} */
  const topic = { options: mergeOptions(base.options, mine.options, theirs.options), sets };
  const names = topic.options.setNames ? setNames({ options: { ...topic.options }, sets: mine.sets }) : null;
  // A set left empty (they deleted all of it) goes, with its name.
  const kept = sets.map((questions, index) => ({ questions, name: names ? names[index] : "" }))
    .filter((set) => set.questions.length);
  if (kept.length !== sets.length) {
    for (const conflict of conflicts) conflict.set = kept.findIndex((set) => set.questions === sets[conflict.set]);
  }
  topic.sets = kept.map((set) => set.questions);
  if (names) topic.options.setNames = kept.map((set) => set.name);
  return { topic, conflicts };
}

/**
 * The options merged key by key: mine where I changed it, else theirs.
 * @param {import("./editor-topic.js").Options} base
 * @param {import("./editor-topic.js").Options} mine
 * @param {import("./editor-topic.js").Options} theirs
 */
function mergeOptions(base, mine, theirs) {
  /** @type {import("./editor-topic.js").Options} */
  const options = {};
  for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])) {
    const changedByMe = canonical(mine[key]) !== canonical(base[key]);
    const value = changedByMe || key === "setNames" ? mine[key] : theirs[key];
    if (value !== undefined) options[key] = value;
  }
  return options;
}

module.exports = { canonical, compare, keysOf, merge, sameQuestion };
