"use strict";
// A live page's line to its game: the event stream (docs/LIVE.md), which the browser
// reconnects by itself after a drop; when the server refused the stream, the secret is
// checked before trying again. And the page's moves, posted as JSON.
const { firstRetryDelay, nextRetryDelay } = require("./live-state.js");

/**
 * What the page does with what the stream says.
 * @typedef {object} GameListener
 * @property {(name: "lobby" | "question" | "closed" | "over", state: import("./live-state.js").GameState) => void} state
 *   the game is at this point
 * @property {(event: { answered?: number, players?: number, cards?: number[], seen?: number[] }) => void} progress
 *   the host's count of answers changed (and, in a game with a class, the cards seen)
 * @property {() => void} kicked this player was removed
 * @property {(online: boolean) => void} online the stream dropped (false) or is back (true)
 * @property {() => void} noSuchGame the game is over and gone
 * @property {() => void} refused the secret is not (or no longer) accepted
 * @property {(secret: string, name: string) => void} [rejoined] the host let this device continue
 *   as the player: `secret` is theirs now, `name` theirs as the game spells it
 * @property {() => void} [replaced] the player continues on another device: this one is done
 * @property {() => void} [declined] the host said no to this device's asking to continue as a player
 */

const states = /** @type {const} */ (["lobby", "question", "closed", "over"]);

class GameConnection {
  /**
   * @param {string} api the game's address in the API (`/api/live/PIN`)
   * @param {string | null} secret the host's or the player's secret, once known
   * @param {GameListener} listener
   */
  constructor(api, secret, listener) {
    this.api = api;
    this.secret = secret;
    this.listener = listener;
    /** @type {EventSource | null} */
    this.source = null;
    this.retryDelay = firstRetryDelay;
    // A phone that slept: the stream may have closed while it was away.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && this.secret && this.isClosed) this.check();
    });
    // A computer whose network went away cannot reach the server: said at once (a stream
    // may wait long for its next byte before it notices), and followed again once back.
    window.addEventListener("offline", () => this.listener.online(false));
    window.addEventListener("online", () => {
      if (this.secret) this.check();
    });
  }

  get isClosed() {
    return this.source !== null && this.source.readyState === EventSource.CLOSED;
  }

  /**
   * Follows the game's events with `secret`, just given by the server.
   * @param {string} secret
   */
  follow(secret) {
    this.secret = secret;
    this.connect();
  }

  /**
   * Follows the game again with `secret`, kept from before, once the server says it is
   * still good.
   * @param {string} secret
   */
  resume(secret) {
    this.secret = secret;
    this.check();
  }

  /** Follows the game's events with the secret. */
  connect() {
    this.close();
    const source = new EventSource(this.api + "/events?secret=" + encodeURIComponent(this.secret || ""));
    this.source = source;
    source.addEventListener("open", () => {
      this.listener.online(true);
      this.retryDelay = firstRetryDelay;
    });
    source.addEventListener("error", () => {
      this.listener.online(false);
      if (source.readyState === EventSource.CLOSED) {
        window.setTimeout(() => this.check(), this.retryDelay);
        this.retryDelay = nextRetryDelay(this.retryDelay);
      }
    });
    for (const name of states) {
      source.addEventListener(name, (event) => {
        this.listener.online(true);
        this.listener.state(name, JSON.parse(/** @type {MessageEvent} */ (event).data));
      });
    }
    source.addEventListener("answered", (event) => {
      this.listener.progress(JSON.parse(/** @type {MessageEvent} */ (event).data));
    });
    source.addEventListener("kicked", () => {
      this.close();
      this.listener.kicked();
    });
    source.addEventListener("rejoined", (event) => {
      const data = JSON.parse(/** @type {MessageEvent} */ (event).data);
      const name = typeof data.name === "string" ? data.name : "";
      if (typeof data.secret === "string" && this.listener.rejoined) this.listener.rejoined(data.secret, name);
    });
    source.addEventListener("replaced", () => {
      this.close();
      if (this.listener.replaced) this.listener.replaced();
    });
    source.addEventListener("declined", () => {
      this.close();
      if (this.listener.declined) this.listener.declined();
    });
  }

  /** Asks whether the game and the secret are still good, then follows the game again. */
  async check() {
    try {
      const response = await fetch(this.api + "/status?secret=" + encodeURIComponent(this.secret || ""),
        { cache: "no-store" });
      if (response.status === 404) {
        this.close();
        this.listener.noSuchGame();
        return;
      }
      if (response.status === 403) {
        this.listener.refused();
        return;
      }
    } catch (error) {
      // Still offline: the stream tries again.
    }
    this.connect();
  }

  close() {
    if (this.source) this.source.close();
  }

  /**
   * Posts `body` as JSON to `path` of the game's API.
   * @param {string} path
   * @param {object} body
   * @returns {Promise<{ status: number, data: { error?: string, reason?: string, secret?: string, name?: string,
   *   rejoin?: string } }>}
   */
  async post(path, body) {
    const response = await fetch(this.api + path, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    let data = {};
    try {
      data = await response.json();
    } catch (error) {
      data = {};
    }
    return { status: response.status, data };
  }
}

module.exports = { GameConnection };
