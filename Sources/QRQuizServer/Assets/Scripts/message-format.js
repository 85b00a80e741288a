"use strict";
// The catalogues' message grammar, as Sources/QRQuiz/Words/MessageTemplate.swift parses
// it: text, `{name}`, and `{count, plural, one {…} other {…}}` with `#` for the count;
// `'{'`, `'}'` and `'#'` are the literal characters. The pages get each phrase's source
// (their `data-w-…` attributes) and fill it here with what only the browser knows: a
// player's rank, the seconds left, the number of a set just added. The Swift and this
// implementation pass the same cases (Tests/QRQuizTestSupport/Fixtures/message-templates.json).

/**
 * A piece of a message: text as written, an argument's value, or a plural choice.
 * @typedef {{ text: string } | { argument: string } | { plural: string, one: Part[], other: Part[] }} Part
 */

/**
 * A value for a placeholder: text, or a whole number (shown in digits, and what plural
 * choices count).
 * @typedef {string | number} Argument
 */

/** Why a message does not parse (the words of MessageTemplate.SyntaxError). */
class MessageSyntaxError extends Error {}

/**
 * The plural form of `count` in English and Spanish: `one` for 1, else `other`.
 * @param {number | null} count
 * @returns {"one" | "other"}
 */
function pluralCategory(count) {
  return count === 1 ? "one" : "other";
}

/**
 * The pieces of `source`.
 * @param {string} source
 * @returns {Part[]}
 * @throws {MessageSyntaxError} for an unclosed brace, or a plural without `one` and `other`.
 */
function parseMessage(source) {
  const reader = new Reader(source);
  const parts = reader.parts(null);
  if (!reader.isAtEnd) throw new MessageSyntaxError("unbalanced '}' in \"" + source + "\"");
  return parts;
}

/**
 * The message as plain text with `values` in place (a missing one stays `{name}`).
 * @param {Part[]} parts
 * @param {Record<string, Argument>} values
 * @returns {string}
 */
function renderMessage(parts, values) {
  let text = "";
  for (const part of parts) {
    if ("text" in part) {
      text += part.text;
    } else if ("argument" in part) {
      const value = values[part.argument];
      text += value === undefined ? "{" + part.argument + "}" : String(value);
    } else {
      const branch = pluralCategory(countOf(values[part.plural])) === "one" ? part.one : part.other;
      text += renderMessage(branch, values);
    }
  }
  return text;
}

/**
 * A value as a count for plural choices: whole numbers only (text is never counted).
 * @param {Argument | undefined} value
 * @returns {number | null}
 */
function countOf(value) {
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

/**
 * `source` filled with `values`. A source that does not parse is shown as it is, as the
 * server shows a broken catalogue entry, rather than stopping the page.
 * @param {string} source
 * @param {Record<string, Argument>} [values]
 * @returns {string}
 */
function formatMessage(source, values) {
  let parts;
  try {
    parts = parseMessage(source);
  } catch (error) {
    if (error instanceof MessageSyntaxError) return source;
    throw error;
  }
  return renderMessage(parts, values || {});
}

/**
 * Every argument the message names (placeholders and plural counts).
 * @param {Part[]} parts
 * @returns {Set<string>}
 */
function argumentNames(parts) {
  /** @type {Set<string>} */
  const names = new Set();
  for (const part of parts) {
    if ("argument" in part) {
      names.add(part.argument);
    } else if ("plural" in part) {
      names.add(part.plural);
      for (const name of argumentNames(part.one)) names.add(name);
      for (const name of argumentNames(part.other)) names.add(name);
    }
  }
  return names;
}

/** Reads a message's characters, one level of braces at a time (MessageTemplate.Reader). */
class Reader {
  /** @param {string} source */
  constructor(source) {
    this.characters = Array.from(source);
    this.index = 0;
  }

  get isAtEnd() {
    return this.index >= this.characters.length;
  }

  /**
   * Parts up to the end, or up to the `}` closing a plural branch (`#` then stands for the
   * plural's argument, `name`).
   * @param {string | null} name
   * @returns {Part[]}
   */
  parts(name) {
    const characters = this.characters;
    /** @type {Part[]} */
    const parts = [];
    let text = "";
    const flush = () => {
      if (text !== "") parts.push({ text });
      text = "";
    };
    while (this.index < characters.length) {
      const character = characters[this.index];
      if (character === "}") {
        flush();
        return parts;
      }
      if (character === "{") {
        flush();
        this.index += 1;
        parts.push(this.placeholder());
        continue;
      }
      if (character === "'" && this.index + 2 < characters.length && characters[this.index + 2] === "'"
        && "{}#".includes(characters[this.index + 1])) {
        text += characters[this.index + 1];
        this.index += 3;
        continue;
      }
      if (character === "#" && name !== null) {
        flush();
        parts.push({ argument: name });
      } else {
        text += character;
      }
      this.index += 1;
    }
    flush();
    return parts;
  }

  /**
   * After `{`: `name}` or `name, plural, one {…} other {…}}`.
   * @returns {Part}
   */
  placeholder() {
    const name = this.word();
    if (name === "") throw new MessageSyntaxError("a placeholder without a name at " + this.index);
    this.skipSpaces();
    if (this.take("}")) return { argument: name };
    if (!(this.take(",") && this.word() === "plural" && this.take(","))) {
      throw new MessageSyntaxError("'{" + name + "' must be closed or be a plural");
    }
    /** @type {Map<string, Part[]>} */
    const branches = new Map();
    for (;;) {
      this.skipSpaces();
      if (this.take("}")) break;
      const key = this.word();
      this.skipSpaces();
      if (key === "" || !this.take("{")) throw new MessageSyntaxError("a plural branch of '" + name + "' is malformed");
      branches.set(key, this.parts(name));
      if (!this.take("}")) throw new MessageSyntaxError("a plural branch of '" + name + "' is not closed");
    }
    const one = branches.get("one");
    const other = branches.get("other");
    if (one === undefined || other === undefined || branches.size !== 2) {
      throw new MessageSyntaxError("the plural of '" + name + "' needs exactly 'one' and 'other'");
    }
    return { plural: name, one, other };
  }

  /**
   * Letters, digits and `_` (a name or a keyword), after any spaces: Unicode's Alphabetic
   * and numbers, as Swift's `isLetter` and `isNumber` take them.
   * @returns {string}
   */
  word() {
    this.skipSpaces();
    let word = "";
    while (this.index < this.characters.length && /^[\p{Alphabetic}\p{N}_]$/u.test(this.characters[this.index])) {
      word += this.characters[this.index];
      this.index += 1;
    }
    return word;
  }

  skipSpaces() {
    while (this.index < this.characters.length && this.characters[this.index] === " ") this.index += 1;
  }

  /**
   * Whether the next character (after any spaces) is `character`, taken if so.
   * @param {string} character
   */
  take(character) {
    this.skipSpaces();
    if (this.index >= this.characters.length || this.characters[this.index] !== character) return false;
    this.index += 1;
    return true;
  }
}

module.exports = { MessageSyntaxError, argumentNames, formatMessage, parseMessage, pluralCategory, renderMessage };
