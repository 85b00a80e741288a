"use strict";
// The topic editor (`/edit/NAME`, `/new`; Pages+Editor.swift): reads the topic from the
// API, lets the teacher change, add, move and delete sets, questions and answers, add
// pictures (uploaded, photographed or drawn), and saves with the ETag it read, showing
// each problem beside its field; a topic's earlier versions can be looked at and restored.
const { build, byId, phrasesOf } = require("./page.js");
const topics = require("./editor-topic.js");
const { TopicForm, isHTTPS, localTime } = require("./editor-form.js");
const { ProblemList } = require("./editor-problems.js");
const { DrawingDialog } = require("./editor-drawing.js");
const { TopicsAPI } = require("./editor-api.js");
const versions = require("./editor-versions.js");

/** @typedef {import("./editor-api.js").Answer} Answer */
/** @typedef {import("./editor-topic.js").Question} Question */
/** @typedef {{ set: Question[], index: number, question: Question }} Deleted a question deleted, and where it was */

/** The largest picture the server takes, in bytes (and in megabytes, as it is said). */
const maximumUpload = 8 * 1024 * 1024;

const editorRoot = document.getElementById("editor-root");
if (editorRoot) startEditor(editorRoot);

/** @param {HTMLElement} root */
function startEditor(root) {
  const say = phrasesOf(root);
  const formElement = byId("editor", HTMLFormElement);
  const form = new TopicForm(formElement, say);
  const problems = new ProblemList(formElement, byId("problems", HTMLElement), say);
  const drawing = new DrawingDialog(say);
  const api = new TopicsAPI(root.dataset.formTokenHeader || "", root.dataset.csrf || "");
  const statusLine = byId("status", HTMLElement);
  const conflict = byId("conflict", HTMLElement);
  /** @type {string | null} the topic's name in the library; null until a new one is saved */
  let name = root.dataset.name || null;
  /** @type {string | null} the version read, for If-Match */
  let etag = null;
  let topic = topics.prepared(null);
  /** @type {import("./editor-topic.js").Topic | null} the topic as it was read: what a merge starts from */
  let opened = null;
  let dirty = false;
  /** @type {Promise<Answer> | null} the save on its way: one at a time */
  let sending = null;
  /**
   * The question deleted last, to put back where it was (Undo, as a mail client offers it,
   * rather than asking first).
   * @type {Deleted | null}
   */
  let deleted = null;
  const undoBar = byId("undo-bar", HTMLElement);

  /** @param {string} text */
  const tell = (text) => {
    statusLine.textContent = text;
  };

  // The save bar sticks to the bottom of the window: the page keeps its height free when it
  // scrolls a field into view (focus, a problem's link), so no field is left under it.
  const savebar = byId("savebar", HTMLElement);
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--savebar-height", savebar.offsetHeight + "px");
  }).observe(savebar);
  // A text area focused is scrolled only as far as its caret (its first line): the rest of
  // it may still be under the bar, so the page goes on until the whole field is above it.
  formElement.addEventListener("focusin", (event) => {
    const field = event.target;
    if (!(field instanceof HTMLElement) || savebar.hidden) return;
    const bar = savebar.getBoundingClientRect();
    const box = field.getBoundingClientRect();
    if (box.bottom > bar.top && box.top < bar.bottom) window.scrollBy(0, Math.min(box.bottom - bar.top + 8, box.top));
  });

  /** @param {string | null} [focus] */
  function draw(focus) {
    form.render(topic, { saved: etag !== null, focus });
    byId("savebar", HTMLElement).hidden = false;
  }

  function changed() {
    dirty = true;
    tell(say("unsavedChanges"));
  }

  // MARK: Typing, buttons and lists

  formElement.addEventListener("input", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
    const path = target.dataset.path;
    if (!path) return;
    changed();
    const kind = target.type === "checkbox" ? "checkbox" : target.type === "number" ? "number" : "text";
    const checked = target instanceof HTMLInputElement && target.checked;
    const answer = target.dataset.answer === undefined ? undefined : Number(target.dataset.answer);
    topics.applyTyping(topic, path, { kind, value: target.value, checked, answer });
    const at = topics.parsePath(path);
    if (at && at.key === "correctAnswers") form.showRightCount(topic.sets[at.set][at.question], at.set, at.question);
  });

  formElement.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("button[data-action]") : null;
    if (!(target instanceof HTMLButtonElement) || target.disabled) return;
    const action = target.dataset.action || "";
    const at = {
      set: Number(target.dataset.set), question: Number(target.dataset.question), answer: Number(target.dataset.answer),
    };
    if (action === "draw") {
      const question = topic.sets[at.set][at.question];
      drawing.open((picture) => uploadPicture(picture, question));
      return;
    }
    if (action === "set-delete" && !window.confirm(say("confirmDeleteSet", { number: at.set + 1 }))) return;
    const question = action === "question-delete" ? topic.sets[at.set][at.question] : null;
    const done = topics.applyAction(topic, action, at);
    if (!done) return;
    changed();
    draw(done.focus);
    if (question) offerUndo({ set: topic.sets[at.set], index: at.question, question }, at);
    else if (deleted && !topic.sets.includes(deleted.set)) forgetUndo();
  });

  /**
   * Says which question was deleted, with an Undo that puts it back (the focus on it, as
   * the button pressed is gone).
   * @param {Deleted} what
   * @param {{ set: number, question: number }} at
   */
  function offerUndo(what, at) {
    deleted = what;
    const which = { number: at.question + 1, set: at.set + 1 };
    // The button names what it undoes: the status line may say something else meanwhile.
    byId("undo", HTMLButtonElement).textContent = say("undoDelete", which);
    undoBar.hidden = false;
    tell(say("questionDeleted", which));
    byId("undo", HTMLButtonElement).focus();
  }

  /** Forgets the deleted question (the topic was read again: it has nowhere to go back to). */
  function forgetUndo() {
    deleted = null;
    undoBar.hidden = true;
  }

  byId("undo", HTMLButtonElement).addEventListener("click", () => {
    const what = deleted;
    forgetUndo();
    if (!what) return;
    const setIndex = topic.sets.indexOf(what.set);
    if (setIndex < 0) return;
    const index = Math.min(what.index, what.set.length);
    what.set.splice(index, 0, what.question);
    changed();
    draw(topics.questionId(setIndex, index) + "-text");
    tell(say("questionRestored", { number: index + 1, set: setIndex + 1 }));
  });

  formElement.addEventListener("change", (event) => {
    const target = event.target;
    if (target instanceof HTMLSelectElement && target.dataset.actionSelect === "question-move" && target.value !== "") {
      topics.moveToSet(topic, Number(target.dataset.set), Number(target.dataset.question), Number(target.value));
      changed();
      draw();
    } else if (target instanceof HTMLInputElement && target.dataset.upload === "true" && target.files
      && target.files.length) {
      uploadPicture(target.files[0], topic.sets[Number(target.dataset.set)][Number(target.dataset.question)]);
      target.value = "";
    }
  });

  // MARK: Pictures

  /**
   * Uploads `picture` and gives it to `question`.
   * @param {Blob} picture
   * @param {import("./editor-topic.js").Question} question
   */
  async function uploadPicture(picture, question) {
    if (picture.size > maximumUpload) {
      tell(say("pictureTooLarge", { size: maximumUpload / 1024 / 1024 }));
      return;
    }
    tell(say("uploading"));
    try {
      const result = await api.request("POST", "/api/images", picture,
        { "Content-Type": picture.type || "application/octet-stream" });
      if (result.status === 201 && result.body.url) pictureUploaded(question, result.body.url);
      else tell(result.body.error || say("networkFailed"));
    } catch (error) {
      tell(say("networkFailed"));
    }
  }

  /**
   * `question` shows the picture at `url`: the question it was chosen for, wherever it has
   * moved meanwhile (unless it was deleted, or the topic read again).
   * @param {import("./editor-topic.js").Question} question
   * @param {string} url
   */
  function pictureUploaded(question, url) {
    if (!topic.sets.some((set) => set.includes(question))) return;
    question.imageURL = url;
    changed();
    draw();
  }

  // MARK: Saving

  /**
   * Saves the topic: over the version read (or as a new one); `overwrite`, the ETag of
   * the version to replace after a conflict.
   * @param {string} [overwrite]
   */
  async function save(overwrite) {
    if (sending || !confirmMoreRightAnswers()) return;
    conflict.hidden = true;
    problems.clear();
    tell(say("saving"));
    const target = name || topics.fileName(String(topic.options.name || ""));
    /** @type {Record<string, string>} */
    const headers = etag ? { "If-Match": etag } : { "If-None-Match": "*" };
    if (overwrite) headers["If-Match"] = overwrite;
    const request = api.request("PUT", TopicsAPI.topic(target), topics.outgoing(topic), headers).finally(() => {
      sending = null;
    });
    sending = request;
    let result;
    try {
      result = await request;
    } catch (error) {
      tell(say("networkFailed"));
      return;
    }
    await saved(result);
  }

  /**
   * The questions with more right answers than the topic's others, as they were last
   * confirmed: the teacher is asked once about them, not at every save.
   * @type {string}
   */
  let confirmedMoreRight = "[]";

  /**
   * Asks once whether the questions with more right answers than the topic's others are
   * meant so (a stray tick is the worst mistake a topic can have); whether to save.
   */
  function confirmMoreRightAnswers() {
    const found = topics.moreRightAnswers(topic);
    const key = JSON.stringify(found.map((item) => [item.set, item.index, topic.sets[item.set][item.index].correctAnswers]));
    if (!found.length || key === confirmedMoreRight) return true;
    const lines = found.map((item) => say("moreRightAnswersLine",
      { set: item.set + 1, number: item.index + 1, count: item.count, usual: item.usual })).join("\n");
    if (!window.confirm(say("moreRightAnswersConfirm", { lines }))) return false;
    confirmedMoreRight = key;
    return true;
  }

  /**
   * What a save came to: saved (with advice, perhaps), a conflict, or problems to fix.
   * @param {Answer} result
   */
  async function saved(result) {
    const body = result.body;
    if (result.status === 200 || result.status === 201) {
      const created = !name;
      name = body.name || name || "";
      dirty = false;
      if (created) history.replaceState(null, "", "/edit/" + encodeURIComponent(name));
      await load(true);
      tell(created ? say("savedAs", { name }) : say("saved"));
      // Advice that did not stop the save (as qrquiz validate gives it), beside its fields.
      // An http picture's advice is said beside the picture already (the note on https).
      const warnings = (body.warnings || []).filter((warning) => !isSaidBesideItsPicture(warning));
      if (warnings.length) problems.show(warnings, warnings.length, true);
    } else if (result.status === 412 && !etag) {
      tell(say("nameTakenChooseAnother"));
    } else if (result.status === 412) {
      conflict.hidden = false;
      tell("");
      byId("conflict-keep", HTMLButtonElement).focus();
    } else if (result.status === 422 && body.problems) {
      const shown = topics.withoutDuplicatesOfEmpty(body.problems);
      const count = (body.problemCount || body.problems.length) - (body.problems.length - shown.length);
      problems.show(shown, count, false);
      tell("");
    } else {
      tell(body.error || say(result.status === 403 ? "pageOutOfDate" : "networkFailed"));
    }
  }

  /**
   * Whether `warning` is about a question's picture that is not https, which the note
   * beside the picture says already.
   * @param {import("./editor-api.js").Problem} warning
   */
  function isSaidBesideItsPicture(warning) {
    const at = topics.parsePath(warning.path || "");
    if (!at || at.key !== "imageURL") return false;
    const question = (topic.sets[at.set] || [])[at.question];
    return Boolean(question && question.imageURL && !isHTTPS(question.imageURL));
  }

  byId("save", HTMLButtonElement).addEventListener("click", () => save());
  byId("conflict-keep", HTMLButtonElement).addEventListener("click", () => {
    conflict.hidden = true;
    tell(say("unsavedChanges"));
  });
  byId("conflict-reload", HTMLButtonElement).addEventListener("click", async () => {
    conflict.hidden = true;
    await load(true);
    tell("");
  });
  byId("conflict-overwrite", HTMLButtonElement).addEventListener("click", async () => {
    if (!name) return;
    let current;
    try {
      current = await api.request("GET", TopicsAPI.topic(name));
    } catch (error) {
      tell(say("networkFailed"));
      return;
    }
    if (!current.etag || current.status !== 200) return;
    const theirs = topics.prepared(current.body);
    // Mine over theirs, question by question: their changes to the others stay.
    const merged = versions.merge(opened || theirs, topic, theirs);
    topic = merged.topic;
    draw();
    conflict.hidden = true;
    if (merged.conflicts.length) chooseBetween(merged.conflicts, current.etag);
    else save(current.etag);
  });

  /**
   * Where both changed the same question: each shown both ways, to keep one of them.
   * @param {{ set: number, index: number, mine: Question, theirs: Question }[]} conflicts
   * @param {string} theirs the ETag of their version, to save over
   */
  function chooseBetween(conflicts, theirs) {
    const box = byId("merge", HTMLElement);
    /** @param {Question} question */
    const shown = (question) => question.question + " — " + question.answers
      .map((answer, index) => (question.correctAnswers.includes(index) ? "✓ " : "") + answer).join(" · ");
    byId("merge-list", HTMLElement).replaceChildren(...conflicts.map((item, number) => {
      const group = "merge-" + number;
      /** @param {string} side @param {string} phrase @param {Question} question */
      const choice = (side, phrase, question) => build("div", { class: "row check" },
        build("input", { type: "radio", name: group, id: group + "-" + side, value: side, checked: side === "mine" }),
        build("label", { for: group + "-" + side, text: say(phrase, { text: shown(question) }) }));
      return build("fieldset", { class: "card merge-choice" },
        build("legend", { text: say("mergeQuestion", { number: item.index + 1, set: item.set + 1 }) }),
        choice("mine", "keepMine", item.mine), choice("theirs", "keepTheirs", item.theirs));
    }));
    box.hidden = false;
    const button = byId("merge-save", HTMLButtonElement);
    button.onclick = () => {
      conflicts.forEach((item, number) => {
        const picked = document.querySelector('input[name="merge-' + number + '"]:checked');
        if (picked instanceof HTMLInputElement && picked.value === "theirs") topic.sets[item.set][item.index] = item.theirs;
      });
      box.hidden = true;
      draw();
      save(theirs);
    };
    // The focus goes to the choices, whose heading says what to do.
    tell("");
    const first = box.querySelector("input");
    if (first instanceof HTMLElement) first.focus();
  }
  byId("delete", HTMLButtonElement).addEventListener("click", async () => {
    if (!name || !window.confirm(say("confirmDeleteTopic"))) return;
    const result = await api.request("DELETE", TopicsAPI.topic(name), undefined, { "If-Match": etag || "" });
    if (result.status === 204) window.location.assign("/");
    else if (result.status === 412) conflict.hidden = false;
    else tell(result.body.error || say("networkFailed"));
  });
  window.addEventListener("beforeunload", (event) => {
    if (!dirty) return;
    event.preventDefault();
    event.returnValue = "";
  });
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "s" && !formElement.hidden) {
      event.preventDefault();
      save();
    }
  });

  // MARK: Versions

  /** The topic's saved versions, newest first, each to look at or restore. */
  async function showVersions() {
    if (!name) return;
    const topicName = name;
    let result;
    try {
      result = await api.request("GET", TopicsAPI.topic(topicName, "versions"));
    } catch (error) {
      return;
    }
    if (result.status !== 200) return;
    const list = byId("version-list", HTMLElement);
    list.replaceChildren(...result.list.slice().reverse().map((version) => {
      const view = build("button", { type: "button", class: "secondary", text: say("viewVersion") });
      view.addEventListener("click", () => showVersion(topicName, version));
      const restore = build("button", { type: "button", class: "secondary", text: say("restoreVersion") });
      restore.addEventListener("click", () => restoreVersion(topicName, version.version));
      return build("li", {}, build("span", { text: say("savedVersion", { time: localTime(version.saved) }) + " " }),
        view, " ", restore);
    }));
    if (!result.list.length) list.replaceChildren(build("li", { class: "muted", text: say("noVersions") }));
    byId("versions", HTMLElement).hidden = false;
  }

  /**
   * A saved version, readable: its questions and answers, each said to be the same as
   * now, changed since, or gone; then the questions added since.
   * @param {string} topicName
   * @param {import("./editor-api.js").Version} version
   */
  async function showVersion(topicName, version) {
    let result;
    try {
      result = await api.request("GET", TopicsAPI.topic(topicName, "versions", version.version));
    } catch (error) {
      tell(say("networkFailed"));
      return;
    }
    if (result.status !== 200) {
      tell(result.body.error || say("networkFailed"));
      return;
    }
    const old = topics.prepared(result.body);
    const { sets, added } = versions.compare(old, topic);
    const marks = { same: "versionSame", changed: "versionChanged", removed: "versionRemoved" };
    /** @param {Question} question */
    const answers = (question) => build("ul", {}, question.answers.map((answer, index) =>
      build("li", { text: answer + (question.correctAnswers.includes(index) ? " ✓ " + say("rightMark") : "") })));
    const view = byId("version-view", HTMLElement);
    view.replaceChildren(
      build("h3", { id: "version-view-heading", tabindex: -1, text: say("versionViewHeading", { time: localTime(version.saved) }) }),
      ...sets.map((questions, set) => build("section", {},
        build("h4", { text: say("setLegend", { number: set + 1 }) + (old.options.setNames && old.options.setNames[set] ? ": " + old.options.setNames[set] : "") }),
        build("ol", {}, questions.map((entry) => build("li", { class: "version-" + entry.status },
          build("p", {}, build("strong", { text: entry.question.question }), " ",
            build("span", { class: "version-mark", text: say(marks[entry.status]) })),
          entry.status === "changed" && entry.current
            ? build("p", { class: "muted", text: say("versionNow", { text: entry.current.question }) }) : null,
          answers(entry.question)))))),
      build("div", {}, added.length ? build("h4", { text: say("versionAdded") }) : null,
        added.length ? build("ul", {}, added.map((at) => build("li", { text: at.question.question }))) : null),
      build("p", {}, build("a", { href: TopicsAPI.topic(topicName, "versions", version.version), text: "JSON" })));
    view.hidden = false;
    const heading = document.getElementById("version-view-heading");
    if (heading) heading.focus();
  }

  /**
   * @param {string} topicName
   * @param {string} version
   */
  async function restoreVersion(topicName, version) {
    const restored = await api.request("POST", TopicsAPI.topic(topicName, "versions", version, "restore"));
    if (restored.status === 200 || restored.status === 201) {
      const removed = document.getElementById("removed");
      if (removed) removed.remove();
      await load(true);
      tell(say("restored"));
    } else {
      tell(restored.body.error || say("networkFailed"));
    }
  }

  // MARK: Downloads

  /** The phrase naming each export format. */
  const formatNames = {
    "moodle-xml": "exportMoodleXML", qti: "exportQTI", gift: "exportGIFT", aiken: "exportAiken",
    qti21: "exportQTI21", qti12: "exportQTI12", imscc: "exportCartridge",
  };

  /** The saved topic's downloads, each with what its format cannot hold. */
  async function showExports() {
    if (!name) return;
    let result;
    try {
      result = await api.request("GET", TopicsAPI.topic(name, "exports"));
    } catch (error) {
      return;
    }
    if (result.status !== 200 || !result.body.formats) return;
    // The notes are in the language the API was asked in: the page's.
    const language = result.body.language || null;
    byId("export-list", HTMLElement).replaceChildren(...result.body.formats.map((format) => {
      const label = say(formatNames[/** @type {keyof typeof formatNames} */ (format.format)] || "exportGIFT");
      const count = format.questions + format.leftOut;
      const written = format.leftOut
        ? say("exportSomeQuestions", { written: format.questions, count })
        : say("exportAllQuestions", { count });
      const link = build("a", { href: format.href, download: format.file, text: label });
      const notes = format.notes.length
        ? build("details", {}, build("summary", { text: say("exportNotesLabel") }),
          build("ul", { lang: language }, format.notes.map((note) => build("li", { text: note }))))
        : null;
      return build("li", { "data-format": format.format }, link,
        build("span", { class: "muted", text: " · " + format.file + " · " + written }), notes);
    }));
    byId("exports", HTMLElement).hidden = false;
  }

  // MARK: Loading

  /**
   * Reads the topic (a new one: a blank topic) and draws the form; `again` after a save,
   * a restore or a conflict.
   * @param {boolean} again
   */
  async function load(again) {
    if (!name) {
      forgetUndo();
      topic = topics.prepared({ options: { name: "" }, sets: [[topics.blankQuestion(4)]] });
      etag = null;
      draw(again ? null : "option-name");
      byId("option-name", HTMLInputElement).focus();
      return;
    }
    if (root.dataset.removed === "true" && !again) {
      await showVersions();
      return;
    }
    const result = await api.request("GET", TopicsAPI.topic(name));
    if (result.status !== 200) {
      tell(result.body.error || say("networkFailed"));
      return;
    }
    read(result);
    await showVersions();
    await showExports();
  }

  /**
   * The topic as the server sent it, drawn, and the links to it shown.
   * @param {Answer} result
   */
  function read(result) {
    forgetUndo();
    topic = topics.prepared(result.body);
    opened = JSON.parse(JSON.stringify(topic));
    etag = result.etag;
    dirty = false;
    draw();
    const view = byId("view", HTMLAnchorElement);
    view.href = "/t/" + encodeURIComponent(name || "");
    view.hidden = false;
    byId("delete", HTMLButtonElement).hidden = false;
  }

  load(false);
}
