"use strict";
// The editor's form, drawn from the topic: the options, then each set with its questions,
// answers, picture and numeric answer, and the buttons that change them. Every field has
// a `data-path` (where its value lives in the topic, and where a problem of the server's
// goes) and buttons a `data-action`; the topic's text goes in as text and values, never
// as markup.
const { build } = require("./page.js");
const { answerId, isMadeUp, questionId, rightLetters } = require("./editor-topic.js");

/** @typedef {import("./editor-topic.js").Topic} Topic */
/** @typedef {import("./editor-topic.js").Question} Question */
/** @typedef {Record<string, string | number | boolean | null | undefined>} Attributes */

class TopicForm {
  /**
   * @param {HTMLFormElement} form
   * @param {import("./page.js").Say} say
   */
  constructor(form, say) {
    this.form = form;
    this.say = say;
  }

  /**
   * The form for `topic`, the page kept where it was; the focus on the field whose
   * `data-focus` is `focus`, if any.
   * @param {Topic} topic
   * @param {{ saved: boolean, focus?: string | null }} state whether the topic was ever saved
   */
  render(topic, state) {
    const scroll = window.scrollY;
    this.form.replaceChildren(
      this.options(topic),
      ...topic.sets.map((set, index) => this.set(topic, set, index, state.saved)),
      build("p", {}, this.button(this.say("addSet"), "add-set", {}, "secondary")));
    this.form.hidden = false;
    topic.sets.forEach((set, setIndex) => set.forEach((question, index) => this.showRightCount(question, setIndex, index)));
    window.scrollTo(0, scroll);
    if (state.focus) {
      const target = this.form.querySelector('[data-focus="' + state.focus + '"]');
      if (target instanceof HTMLElement) target.focus();
    }
  }

  /**
   * A button that does `action` for what `data` names (`data-set`, `data-question`, …).
   * @param {string} label
   * @param {string} action
   * @param {Record<string, number>} data
   * @param {string | null} kind its classes
   * @param {Attributes} [extra]
   */
  button(label, action, data, kind, extra) {
    /** @type {Attributes} */
    const attributes = { type: "button", class: kind, "data-action": action, text: label };
    for (const [key, value] of Object.entries(data)) attributes["data-" + key] = value;
    return build("button", { ...attributes, ...extra });
  }

  /**
   * A labelled row.
   * @param {string} label
   * @param {string} id the input's
   * @param {HTMLElement} input
   */
  static row(label, id, input) {
    return build("div", { class: "row" }, build("label", { for: id, text: label }), input);
  }

  /** @param {Topic} topic */
  options(topic) {
    const options = topic.options;
    const say = this.say;
    /**
     * @param {string} key
     * @param {string} label
     * @param {boolean} fallback the app's default
     */
    const check = (key, label, fallback) => {
      const id = "option-" + key;
      const value = options[key] === undefined || options[key] === null ? fallback : Boolean(options[key]);
      return build("div", { class: "row check" },
        build("input", { type: "checkbox", id, "data-path": "options." + key, checked: value }),
        build("label", { for: id, text: label }));
    };
    return build("fieldset", { class: "card", "data-path": "options" },
      build("legend", { text: say("topicLegend") }),
      TopicForm.row(say("nameLabel"), "option-name",
        build("input", { type: "text", id: "option-name", "data-path": "options.name", value: options.name || "",
          maxlength: 200 })),
      TopicForm.row(say("secondsPerSetLabel"), "option-time",
        build("input", { type: "number", id: "option-time", min: 0, step: 1, "data-path": "options.timePerSetInSeconds",
          value: options.timePerSetInSeconds ? String(options.timePerSetInSeconds) : "" })),
      check("questionsInRandomOrder", say("randomOrderOption"), true),
      check("helpButtonEnabled", say("helpOption"), true),
      check("showCorrectIncorrectAnswer", say("verdictsOption"), true),
      check("multipleCorrectAnswersAsMandatory", say("mandatoryOption"), false));
  }

  /**
   * @param {Topic} topic
   * @param {Question[]} set
   * @param {number} setIndex
   * @param {boolean} saved
   */
  set(topic, set, setIndex, saved) {
    const say = this.say;
    const names = topic.options.setNames || [];
    const id = "set-" + setIndex;
    const number = setIndex + 1;
    const data = { set: setIndex };
    return build("section", { class: "card set", "data-path": "sets[" + setIndex + "]", "aria-labelledby": id + "-title" },
      build("h2", { id: id + "-title", text: say("setLegend", { number }) }),
      TopicForm.row(say("setNameLabel"), id + "-name",
        build("input", { type: "text", id: id + "-name", "data-path": "options.setNames[" + setIndex + "]",
          value: names[setIndex] || "" })),
      build("div", { class: "tools" },
        this.button(say("moveUp"), "set-up", data, "secondary",
          { disabled: setIndex === 0, "data-focus": "set-up-" + setIndex }),
        this.button(say("moveDown"), "set-down", data, "secondary",
          { disabled: setIndex === topic.sets.length - 1, "data-focus": "set-down-" + setIndex }),
        this.button(say("deleteItem"), "set-delete", data, "secondary danger",
          { "aria-label": say("deleteItem") + " " + say("setLegend", { number }) })),
      build("ol", { class: "questions" }, set.map((question, index) => this.question(topic, question, setIndex, index, saved))),
      build("p", {}, this.button(say("addQuestion"), "question-add", data, "secondary",
        { "data-focus": "question-add-" + setIndex })));
  }

  /**
   * @param {Topic} topic
   * @param {Question} question
   * @param {number} setIndex
   * @param {number} index
   * @param {boolean} saved
   */
  question(topic, question, setIndex, index, saved) {
    const say = this.say;
    const path = "sets[" + setIndex + "][" + index + "]";
    const id = questionId(setIndex, index);
    const number = index + 1;
    const data = { set: setIndex, question: index };
    const times = [];
    if (question.created) times.push(say("createdAt", { time: localTime(question.created) }));
    if (question.modified) times.push(say("changedAt", { time: localTime(question.modified) }));
    if (!question.created && !question.modified && !saved) times.push(say("notYetSaved"));
    const numeric = question.numericAnswer || {};
    return build("li", { class: "question", "data-path": path, id },
      build("h3", { text: say("questionLegend", { number }) }),
      times.length ? build("p", { class: "muted times", text: times.join(" · ") }) : null,
      build("label", { for: id + "-text", text: say("questionLabel") }),
      build("textarea", { id: id + "-text", rows: 2, "data-path": path + ".question", "data-focus": id + "-text" },
        question.question),
      build("fieldset", { class: "answer-editor", "data-path": path + ".answers" },
        build("legend", { text: say("answersLegend") }),
        build("ol", { class: "answer-list" }, question.answers.map((text, answer) => this.answer(question, text, answer, data))),
        build("p", { class: "right-count", id: id + "-right-count", "aria-live": "polite", hidden: true }),
        this.button(say("addAnswer"), "answer-add", data, "secondary", { "data-focus": "answer-add-" + setIndex + "-" + index })),
      this.picture(question, path, id, data, number),
      build("details", { class: "numeric", open: !!question.numericAnswer },
        build("summary", { text: say("numericLegend") }),
        TopicForm.row(say("numericValueLabel"), id + "-number",
          build("input", { type: "number", step: "any", id: id + "-number", "data-path": path + ".numericAnswer.value",
            value: numeric.value === undefined ? "" : numeric.value })),
        TopicForm.row(say("numericToleranceLabel"), id + "-tolerance",
          build("input", { type: "number", step: "any", min: 0, id: id + "-tolerance",
            "data-path": path + ".numericAnswer.tolerance", value: numeric.tolerance === undefined ? "" : numeric.tolerance }))),
      build("div", { class: "tools" },
        this.button(say("moveUp"), "question-up", data, "secondary", { disabled: index === 0, "data-focus": "question-up-" + id }),
        this.button(say("moveDown"), "question-down", data, "secondary",
          { disabled: index === topic.sets[setIndex].length - 1, "data-focus": "question-down-" + id }),
        topic.sets.length > 1 ? this.moveTargets(topic, setIndex, index) : null,
        this.button(say("duplicateQuestion"), "question-duplicate", data, "secondary"),
        this.button(say("deleteItem"), "question-delete", data, "secondary danger",
          { "aria-label": say("deleteItem") + " " + say("questionLegend", { number }) })));
  }

  /**
   * Says beside a question with more than one answer marked right how many, and which
   * ("2 right answers: A and C"): a second tick is seen, never assumed.
   * @param {Question} question
   * @param {number} setIndex
   * @param {number} index
   */
  showRightCount(question, setIndex, index) {
    const note = this.form.querySelector("#" + questionId(setIndex, index) + "-right-count");
    if (!(note instanceof HTMLElement)) return;
    const letters = rightLetters(question);
    note.hidden = letters.length < 2;
    note.textContent = letters.length < 2 ? "" : this.say("rightAnswersCount", {
      count: letters.length,
      answers: this.say("listAnd", { list: letters.slice(0, -1).join(", "), last: letters[letters.length - 1] }),
    });
  }

  /**
   * The list that moves question `index` of set `setIndex` to another set.
   * @param {Topic} topic
   * @param {number} setIndex
   * @param {number} index
   */
  moveTargets(topic, setIndex, index) {
    const say = this.say;
    const label = say("moveToSet") + " (" + say("questionLegend", { number: index + 1 }) + ")";
    const others = topic.sets.map((_, target) =>
      target === setIndex ? null : build("option", { value: target, text: say("setLegend", { number: target + 1 }) }));
    return build("select", { "data-action-select": "question-move", "data-set": setIndex, "data-question": index,
      "aria-label": label }, build("option", { value: "", text: say("moveToSet") }), others);
  }

  /**
   * An answer's row: whether it is right, its text, and its buttons.
   * @param {Question} question
   * @param {string} text
   * @param {number} answer
   * @param {{ set: number, question: number }} data
   */
  answer(question, text, answer, data) {
    const say = this.say;
    const id = answerId(data.set, data.question, answer);
    const path = "sets[" + data.set + "][" + data.question + "]";
    const label = say("answerLabel", { number: answer + 1 });
    const buttonData = { answer, ...data };
    return build("li", { class: "answer-row" },
      build("input", { type: "checkbox", id: id + "-right", "data-path": path + ".correctAnswers",
        "data-answer": answer, checked: question.correctAnswers.includes(answer),
        "aria-label": say("answerIsCorrect", { number: answer + 1 }) }),
      build("input", { type: "text", id, "data-path": path + ".answers[" + answer + "]", value: text,
        "aria-label": label, "data-focus": id, "aria-describedby": isMadeUp(question, answer) ? id + "-made-up" : null }),
      this.button("↑", "answer-up", buttonData, "secondary small",
        { disabled: answer === 0, "aria-label": say("moveUp") + ": " + label }),
      this.button("↓", "answer-down", buttonData, "secondary small",
        { disabled: answer === question.answers.length - 1, "aria-label": say("moveDown") + ": " + label }),
      this.button("✕", "answer-delete", buttonData, "secondary small",
        { "aria-label": say("deleteItem") + ": " + label }),
      // A choice the import made up for the number: said under it, so the teacher checks it.
      isMadeUp(question, answer) && question.numericAnswer
        ? build("span", { class: "muted made-up", id: id + "-made-up",
          text: say("draftMadeUpChoice", { number: String(question.numericAnswer.value) }) })
        : null);
  }

  /**
   * The question's picture: shown through this server (its own pictures, or the image
   * cache), so the page loads nothing from another host; and the ways to give it one.
   * @param {Question} question
   * @param {string} path
   * @param {string} id
   * @param {{ set: number, question: number }} data
   * @param {number} number
   */
  picture(question, path, id, data, number) {
    const say = this.say;
    const preview = question.imageURL
      ? build("img", { class: "picture", src: "/preview?url=" + encodeURIComponent(question.imageURL),
        alt: say("pictureAlt", { number }) })
      : null;
    /**
     * @param {string | null} capture
     * @param {string} label
     * @param {string} suffix
     */
    const upload = (capture, label, suffix) => build("span", { class: "file" },
      build("input", { type: "file", accept: "image/*", capture, id: id + suffix, class: "visually-hidden",
        "data-upload": "true", "data-set": data.set, "data-question": data.question }),
      build("label", { for: id + suffix, class: "button secondary", text: label }));
    // The app loads only https pictures: said where the picture is, as soon as it is added.
    const note = question.imageURL && !isHTTPS(question.imageURL)
      ? build("p", { class: "notice picture-note", text: say("pictureNotHTTPS") })
      : null;
    return build("div", { class: "picture-tools", "data-path": path + ".imageURL" },
      preview,
      note,
      build("div", { class: "tools" },
        upload("environment", say("takePhoto"), "-camera"),
        upload(null, say("choosePicture"), "-file"),
        this.button(say("drawPicture"), "draw", data, "secondary"),
        question.imageURL ? this.button(say("removePicture"), "picture-remove", data, "secondary") : null),
      TopicForm.row(say("imageURLLabel"), id + "-image",
        build("input", { type: "url", id: id + "-image", "data-path": path + ".imageURL", value: question.imageURL || "" })));
  }
}

/**
 * Whether `url` is an https address (the only pictures the Questions app loads).
 * @param {string} url
 */
function isHTTPS(url) {
  return /^https:\/\//i.test(url.trim());
}

/**
 * A time the server wrote (ISO 8601) in the page's language and the browser's zone.
 * @param {string} text
 */
function localTime(text) {
  const date = new Date(text);
  if (isNaN(date.getTime())) return text;
  return date.toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" });
}

module.exports = { TopicForm, isHTTPS, localTime };
