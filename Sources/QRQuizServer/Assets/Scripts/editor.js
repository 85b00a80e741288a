"use strict";
const { formatMessage } = require("./message-format.js");

(() => {
  const root = document.getElementById("editor-root");
  if (!root) return;
  const form = document.getElementById("editor");
  const savebar = document.getElementById("savebar");
  const statusLine = document.getElementById("status");
  const problemsBox = document.getElementById("problems");
  const tokenHeader = root.dataset.formTokenHeader;
  const csrf = root.dataset.csrf;
  const colours = ["#1d2430", "#c0392b", "#1f5fcc", "#1e7b34"];
  let name = root.dataset.name || null;
  let etag = null;
  let topic = null;
  let dirty = false;
  let saving = false;

  // A phrase of the page, in its language: its source from the page, filled here.
  const word = (key, values) => formatMessage(root.getAttribute("data-w-" + key.toLowerCase()) || "", values);
  const byId = (id) => document.getElementById(id);

  /// An element: `attributes` set as attributes (`text` as its text), `children` appended.
  function el(tag, attributes, ...children) {
    const element = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "text") element.textContent = value;
      else if (value === true) element.setAttribute(key, "");
      else element.setAttribute(key, String(value));
    }
    for (const child of children.flat()) if (child) element.append(child);
    return element;
  }

  function say(text) { statusLine.textContent = text; }

  function api(path) { return "/api/topics" + (path || ""); }

  async function request(method, url, body, headers) {
    const options = { method, credentials: "same-origin", cache: "no-store", headers: Object.assign({}, headers) };
    if (method !== "GET") options.headers[tokenHeader] = csrf;
    if (body !== undefined) {
      options.body = body;
      if (typeof body === "string") options.headers["Content-Type"] = "application/json";
    }
    const response = await fetch(url, options);
    let data = null;
    const text = await response.text();
    try { data = text ? JSON.parse(text) : null; } catch (error) { data = null; }
    return { status: response.status, data, etag: response.headers.get("ETag") };
  }

  // MARK: The topic as the editor holds it

  function question(answers) {
    return { question: "", answers: Array.from({ length: answers }, () => ""), correctAnswers: [0] };
  }

  /// `correct` merged into `correctAnswers`, as the app merges them; options always there.
  function prepared(data) {
    const value = data || { sets: [] };
    value.options = value.options || {};
    value.sets = value.sets || [];
    for (const set of value.sets) {
      for (const item of set) {
        const right = new Set(item.correctAnswers || []);
        if (item.correct !== undefined && item.correct !== null) right.add(item.correct);
        delete item.correct;
        item.correctAnswers = Array.from(right).sort((a, b) => a - b);
      }
    }
    return value;
  }

  /// What is sent: empty options and set names left out, as the app's own files do.
  function outgoing() {
    const copy = JSON.parse(JSON.stringify(topic));
    const options = copy.options;
    if (options.setNames && options.setNames.every((text) => !text)) delete options.setNames;
    for (const key of Object.keys(options)) if (options[key] === null || options[key] === "") delete options[key];
    if (Object.keys(options).length === 0) delete copy.options;
    return JSON.stringify(copy);
  }

  function setNames() {
    topic.options.setNames = topic.options.setNames || [];
    while (topic.options.setNames.length < topic.sets.length) topic.options.setNames.push("");
    topic.options.setNames.length = topic.sets.length;
    return topic.options.setNames;
  }

  function changed() {
    dirty = true;
    say(word("unsavedChanges"));
  }

  // MARK: Drawing the form

  function render(focusKey) {
    const scroll = window.scrollY;
    form.replaceChildren(optionsFieldset(), ...topic.sets.map(setSection),
      el("p", {}, button(word("addSet"), "add-set", {}, "secondary")));
    form.hidden = false;
    savebar.hidden = false;
    window.scrollTo(0, scroll);
    if (focusKey) {
      const target = form.querySelector('[data-focus="' + focusKey + '"]');
      if (target) target.focus();
    }
  }

  function button(label, action, data, kind, extra) {
    const attributes = { type: "button", class: kind || null, "data-action": action, text: label };
    for (const [key, value] of Object.entries(data || {})) attributes["data-" + key] = value;
    return el("button", Object.assign(attributes, extra || {}));
  }

  function field(label, id, input) {
    return el("div", { class: "row" }, el("label", { for: id, text: label }), input);
  }

  function optionsFieldset() {
    const options = topic.options;
    const check = (key, label, fallback) => {
      const id = "option-" + key;
      const value = options[key] === undefined || options[key] === null ? fallback : options[key];
      return el("div", { class: "row check" },
        el("input", { type: "checkbox", id, "data-path": "options." + key, checked: value }),
        el("label", { for: id, text: label }));
    };
    return el("fieldset", { class: "card", "data-path": "options" },
      el("legend", { text: word("topicLegend") }),
      field(word("nameLabel"), "option-name",
        el("input", { type: "text", id: "option-name", "data-path": "options.name", value: options.name || "", maxlength: 200 })),
      field(word("secondsPerSetLabel"), "option-time",
        el("input", { type: "number", id: "option-time", min: 0, step: 1, "data-path": "options.timePerSetInSeconds",
          value: options.timePerSetInSeconds || "" })),
      check("questionsInRandomOrder", word("randomOrderOption"), true),
      check("helpButtonEnabled", word("helpOption"), true),
      check("showCorrectIncorrectAnswer", word("verdictsOption"), true),
      check("multipleCorrectAnswersAsMandatory", word("mandatoryOption"), false));
  }

  function setSection(set, setIndex) {
    const names = topic.options.setNames || [];
    const id = "set-" + setIndex;
    const number = setIndex + 1;
    return el("section", { class: "card set", "data-path": "sets[" + setIndex + "]", "aria-labelledby": id + "-title" },
      el("h2", { id: id + "-title", text: word("setLegend", { number }) }),
      field(word("setNameLabel"), id + "-name",
        el("input", { type: "text", id: id + "-name", "data-path": "options.setNames[" + setIndex + "]",
          value: names[setIndex] || "" })),
      el("div", { class: "tools" },
        button(word("moveUp"), "set-up", { set: setIndex }, "secondary", { disabled: setIndex === 0, "data-focus": "set-up-" + setIndex }),
        button(word("moveDown"), "set-down", { set: setIndex }, "secondary",
          { disabled: setIndex === topic.sets.length - 1, "data-focus": "set-down-" + setIndex }),
        button(word("deleteItem"), "set-delete", { set: setIndex }, "secondary danger",
          { "aria-label": word("deleteItem") + " " + word("setLegend", { number }) })),
      el("ol", { class: "questions" }, set.map((item, index) => questionItem(item, setIndex, index))),
      el("p", {}, button(word("addQuestion"), "question-add", { set: setIndex }, "secondary",
        { "data-focus": "question-add-" + setIndex })));
  }

  function questionItem(item, setIndex, index) {
    const path = "sets[" + setIndex + "][" + index + "]";
    const id = "q-" + setIndex + "-" + index;
    const number = index + 1;
    const data = { set: setIndex, question: index };
    const times = [];
    if (item.created) times.push(word("createdAt", { time: localTime(item.created) }));
    if (item.modified) times.push(word("changedAt", { time: localTime(item.modified) }));
    if (!item.created && !item.modified && etag === null) times.push(word("notYetSaved"));
    const answers = item.answers.map((text, answer) => {
      const answerId = id + "-a" + answer;
      const label = word("answerLabel", { number: answer + 1 });
      return el("li", { class: "answer-row" },
        el("input", { type: "checkbox", id: answerId + "-right", "data-path": path + ".correctAnswers",
          "data-answer": answer, checked: item.correctAnswers.includes(answer),
          "aria-label": word("answerIsCorrect", { number: answer + 1 }) }),
        el("input", { type: "text", id: answerId, "data-path": path + ".answers[" + answer + "]", value: text,
          "aria-label": label, "data-focus": answerId }),
        button("↑", "answer-up", Object.assign({ answer }, data), "secondary small",
          { disabled: answer === 0, "aria-label": word("moveUp") + ": " + label }),
        button("↓", "answer-down", Object.assign({ answer }, data), "secondary small",
          { disabled: answer === item.answers.length - 1, "aria-label": word("moveDown") + ": " + label }),
        button("✕", "answer-delete", Object.assign({ answer }, data), "secondary small",
          { "aria-label": word("deleteItem") + ": " + label }));
    });
    const moveTargets = topic.sets.length > 1
      ? el("select", { "data-action-select": "question-move", "data-set": setIndex, "data-question": index,
          "aria-label": word("moveToSet") + " (" + word("questionLegend", { number }) + ")" },
          el("option", { value: "", text: word("moveToSet") }),
          topic.sets.map((_, target) => target === setIndex ? null
            : el("option", { value: target, text: word("setLegend", { number: target + 1 }) })))
      : null;
    const numeric = item.numericAnswer || {};
    return el("li", { class: "question", "data-path": path, id },
      el("h3", { text: word("questionLegend", { number }) }),
      times.length ? el("p", { class: "muted times", text: times.join(" · ") }) : null,
      el("label", { for: id + "-text", text: word("questionLabel") }),
      el("textarea", { id: id + "-text", rows: 2, "data-path": path + ".question", "data-focus": id + "-text" }, item.question),
      el("fieldset", { class: "answer-editor", "data-path": path + ".answers" },
        el("legend", { text: word("answersLegend") }),
        el("ol", { class: "answer-list" }, answers),
        button(word("addAnswer"), "answer-add", data, "secondary", { "data-focus": "answer-add-" + setIndex + "-" + index })),
      picture(item, path, id, data, number),
      el("details", { class: "numeric", open: !!item.numericAnswer },
        el("summary", { text: word("numericLegend") }),
        field(word("numericValueLabel"), id + "-number",
          el("input", { type: "number", step: "any", id: id + "-number", "data-path": path + ".numericAnswer.value",
            value: numeric.value === undefined ? "" : numeric.value })),
        field(word("numericToleranceLabel"), id + "-tolerance",
          el("input", { type: "number", step: "any", min: 0, id: id + "-tolerance",
            "data-path": path + ".numericAnswer.tolerance", value: numeric.tolerance === undefined ? "" : numeric.tolerance }))),
      el("div", { class: "tools" },
        button(word("moveUp"), "question-up", data, "secondary", { disabled: index === 0, "data-focus": "question-up-" + id }),
        button(word("moveDown"), "question-down", data, "secondary",
          { disabled: index === topic.sets[setIndex].length - 1, "data-focus": "question-down-" + id }),
        moveTargets,
        button(word("duplicateQuestion"), "question-duplicate", data, "secondary"),
        button(word("deleteItem"), "question-delete", data, "secondary danger",
          { "aria-label": word("deleteItem") + " " + word("questionLegend", { number }) })));
  }

  function picture(item, path, id, data, number) {
    // Shown through this server (its own pictures, or the image cache): the page loads
    // nothing from another host.
    const preview = item.imageURL
      ? el("img", { class: "picture", src: "/preview?url=" + encodeURIComponent(item.imageURL),
          alt: word("pictureAlt", { number }) })
      : null;
    const upload = (capture, label, suffix) => el("span", { class: "file" },
      el("input", { type: "file", accept: "image/*", capture: capture, id: id + suffix, class: "visually-hidden",
        "data-upload": "true", "data-set": data.set, "data-question": data.question }),
      el("label", { for: id + suffix, class: "button secondary", text: label }));
    return el("div", { class: "picture-tools", "data-path": path + ".imageURL" },
      preview,
      el("div", { class: "tools" },
        upload("environment", word("takePhoto"), "-camera"),
        upload(null, word("choosePicture"), "-file"),
        button(word("drawPicture"), "draw", data, "secondary"),
        item.imageURL ? button(word("removePicture"), "picture-remove", data, "secondary") : null),
      field(word("imageURLLabel"), id + "-image",
        el("input", { type: "url", id: id + "-image", "data-path": path + ".imageURL", value: item.imageURL || "" })));
  }

  function localTime(text) {
    const date = new Date(text);
    return isNaN(date) ? text : date.toLocaleString(document.documentElement.lang || undefined,
      { dateStyle: "medium", timeStyle: "short" });
  }

  // MARK: Typing

  /// The question, set and answer a `data-path` names.
  function parts(path) {
    const match = /^sets\[(\d+)\]\[(\d+)\]\.(\w+)(?:\[(\d+)\])?(?:\.(\w+))?$/.exec(path);
    return match ? { set: +match[1], question: +match[2], key: match[3], index: match[4] === undefined ? null : +match[4],
      sub: match[5] || null } : null;
  }

  form.addEventListener("input", (event) => {
    const target = event.target;
    const path = target.dataset.path;
    if (!path) return;
    changed();
    if (path.startsWith("options.setNames[")) {
      setNames()[+/\[(\d+)\]/.exec(path)[1]] = target.value;
      return;
    }
    if (path.startsWith("options.")) {
      const key = path.slice(8);
      if (target.type === "checkbox") topic.options[key] = target.checked;
      else if (target.type === "number") topic.options[key] = target.value === "" ? null : Number(target.value);
      else topic.options[key] = target.value;
      return;
    }
    const at = parts(path);
    if (!at) return;
    const item = topic.sets[at.set][at.question];
    if (at.key === "question") item.question = target.value;
    else if (at.key === "answers") item.answers[at.index] = target.value;
    else if (at.key === "imageURL") {
      if (target.value) item.imageURL = target.value; else delete item.imageURL;
    } else if (at.key === "correctAnswers") {
      const answer = +target.dataset.answer;
      const right = new Set(item.correctAnswers);
      if (target.checked) right.add(answer); else right.delete(answer);
      item.correctAnswers = Array.from(right).sort((a, b) => a - b);
    } else if (at.key === "numericAnswer") {
      const numeric = item.numericAnswer || {};
      if (target.value === "") delete numeric[at.sub]; else numeric[at.sub] = Number(target.value);
      if (numeric.value === undefined) delete item.numericAnswer; else item.numericAnswer = numeric;
    }
  });

  // MARK: Buttons

  const move = (list, from, to) => { const [item] = list.splice(from, 1); list.splice(to, 0, item); };

  form.addEventListener("click", (event) => {
    const target = event.target.closest("button[data-action]");
    if (!target || target.disabled) return;
    const action = target.dataset.action;
    const set = +target.dataset.set;
    const index = +target.dataset.question;
    const answer = +target.dataset.answer;
    const questions = topic.sets[set];
    let focus = null;
    switch (action) {
      case "add-set":
        topic.sets.push([question(4)]);
        if (topic.options.setNames) setNames();
        focus = "question-add-" + (topic.sets.length - 1);
        break;
      case "set-up":
      case "set-down": {
        const to = action === "set-up" ? set - 1 : set + 1;
        move(topic.sets, set, to);
        if (topic.options.setNames) move(setNames(), set, to);
        focus = action + "-" + to;
        break;
      }
      case "set-delete":
        if (!window.confirm(word("confirmDeleteSet", { number: set + 1 }))) return;
        topic.sets.splice(set, 1);
        if (topic.options.setNames) topic.options.setNames.splice(set, 1);
        break;
      case "question-add": {
        const answers = questions.length ? questions[questions.length - 1].answers.length : 4;
        questions.push(question(answers));
        focus = "q-" + set + "-" + (questions.length - 1) + "-text";
        break;
      }
      case "question-up":
      case "question-down": {
        const to = action === "question-up" ? index - 1 : index + 1;
        move(questions, index, to);
        focus = action + "-q-" + set + "-" + to;
        break;
      }
      case "question-duplicate": {
        const copy = JSON.parse(JSON.stringify(questions[index]));
        // A copy is a new question: the server dates it when it is saved.
        delete copy.created;
        delete copy.modified;
        questions.splice(index + 1, 0, copy);
        focus = "q-" + set + "-" + (index + 1) + "-text";
        break;
      }
      case "question-delete":
        questions.splice(index, 1);
        break;
      case "answer-add":
        questions[index].answers.push("");
        focus = "q-" + set + "-" + index + "-a" + (questions[index].answers.length - 1);
        break;
      case "answer-up":
      case "answer-down":
      case "answer-delete": {
        const item = questions[index];
        const to = action === "answer-up" ? answer - 1 : answer + 1;
        // The right answers follow their answers.
        const right = item.answers.map((_, position) => item.correctAnswers.includes(position));
        if (action === "answer-delete") {
          item.answers.splice(answer, 1);
          right.splice(answer, 1);
        } else {
          move(item.answers, answer, to);
          move(right, answer, to);
          focus = "q-" + set + "-" + index + "-a" + to;
        }
        item.correctAnswers = right.flatMap((on, position) => on ? [position] : []);
        break;
      }
      case "picture-remove":
        delete questions[index].imageURL;
        break;
      case "draw":
        openDrawing(set, index);
        return;
      default:
        return;
    }
    changed();
    render(focus);
  });

  form.addEventListener("change", (event) => {
    const target = event.target;
    if (target.dataset.actionSelect === "question-move" && target.value !== "") {
      const from = +target.dataset.set;
      const [item] = topic.sets[from].splice(+target.dataset.question, 1);
      topic.sets[+target.value].push(item);
      changed();
      render();
    } else if (target.dataset.upload === "true" && target.files.length) {
      uploadPicture(target.files[0], +target.dataset.set, +target.dataset.question);
      target.value = "";
    }
  });

  // MARK: Pictures

  const maximumUpload = 8 * 1024 * 1024;

  async function uploadPicture(blob, set, index) {
    if (blob.size > maximumUpload) {
      say(word("pictureTooLarge", { size: 8 }));
      return;
    }
    say(word("uploading"));
    try {
      const result = await request("POST", "/api/images", blob, { "Content-Type": blob.type || "application/octet-stream" });
      if (result.status === 201) {
        topic.sets[set][index].imageURL = result.data.url;
        changed();
        render();
      } else {
        say(result.data && result.data.error ? result.data.error : word("networkFailed"));
      }
    } catch (error) {
      say(word("networkFailed"));
    }
  }

  // MARK: Drawing (straight lines)

  const dialog = byId("drawing");
  const canvas = byId("canvas");
  const context = canvas.getContext("2d");
  let lines = [];
  let pen = colours[0];
  let selected = null;
  let drawingFor = null;
  let gesture = null;
  let lastTap = 0;

  function openDrawing(set, index) {
    drawingFor = { set, index };
    lines = [];
    selected = null;
    paint();
    showSwatches();
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", "");
  }

  function paint() {
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.lineCap = "round";
    for (const line of lines) {
      context.strokeStyle = line.colour;
      context.lineWidth = line === selected ? 12 : 8;
      context.beginPath();
      context.moveTo(line.x1, line.y1);
      context.lineTo(line.x2, line.y2);
      context.stroke();
      if (line === selected) {
        context.strokeStyle = "#ffb347";
        context.lineWidth = 3;
        context.stroke();
      }
    }
    byId("line-tools").hidden = selected === null;
  }

  function showSwatches() {
    for (const swatch of dialog.querySelectorAll(".swatch")) {
      const colour = swatch.dataset.group === "pen-colour" ? pen : selected && selected.colour;
      swatch.setAttribute("aria-pressed", String(swatch.dataset.colour === colour));
    }
  }

  /// The point of a pointer event in the canvas's own pixels.
  function point(event) {
    const box = canvas.getBoundingClientRect();
    return { x: (event.clientX - box.left) * canvas.width / box.width, y: (event.clientY - box.top) * canvas.height / box.height };
  }

  /// The line within reach of `at` (topmost first), if any.
  function lineAt(at) {
    for (let index = lines.length - 1; index >= 0; index--) {
      const line = lines[index];
      const dx = line.x2 - line.x1;
      const dy = line.y2 - line.y1;
      const length = dx * dx + dy * dy || 1;
      const t = Math.max(0, Math.min(1, ((at.x - line.x1) * dx + (at.y - line.y1) * dy) / length));
      const distance = Math.hypot(at.x - (line.x1 + t * dx), at.y - (line.y1 + t * dy));
      if (distance < 18) return line;
    }
    return null;
  }

  canvas.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    canvas.setPointerCapture(event.pointerId);
    const at = point(event);
    const line = lineAt(at);
    gesture = { start: at, line, moved: false, timer: null };
    if (!line) {
      // Held still on the blank canvas: the pen's colours.
      gesture.timer = setTimeout(() => { if (gesture && !gesture.moved) { gesture = null; choosePen(); } }, 550);
    }
  });

  canvas.addEventListener("pointermove", (event) => {
    if (!gesture) return;
    const at = point(event);
    const dx = at.x - gesture.start.x;
    const dy = at.y - gesture.start.y;
    if (!gesture.moved && Math.hypot(dx, dy) < 6) return;
    gesture.moved = true;
    clearTimeout(gesture.timer);
    if (gesture.line) {
      // Dragging a line moves it.
      const line = gesture.line;
      if (!gesture.origin) gesture.origin = { x1: line.x1, y1: line.y1, x2: line.x2, y2: line.y2 };
      line.x1 = gesture.origin.x1 + dx; line.y1 = gesture.origin.y1 + dy;
      line.x2 = gesture.origin.x2 + dx; line.y2 = gesture.origin.y2 + dy;
    } else {
      if (!gesture.drawing) { gesture.drawing = { x1: gesture.start.x, y1: gesture.start.y, colour: pen }; lines.push(gesture.drawing); }
      gesture.drawing.x2 = at.x;
      gesture.drawing.y2 = at.y;
    }
    paint();
  });

  canvas.addEventListener("pointerup", () => {
    if (!gesture) return;
    clearTimeout(gesture.timer);
    const { line, moved } = gesture;
    gesture = null;
    if (moved) { paint(); return; }
    if (line) {
      // A tap on a line: choose it, to colour or delete it.
      selected = line === selected ? null : line;
    } else {
      selected = null;
      const now = Date.now();
      if (now - lastTap < 400 && lines.length && window.confirm(word("confirmClearDrawing"))) lines = [];
      lastTap = now;
    }
    paint();
    showSwatches();
  });

  canvas.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    if (!lineAt(point(event))) choosePen();
  });

  function choosePen() {
    const first = dialog.querySelector('.swatch[data-group="pen-colour"]');
    if (first) first.focus();
  }

  dialog.addEventListener("click", async (event) => {
    const target = event.target.closest("button");
    if (!target) return;
    if (target.classList.contains("swatch")) {
      if (target.dataset.group === "pen-colour") pen = target.dataset.colour;
      else if (selected) selected.colour = target.dataset.colour;
      paint();
      showSwatches();
    } else if (target.id === "line-delete" && selected) {
      lines = lines.filter((line) => line !== selected);
      selected = null;
      paint();
    } else if (target.id === "drawing-undo") {
      lines.pop();
      selected = null;
      paint();
    } else if (target.id === "drawing-clear") {
      if (lines.length && window.confirm(word("confirmClearDrawing"))) { lines = []; selected = null; paint(); }
    } else if (target.id === "drawing-cancel") {
      dialog.close();
    } else if (target.id === "drawing-save") {
      selected = null;
      paint();
      const { set, index } = drawingFor;
      dialog.close();
      canvas.toBlob((blob) => { if (blob) uploadPicture(blob, set, index); }, "image/png");
    }
  });

  // MARK: Saving

  /// The file name a new topic is saved under: its name, made safe as the server does.
  function fileName(text) {
    let safe = text.replace(/[\/\\\u0000-\u001f\u007f]/g, "_").trim().replace(/^\.+/, "");
    if (safe.toLowerCase().endsWith(".json")) safe = safe.slice(0, -5);
    return safe || "topic";
  }

  async function save(overwrite) {
    if (saving) return;
    saving = true;
    byId("conflict").hidden = true;
    clearProblems();
    say(word("saving"));
    const target = name || fileName(topic.options.name || "");
    const headers = {};
    if (etag) headers["If-Match"] = etag; else headers["If-None-Match"] = "*";
    if (overwrite) headers["If-Match"] = overwrite;
    let result;
    try {
      result = await request("PUT", api("/" + encodeURIComponent(target)), outgoing(), headers);
    } catch (error) {
      saving = false;
      say(word("networkFailed"));
      return;
    }
    saving = false;
    if (result.status === 200 || result.status === 201) {
      const created = !name;
      name = result.data.name;
      dirty = false;
      if (created) history.replaceState(null, "", "/edit/" + encodeURIComponent(name));
      const warnings = result.data.warnings || [];
      await load(true);
      say(created ? word("savedAs", { name }) : word("saved"));
      // Advice that did not stop the save (as qrquiz validate gives it), beside its fields.
      if (warnings.length) showProblems({ problems: warnings, problemCount: warnings.length }, true);
      return;
    }
    if (result.status === 412 && !etag) return say(word("nameTakenChooseAnother"));
    if (result.status === 412) { byId("conflict").hidden = false; say(""); byId("conflict-keep").focus(); return; }
    if (result.status === 422 && result.data && result.data.problems) return showProblems(result.data);
    if (result.status === 403) return say(result.data && result.data.error ? result.data.error : word("pageOutOfDate"));
    say(result.data && result.data.error ? result.data.error : word("networkFailed"));
  }

  function clearProblems() {
    problemsBox.hidden = true;
    problemsBox.replaceChildren();
    for (const note of form.querySelectorAll(".field-problem")) note.remove();
    for (const input of form.querySelectorAll("[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  }

  /// Each problem beside the field its path names (the closest one that has a path), and
  /// all of them in a list whose items go to their fields.
  function showProblems(data, advice) {
    const elements = Array.from(form.querySelectorAll("[data-path]"));
    const list = el("ul", {});
    data.problems.forEach((problem, number) => {
      const path = problem.path;
      let best = null;
      for (const element of elements) {
        const own = element.dataset.path;
        if ((path === own || path.startsWith(own + ".") || path.startsWith(own + "["))
          && (!best || own.length > best.dataset.path.length)) best = element;
      }
      const message = (problem.location ? problem.location + ": " : "") + problem.message;
      const id = "problem-" + number;
      const note = el("p", { class: advice ? "field-problem advice" : "field-problem", id, text: problem.message });
      const anchor = best || form.firstElementChild;
      if (anchor.matches("input, textarea, select")) {
        anchor.setAttribute("aria-invalid", "true");
        anchor.setAttribute("aria-describedby", id);
        anchor.insertAdjacentElement(anchor.parentElement.classList.contains("row") ? "afterend" : "afterend", note);
      } else {
        anchor.append(note);
      }
      const go = el("button", { type: "button", class: "link", text: message });
      go.addEventListener("click", () => (anchor.matches("input, textarea, select") ? anchor : note).focus());
      note.tabIndex = -1;
      list.append(el("li", {}, go));
    });
    const count = data.problemCount || data.problems.length;
    problemsBox.replaceChildren(el("p", { text: word(advice ? "warningsFound" : "problemsFound", { count }) }), list);
    problemsBox.classList.toggle("advice", !!advice);
    problemsBox.hidden = false;
    if (!advice) say("");
  }

  byId("save").addEventListener("click", () => save());
  byId("conflict-keep").addEventListener("click", () => { byId("conflict").hidden = true; say(word("unsavedChanges")); });
  byId("conflict-reload").addEventListener("click", async () => { byId("conflict").hidden = true; await load(true); say(""); });
  byId("conflict-overwrite").addEventListener("click", async () => {
    const current = await request("GET", api("/" + encodeURIComponent(name)));
    if (current.etag) save(current.etag);
  });
  byId("delete").addEventListener("click", async () => {
    if (!window.confirm(word("confirmDeleteTopic"))) return;
    const result = await request("DELETE", api("/" + encodeURIComponent(name)), undefined, { "If-Match": etag });
    if (result.status === 204) window.location.assign("/");
    else if (result.status === 412) { byId("conflict").hidden = false; }
    else say(result.data && result.data.error ? result.data.error : word("networkFailed"));
  });
  window.addEventListener("beforeunload", (event) => { if (dirty) { event.preventDefault(); event.returnValue = ""; } });
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "s" && !form.hidden) { event.preventDefault(); save(); }
  });

  // MARK: Versions

  async function showVersions() {
    if (!name) return;
    const section = byId("versions");
    const list = byId("version-list");
    let result;
    try { result = await request("GET", api("/" + encodeURIComponent(name) + "/versions")); } catch (error) { return; }
    if (result.status !== 200) return;
    list.replaceChildren(...result.data.slice().reverse().map((version) => {
      const view = el("a", { href: api("/" + encodeURIComponent(name) + "/versions/" + encodeURIComponent(version.version)),
        target: "_blank", rel: "noopener", text: word("viewVersion") });
      const restore = el("button", { type: "button", class: "secondary", text: word("restoreVersion") });
      restore.addEventListener("click", async () => {
        const restored = await request("POST", api("/" + encodeURIComponent(name) + "/versions/"
          + encodeURIComponent(version.version) + "/restore"));
        if (restored.status === 200 || restored.status === 201) {
          byId("removed") && byId("removed").remove();
          await load(true);
          say(word("restored"));
        } else {
          say(restored.data && restored.data.error ? restored.data.error : word("networkFailed"));
        }
      });
      return el("li", {}, el("span", { text: word("savedVersion", { time: localTime(version.saved) }) + " " }), view, " ", restore);
    }));
    if (!result.data.length) list.replaceChildren(el("li", { class: "muted", text: word("noVersions") }));
    section.hidden = false;
  }

  // MARK: Loading

  async function load(again) {
    if (!name) {
      topic = prepared({ options: { name: "" }, sets: [[question(4)]] });
      etag = null;
      render(again ? null : "option-name");
      byId("option-name").focus();
      return;
    }
    if (root.dataset.removed === "true" && !again) {
      await showVersions();
      return;
    }
    const result = await request("GET", api("/" + encodeURIComponent(name)));
    if (result.status !== 200) { say(result.data && result.data.error ? result.data.error : word("networkFailed")); return; }
    topic = prepared(result.data);
    etag = result.etag;
    dirty = false;
    render();
    byId("view").href = "/t/" + encodeURIComponent(name);
    byId("view").hidden = false;
    byId("delete").hidden = false;
    await showVersions();
  }

  load(false);
})();
