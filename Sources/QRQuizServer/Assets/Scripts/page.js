"use strict";
// What every page script takes from its page: elements it cannot work without, and the
// page's phrases in its language.
const { formatMessage } = require("./message-format.js");

/**
 * Fills one of the page's phrases: `phrase` names it (`livePlayersCount`), `values` are
 * its arguments.
 * @callback Say
 * @param {string} phrase
 * @param {Record<string, import("./message-format.js").Argument>} [values]
 * @returns {string}
 */

/**
 * The phrases `root` carries (a `data-w-NAME` attribute each: the phrase's source as the
 * server's catalogue has it), filled by the one grammar the server uses too.
 * @param {Element} root
 * @returns {Say}
 */
function phrasesOf(root) {
  return (phrase, values) => formatMessage(root.getAttribute("data-w-" + phrase.toLowerCase()) || "", values);
}

/**
 * The element `selector` finds in `scope`, which must be a `type`: a page without it is
 * not a page this script was written for, and that is said at once.
 * @template {Element} T
 * @param {ParentNode} scope
 * @param {string} selector
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
function required(scope, selector, type) {
  const found = scope.querySelector(selector);
  if (!(found instanceof type)) throw new Error("this page has no " + selector + " (" + type.name + ")");
  return found;
}

/**
 * The element with `id`, which must be a `type` (see ``required``).
 * @template {Element} T
 * @param {string} id
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
function byId(id, type) {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error("this page has no #" + id + " (" + type.name + ")");
  return found;
}

/**
 * `element` emptied.
 * @param {Element} element
 */
function clear(element) {
  element.replaceChildren();
}

module.exports = { byId, clear, phrasesOf, required };
