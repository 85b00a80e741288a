"use strict";
// The topic as the editor holds it (docs/FORMAT.md), and every change the form makes to
// it: typing in a field, the buttons that add, move and delete, a question moved to
// another set. Plain values and no document, so node's test runner checks it all
// (Tests/PageScripts/editor-topic.test.js); editor.js wires it to the form.

/**
 * @typedef {object} NumericAnswer
 * @property {number} [value]
 * @property {number} [tolerance]
 */

/**
 * A question: `correct` (one right answer, as some files have it) is merged into
 * `correctAnswers` when a topic is read. Keys the editor does not know are kept.
 * @typedef {object} Question
 * @property {string} question
 * @property {string[]} answers
 * @property {number[]} correctAnswers
 * @property {number | null} [correct]
 * @property {string} [imageURL]
 * @property {NumericAnswer} [numericAnswer]
 * @property {string} [created]
 * @property {string} [modified]
 * @property {string[]} [madeUpAnswers] the choices an importer made up for the number, by text
 */

/**
 * The topic's options: its name, time per set, the app's switches, the sets' names, and
 * any the editor does not know (kept as they are).
 * @typedef {{ name?: string, setNames?: string[], [key: string]: unknown }} Options
 */

/** @typedef {{ options: Options, sets: Question[][] }} Topic */

/**
 * A new question with `answers` empty answers, none of them marked right: the teacher
 * marks the right one (a tick the editor made would become a wrong answer key unnoticed).
 * @param {number} answers
 * @returns {Question}
 */
function blankQuestion(answers) {
  return { question: "", answers: Array.from({ length: answers }, () => ""), correctAnswers: [] };
}

/**
 * The letters of a question's right answers (A for the first answer), as the projector
 * and the phones show its answers.
 * @param {Question} question
 * @returns {string[]}
 */
function rightLetters(question) {
  return question.correctAnswers.map((index) => String.fromCharCode(65 + (index % 26)));
}

/**
 * The questions with more right answers than the topic's questions most often have (the
 * fewer, when two counts are as common), as `qrquiz validate` notes them (TopicNote.swift):
 * each with its place, its count and the usual count. None when all have as many.
 * @param {Topic} topic
 * @returns {{ set: number, index: number, count: number, usual: number }[]}
 */
function moreRightAnswers(topic) {
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const set of topic.sets) {
    for (const question of set) counts.set(question.correctAnswers.length, (counts.get(question.correctAnswers.length) || 0) + 1);
  }
  if (counts.size < 2) return [];
  let usual = -1;
  for (const [count, times] of counts) {
    const best = counts.get(usual) || 0;
    if (usual === -1 || times > best || (times === best && count < usual)) usual = count;
  }
  /** @type {{ set: number, index: number, count: number, usual: number }[]} */
  const found = [];
  topic.sets.forEach((set, setIndex) => set.forEach((question, index) => {
    if (question.correctAnswers.length > usual) found.push({ set: setIndex, index, count: question.correctAnswers.length, usual });
  }));
  return found;
}

/**
 * The topic `data` (as the API gives it) ready to edit: options and sets always there,
 * and `correct` merged into `correctAnswers`, as the app merges them.
 * @param {any} data
 * @returns {Topic}
 */
function prepared(data) {
  const topic = data || { sets: [] };
  topic.options = topic.options || {};
  topic.sets = topic.sets || [];
  for (const set of topic.sets) {
    for (const question of set) {
      const right = new Set(question.correctAnswers || []);
      if (question.correct !== undefined && question.correct !== null) right.add(question.correct);
      delete question.correct;
      question.correctAnswers = sorted(right);
    }
  }
  return topic;
}

/**
 * The topic as it is saved: empty options and set names left out, as the app's own
 * files do.
 * @param {Topic} topic
 * @returns {string} JSON
 */
function outgoing(topic) {
  /** @type {{ options?: Options, sets: Question[][] }} */
  const copy = JSON.parse(JSON.stringify(topic));
  const options = copy.options || {};
  if (options.setNames && options.setNames.every((text) => !text)) delete options.setNames;
  for (const key of Object.keys(options)) if (options[key] === null || options[key] === "") delete options[key];
  if (Object.keys(options).length === 0) delete copy.options;
  return JSON.stringify(copy);
}

/**
 * The sets' names, one per set (empty for a set without one).
 * @param {Topic} topic
 * @returns {string[]}
 */
function setNames(topic) {
  const names = topic.options.setNames || [];
  while (names.length < topic.sets.length) names.push("");
  names.length = topic.sets.length;
  topic.options.setNames = names;
  return names;
}

/**
 * The question's id in the form (`q-0-2`), which its fields' ids and focus keys start with.
 * @param {number} set
 * @param {number} index
 */
function questionId(set, index) {
  return "q-" + set + "-" + index;
}

/**
 * The id (and focus key) of an answer's text field.
 * @param {number} set
 * @param {number} index
 * @param {number} answer
 */
function answerId(set, index, answer) {
  return questionId(set, index) + "-a" + answer;
}

/**
 * What a question field's `data-path` names (`sets[0][2].answers[1]`,
 * `sets[0][2].numericAnswer.value`).
 * @param {string} path
 * @returns {{ set: number, question: number, key: string, index: number | null, sub: string | null } | null}
 */
function parsePath(path) {
  const match = /^sets\[(\d+)\]\[(\d+)\]\.(\w+)(?:\[(\d+)\])?(?:\.(\w+))?$/.exec(path);
  if (!match) return null;
  return {
    set: Number(match[1]), question: Number(match[2]), key: match[3],
    index: match[4] === undefined ? null : Number(match[4]), sub: match[5] || null,
  };
}

/**
 * What a field holds as it is typed in: a checkbox's state, or its text (a number
 * field's too); `answer` for a right-answer checkbox.
 * @typedef {{ kind: "checkbox" | "number" | "text", value: string, checked: boolean, answer?: number }} Typed
 */

/**
 * The topic with what was typed in the field at `path`.
 * @param {Topic} topic
 * @param {string} path
 * @param {Typed} typed
 */
function applyTyping(topic, path, typed) {
  const setName = /^options\.setNames\[(\d+)\]$/.exec(path);
  if (setName) {
    setNames(topic)[Number(setName[1])] = typed.value;
    return;
  }
  if (path.startsWith("options.")) {
    const key = path.slice("options.".length);
    if (typed.kind === "checkbox") topic.options[key] = typed.checked;
    else if (typed.kind === "number") topic.options[key] = typed.value === "" ? null : Number(typed.value);
    else topic.options[key] = typed.value;
    return;
  }
  const at = parsePath(path);
  if (!at) return;
  const question = topic.sets[at.set][at.question];
  if (at.key === "question") {
    question.question = typed.value;
  } else if (at.key === "answers" && at.index !== null) {
    question.answers[at.index] = typed.value;
  } else if (at.key === "imageURL") {
    if (typed.value) question.imageURL = typed.value;
    else delete question.imageURL;
  } else if (at.key === "correctAnswers" && typed.answer !== undefined) {
    const right = new Set(question.correctAnswers);
    if (typed.checked) right.add(typed.answer);
    else right.delete(typed.answer);
    question.correctAnswers = sorted(right);
  } else if (at.key === "numericAnswer" && (at.sub === "value" || at.sub === "tolerance")) {
    const numeric = question.numericAnswer || {};
    if (typed.value === "") delete numeric[at.sub];
    else numeric[at.sub] = Number(typed.value);
    if (numeric.value === undefined) delete question.numericAnswer;
    else question.numericAnswer = numeric;
  }
}

/**
 * Whether answer `index` of `question` is a choice an importer made up for its typed
 * number (docs/FORMAT.md's `madeUpAnswers`): marked as such until its text is changed.
 * @param {Question} question
 * @param {number} index
 */
function isMadeUp(question, index) {
  return !!question.numericAnswer && Array.isArray(question.madeUpAnswers)
    && question.madeUpAnswers.includes(question.answers[index]);
}

/**
 * `list` with its item at `from` moved to `to`.
 * @template T
 * @param {T[]} list
 * @param {number} from
 * @param {number} to
 */
function move(list, from, to) {
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item);
}

/**
 * The topic after one of the form's buttons (`data-action`) for the set, question and
 * answer it names; `focus` is the field to put the focus on then. `null` for an action
 * that does not change the topic.
 * @param {Topic} topic
 * @param {string} action
 * @param {{ set: number, question: number, answer: number }} at
 * @returns {{ focus: string | null } | null}
 */
function applyAction(topic, action, at) {
  const { set, question: index, answer } = at;
  const questions = topic.sets[set];
  switch (action) {
    case "add-set":
      topic.sets.push([blankQuestion(4)]);
      if (topic.options.setNames) setNames(topic);
      return { focus: "question-add-" + (topic.sets.length - 1) };
    case "set-up":
    case "set-down": {
      const to = action === "set-up" ? set - 1 : set + 1;
      move(topic.sets, set, to);
      if (topic.options.setNames) move(setNames(topic), set, to);
      return { focus: action + "-" + to };
    }
    case "set-delete":
      topic.sets.splice(set, 1);
      if (topic.options.setNames) topic.options.setNames.splice(set, 1);
      return { focus: null };
    case "question-add": {
      // As many answers as the set's last question has.
      const answers = questions.length ? questions[questions.length - 1].answers.length : 4;
      questions.push(blankQuestion(answers));
      return { focus: questionId(set, questions.length - 1) + "-text" };
    }
    case "question-up":
    case "question-down": {
      const to = action === "question-up" ? index - 1 : index + 1;
      move(questions, index, to);
      return { focus: action + "-" + questionId(set, to) };
    }
    case "question-duplicate": {
      /** @type {Question} */
      const copy = JSON.parse(JSON.stringify(questions[index]));
      // A copy is a new question: the server dates it when it is saved.
      delete copy.created;
      delete copy.modified;
      questions.splice(index + 1, 0, copy);
      return { focus: questionId(set, index + 1) + "-text" };
    }
    case "question-delete":
      questions.splice(index, 1);
      return { focus: null };
    case "answer-add":
      questions[index].answers.push("");
      return { focus: answerId(set, index, questions[index].answers.length - 1) };
    case "answer-up":
    case "answer-down":
    case "answer-delete": {
      const to = changeAnswer(questions[index], action, answer);
      return { focus: to === null ? null : answerId(set, index, to) };
    }
    case "picture-remove":
      delete questions[index].imageURL;
      return { focus: null };
    default:
      return null;
  }
}

/**
 * An answer moved up, down or deleted, the right answers following their answers.
 * @param {Question} question
 * @param {"answer-up" | "answer-down" | "answer-delete"} action
 * @param {number} answer
 * @returns {number | null} where the answer went, unless it was deleted
 */
function changeAnswer(question, action, answer) {
  const right = question.answers.map((_, position) => question.correctAnswers.includes(position));
  let focus = null;
  if (action === "answer-delete") {
    question.answers.splice(answer, 1);
    right.splice(answer, 1);
  } else {
    const to = action === "answer-up" ? answer - 1 : answer + 1;
    move(question.answers, answer, to);
    move(right, answer, to);
    focus = to;
  }
  question.correctAnswers = right.flatMap((isRight, position) => (isRight ? [position] : []));
  return focus;
}

/**
 * The topic with question `index` of set `from` moved to the end of set `to`.
 * @param {Topic} topic
 * @param {number} from
 * @param {number} index
 * @param {number} to
 */
function moveToSet(topic, from, index, to) {
  const [question] = topic.sets[from].splice(index, 1);
  topic.sets[to].push(question);
}

/**
 * Whether a character cannot be in a file name: a slash, a backslash or a control
 * character.
 * @param {string} character
 */
function isUnsafeInFileName(character) {
  const code = character.codePointAt(0) || 0;
  return character === "/" || character === "\\" || code < 0x20 || code === 0x7f;
}

/**
 * The file name a new topic is saved under: its name, made safe as the server does.
 * @param {string} name
 */
function fileName(name) {
  let safe = Array.from(name, (character) => (isUnsafeInFileName(character) ? "_" : character)).join("");
  safe = safe.trim().replace(/^\.+/, "");
  if (safe.toLowerCase().endsWith(".json")) safe = safe.slice(0, -".json".length);
  return safe || "topic";
}

/**
 * Of the form's fields (their `data-path`s), the one a problem at `path` belongs to: the
 * longest that is `path` or contains it. -1 for none.
 * @param {string[]} fields
 * @param {string} path
 */
function fieldOfProblem(fields, path) {
  let best = -1;
  fields.forEach((own, index) => {
    const contains = path === own || path.startsWith(own + ".") || path.startsWith(own + "[");
    if (contains && (best === -1 || own.length > fields[best].length)) best = index;
  });
  return best;
}

/**
 * A refused save's problems without "duplicates answer N" where that answer is empty: a
 * new topic's blank answers all duplicate each other, and "the answer is empty" beside
 * each says it already.
 * @template {{ path: string, kind?: string }} P
 * @param {P[]} problems
 * @returns {P[]}
 */
function withoutDuplicatesOfEmpty(problems) {
  const empty = new Set(problems.filter((problem) => problem.kind === "emptyAnswer").map((problem) => problem.path));
  return problems.filter((problem) => !(problem.kind === "incorrectAnswersCount" && empty.has(problem.path)));
}

/**
 * @param {Set<number>} numbers
 * @returns {number[]}
 */
function sorted(numbers) {
  return Array.from(numbers).sort((a, b) => a - b);
}

module.exports = {
  answerId, applyAction, applyTyping, blankQuestion, fieldOfProblem, fileName, isMadeUp, moveToSet, outgoing,
  parsePath, prepared, questionId, setNames, withoutDuplicatesOfEmpty, rightLetters, moreRightAnswers,
};
