"use strict";
// A student's homework page (Pages+Homework.swift, `/a/CODE`): joins with a name, starts
// timed questions' timers, answers, and shows each verdict and the result, through the
// assignments' API; every text from the server goes in as text, never as markup.
const { startHomework } = require("./homework-player.js");

const root = document.getElementById("homework");
if (root) startHomework(root);
