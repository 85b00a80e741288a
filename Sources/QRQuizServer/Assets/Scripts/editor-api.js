"use strict";
// The topics API as the editor calls it (docs/EDITOR.md): JSON in and out, the page's form
// token on every change, the ETag of what was read.

/**
 * A problem of a topic the server refused or advised on, at a JSON path of it.
 * @typedef {{ path: string, message: string, location?: string, kind?: string }} Problem
 */

/** @typedef {{ version: string, saved: string }} Version */

/**
 * A format the topic can be downloaded in: its link, file name, the questions written
 * and left out, and what the format cannot hold.
 * @typedef {{ format: string, href: string, file: string, questions: number, leftOut: number, notes: string[] }} Export
 */

/**
 * An answer's JSON, as far as the editor reads it: an error's words, a saved topic's name
 * and advice, a refused one's problems, an uploaded picture's address.
 * @typedef {object} Body
 * @property {string} [error]
 * @property {string} [name]
 * @property {string} [url]
 * @property {Problem[]} [warnings]
 * @property {Problem[]} [problems]
 * @property {number} [problemCount]
 * @property {Export[]} [formats]
 * @property {string} [language] the language the exports' notes are in (`en`, `es`)
 */

/**
 * @typedef {object} Answer
 * @property {number} status
 * @property {string | null} etag
 * @property {Body} body the JSON object answered (empty for anything else)
 * @property {Version[]} list the JSON array answered (empty for anything else)
 */

class TopicsAPI {
  /**
   * @param {string} tokenHeader the header that carries the page's form token
   * @param {string} token
   */
  constructor(tokenHeader, token) {
    this.tokenHeader = tokenHeader;
    this.token = token;
  }

  /**
   * The address of topic `name` in the API, and of `rest` under it.
   * @param {string} name
   * @param {...string} rest each a segment, encoded
   */
  static topic(name, ...rest) {
    return ["/api/topics", name, ...rest].map((segment, index) => (index ? encodeURIComponent(segment) : segment))
      .join("/");
  }

  /**
   * @param {string} method
   * @param {string} url
   * @param {string | Blob} [body] JSON text, or a file's bytes
   * @param {Record<string, string>} [headers]
   * @returns {Promise<Answer>}
   */
  async request(method, url, body, headers) {
    /** @type {Record<string, string>} */
    const sent = { ...headers };
    if (method !== "GET") sent[this.tokenHeader] = this.token;
    if (typeof body === "string") sent["Content-Type"] = "application/json";
    const response = await fetch(url, { method, credentials: "same-origin", cache: "no-store", headers: sent, body });
    const text = await response.text();
    /** @type {unknown} */
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch (error) {
      json = null;
    }
    const isObject = typeof json === "object" && json !== null && !Array.isArray(json);
    return {
      status: response.status,
      etag: response.headers.get("ETag"),
      body: isObject ? /** @type {Body} */ (json) : {},
      list: Array.isArray(json) ? json : [],
    };
  }
}

module.exports = { TopicsAPI };
