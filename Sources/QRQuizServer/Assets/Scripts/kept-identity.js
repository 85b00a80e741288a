"use strict";
// Who this browser is in a live game or a homework: the secret and name the server gave,
// kept in the browser's storage under one key per game or assignment, so a reload, a
// closed page or a locked phone comes back as the same player or student. In private
// browsing nothing can be kept: the page goes on, only a reload loses it.

/** A secret and a name as this browser keeps them, under `key`. */
class KeptIdentity {
  /** @param {string} key e.g. `qrquiz-live-PIN`, `qrquiz-homework-CODE` */
  constructor(key) {
    this.key = key;
  }

  /** @returns {{ secret?: string, name?: string } | null} */
  read() {
    try {
      return JSON.parse(localStorage.getItem(this.key) || "null");
    } catch (error) {
      return null;
    }
  }

  /** @param {{ secret: string, name: string }} value */
  write(value) {
    try {
      localStorage.setItem(this.key, JSON.stringify(value));
    } catch (error) {
      // Private browsing: nothing is kept.
    }
  }

  forget() {
    try {
      localStorage.removeItem(this.key);
    } catch (error) {
      // Private browsing: nothing was kept.
    }
  }
}

module.exports = { KeptIdentity };
