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
 * A new `tag` element: `attributes` set as attributes (`text` as its text; `true` as an
 * attribute without a value; `false`, `null` and `undefined` left out), `children`
 * appended (text as text, never markup).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | null | undefined>} attributes
 * @param {...(Node | string | null | (Node | string | null)[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function build(tag, attributes, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") element.textContent = String(value);
    else if (value === true) element.setAttribute(key, "");
    else element.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) element.append(child);
  return element;
}

/**
 * `element` emptied.
 * @param {Element} element
 */
function clear(element) {
  element.replaceChildren();
}

module.exports = { build, byId, clear, phrasesOf, required };
