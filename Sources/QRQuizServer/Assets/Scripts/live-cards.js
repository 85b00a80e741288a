"use strict";
// The host screen's answer cards (docs/CARDS.md): the grid of the class's cards for the
// open question (seen or not yet, never what they answered), and the panel that reads
// them: this computer's camera, whose frames are posted one at a time while a question is
// open. The scan page's link is never on this screen: the teacher's own device has it.
const { byId, clear } = require("./page.js");
const { cameraNotice, cardGrid } = require("./card-state.js");

/** @typedef {import("./page.js").Say} Say */
/** @typedef {import("./live-page.js").LivePage} LivePage */

/** Milliseconds between the starts of two frames while a question is open: about four a
 * second, one in flight; between questions one a second, so the server knows which cards
 * are still up from the last question when the next opens. */
const frameInterval = 250;
const idleFrameInterval = 1000;
/** A webcam frame's pixels at most (1280 × 720 and a little more). */
const framePixels = 1000000;

/**
 * Starts the host screen's cards, when the game has a class (else does nothing).
 * @param {LivePage} page
 * @param {string} api the game's address in the API
 * @param {string} secret the host's secret
 * @returns {{ show: (event: import("./card-state.js").CardEvent) => void, questionOpen: (open: boolean) => void }}
 */
function startCards(page, api, secret) {
  const say = page.say;
  const panel = document.getElementById("card-panel");
  if (!panel) return { show: () => {}, questionOpen: () => {} };
  const camera = new CardCamera(api, secret, say);
  return {
    show(event) {
      const grid = cardGrid(event, say);
      const wrapper = page.field("question", "cards", HTMLElement);
      wrapper.hidden = grid === null;
      if (grid === null) return;
      page.setField("question", "cards-heading", say("cardGridLabel"));
      page.setField("question", "cards-count", grid.count);
      const list = page.field("question", "card-grid", HTMLElement);
      clear(list);
      for (const card of grid.cards) {
        const item = document.createElement("li");
        item.className = card.seen ? "seen" : "waiting";
        item.textContent = String(card.card);
        item.setAttribute("aria-label", card.label);
        list.append(item);
      }
    },
    questionOpen(open) {
      camera.questionOpen = open;
    },
  };
}

/** This computer's camera, posting frames of the room while a question is open. */
class CardCamera {
  /**
   * @param {string} api
   * @param {string} secret
   * @param {Say} say
   */
  constructor(api, secret, say) {
    this.api = api;
    this.secret = secret;
    this.say = say;
    this.toggle = byId("card-camera-toggle", HTMLButtonElement);
    this.status = byId("card-camera-status", HTMLElement);
    this.video = byId("card-camera", HTMLVideoElement);
    this.canvas = document.createElement("canvas");
    /** @type {MediaStream | null} */
    this.stream = null;
    this.running = false;
    this.questionOpen = false;
    this.toggle.addEventListener("click", () => (this.running ? this.stop() : this.start()));
  }

  async start() {
    // Browsers give a camera only to secure pages: https, or this computer's own address.
    if (!window.isSecureContext || !navigator.mediaDevices) {
      this.status.textContent = this.say("cardCameraNeedsSecureAddress");
      return;
    }
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: "environment" }, audio: false,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message || error.name : String(error);
      this.status.textContent = this.say("cardCameraFailed", { reason });
      return;
    }
    this.video.srcObject = this.stream;
    this.video.hidden = false;
    await this.video.play().catch(() => {});
    this.running = true;
    this.toggle.setAttribute("aria-pressed", "true");
    this.toggle.textContent = this.say("cardStopCamera");
    this.status.textContent = this.say("cardCameraOn");
    this.loop();
  }

  stop() {
    this.running = false;
    if (this.stream) for (const track of this.stream.getTracks()) track.stop();
    this.stream = null;
    this.video.srcObject = null;
    this.video.hidden = true;
    this.toggle.setAttribute("aria-pressed", "false");
    this.toggle.textContent = this.say("cardUseCamera");
    this.status.textContent = this.say("cardCameraOff");
  }

  /** Posts a frame at a time while the camera runs: the next after the last is answered. */
  async loop() {
    while (this.running) {
      const started = performance.now();
      const frame = await this.frame();
      if (frame) await this.send(frame);
      const interval = this.questionOpen ? frameInterval : idleFrameInterval;
      const wait = Math.max(0, interval - (performance.now() - started));
      await new Promise((resolve) => window.setTimeout(resolve, wait));
    }
  }

  /**
   * The video's picture now, as a JPEG, as the camera sees it (the preview is not a
   * mirror, so neither is the frame).
   * @returns {Promise<Blob | null>}
   */
  frame() {
    const width = this.video.videoWidth;
    const height = this.video.videoHeight;
    if (!width || !height) return Promise.resolve(null);
    const scale = Math.min(1, Math.sqrt(framePixels / (width * height)));
    this.canvas.width = Math.round(width * scale);
    this.canvas.height = Math.round(height * scale);
    const context = this.canvas.getContext("2d");
    if (!context) return Promise.resolve(null);
    context.drawImage(this.video, 0, 0, this.canvas.width, this.canvas.height);
    return new Promise((resolve) => this.canvas.toBlob(resolve, "image/jpeg", 0.85));
  }

  /**
   * Posts `frame`; the grid shows what it did (through the game's events).
   * @param {Blob} frame
   */
  async send(frame) {
    try {
      const response = await fetch(this.api + "/scan", {
        method: "POST", cache: "no-store", body: frame,
        headers: { "Authorization": "Bearer " + this.secret, "Content-Type": "image/jpeg" },
      });
      // A frame answered after the camera was stopped says nothing.
      if (!this.running) return;
      const answer = await response.json().catch(() => ({}));
      if (!this.running) return;
      if (response.status >= 400 && response.status !== 503) {
        this.status.textContent = this.say("cardCameraFailed", { reason: answer.error || String(response.status) });
      } else if (response.ok) {
        this.status.textContent = cameraNotice(answer, this.say) || this.say("cardCameraOn");
      }
    } catch (error) {
      // The network dropped a frame: the next one tries again.
    }
  }
}

module.exports = { startCards };
