"use strict";
// The teacher's phone reading the room's answer cards (`/scan/PIN`, docs/CARDS.md): each
// photo taken is made small enough to send (a 48 MP photo becomes 12 MP), turned upright as
// the camera held it, posted, and what it read is said: how many cards, how many new,
// which numbers. The phone never shows what the cards answered.
const { byId, required } = require("./page.js");
const { fittedSize, notYetSeen, scanSummary, seenList } = require("./card-state.js");

/** @typedef {import("./live-page.js").LivePage} LivePage */

/** A photo's pixels at most when sent: 12 MP, what phones take by default. */
const photoPixels = 12000000;

/**
 * Starts the scan page on `page`.
 * @param {LivePage} page
 */
function startScanner(page) {
  const say = page.say;
  const api = page.root.dataset.api || "";
  const secret = page.root.dataset.secret || "";
  const input = byId("card-photo", HTMLInputElement);
  const result = page.field("scan", "result", HTMLElement);
  const seen = page.field("scan", "seen", HTMLElement);
  const missing = page.field("scan", "not-seen", HTMLElement);
  // One photo at a time: the input is off while one is read.
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    if (!file || input.disabled) return;
    input.disabled = true;
    show([say("cardReading")], "", missing.textContent || "");
    read(file).then(([lines, numbers, notSeen]) => {
      show(lines, numbers, notSeen);
      input.disabled = false;
      input.value = "";
    });
  });

  /**
   * Sends `file` and says what it showed: the lines of the result, and the numbers seen.
   * @param {File} file
   * @returns {Promise<[string[], string, string]>}
   */
  async function read(file) {
    try {
      const body = await photo(file);
      const response = await fetch(api + "/scan?secret=" + encodeURIComponent(secret), {
        method: "POST", cache: "no-store", body, headers: { "Content-Type": body.type || "image/jpeg" },
      });
      const answer = await response.json().catch(() => ({}));
      if (response.ok) return [scanSummary(answer, say), seenList(answer, say), notYetSeen(answer, say)];
      if (response.status === 503) return [[say("cardBusy")], "", ""];
      if (response.status === 415) return [[say("cardPhotoFormat")], "", ""];
      return [[say("cardPhotoFailed", { reason: answer.error || String(response.status) })], "", ""];
    } catch (error) {
      return [[say("cardPhotoFailed", { reason: error instanceof Error ? error.message : String(error) })], "", ""];
    }
  }

  /**
   * @param {string[]} lines
   * @param {string} numbers
   * @param {string} [notSeen]
   */
  function show(lines, numbers, notSeen) {
    result.hidden = false;
    result.textContent = lines.join(" ");
    seen.textContent = numbers;
    missing.textContent = notSeen || "";
  }
  required(page.root, "#scan", HTMLElement).hidden = false;
}

/**
 * The photo to send: as it is when small enough, else drawn upright (its EXIF
 * orientation applied) at most ``photoPixels`` and sent as a JPEG.
 * @param {File} file
 * @returns {Promise<Blob>}
 */
async function photo(file) {
  let bitmap;
  try {
    // Drawn upright: browsers apply a photo's EXIF orientation by default.
    bitmap = await createImageBitmap(file);
  } catch (error) {
    return file;
  }
  const size = fittedSize(bitmap.width, bitmap.height, photoPixels);
  if (size.width === bitmap.width && size.height === bitmap.height && file.size <= 8 * 1024 * 1024) return file;
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
  return blob instanceof Blob ? blob : file;
}

module.exports = { startScanner };
