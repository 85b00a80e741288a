#!/usr/bin/env python3
"""Writes the Anki decks (.apkg) the import tests read, once; the outputs are committed.

  python3 make-anki-fixtures.py     (writes into anki/)

- anki/genanki-capitals.apkg: made by genanki (PyPI `genanki`, MIT licence, 0.13.1 when
  this was written), the tool most programs that make Anki decks use: Anki's legacy layout
  (`collection.anki2`, a JSON `media` map, files stored as they are), its Basic note type
  (Front, Back), HTML in the fields, a picture on one question and a sound on another.
- anki/genanki-cloze.apkg: made by genanki too, its Cloze note type (Text, Back Extra):
  clozes with hints, a number blanking two places, a Basic note among them, and hostile
  clozes (left open, nested, empty, a second '::', a brace after the close).
- anki/anki21b-history.apkg: Anki's newer export layout (Anki 2.1.50 and later:
  `collection.anki21b` compressed with zstd, `meta` saying version 3, `media` a
  zstd-compressed protobuf `MediaEntries` list, each media file zstd-compressed, and the
  `collection.anki2` placeholder that asks older Ankis to update), written with Python's
  sqlite3 and `zstandard` (PyPI) following Anki's schema 18 (rslib/src/storage/schema11.sql
  and its upgrades; `COLLATE unicase` as Anki declares it, a collation only Anki
  registers), with a review history (`revlog`: id the time in milliseconds, ease 1-4),
  one review of a reverse card and one entry rescheduled by hand (ease 0).

Neither needs Anki itself; no network once genanki and zstandard are installed
(scripts/install-deps installs both)."""
import json
import os
import sqlite3
import struct
import tempfile
import zipfile
import zlib

import genanki
import zstandard

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "anki")


def png(width, height, rgb):
    """A plain RGB PNG, written by hand (no imaging library needed)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def genanki_deck(folder):
    """The genanki deck: fixed ids, so the notes and cards are the same on every run."""
    picture = os.path.join(folder, "flag-peru.png")
    with open(picture, "wb") as file:
        file.write(png(24, 16, (200, 16, 46)))
    deck = genanki.Deck(2059400110, "Capitals")
    cards = [
        ("What is the capital of <b>France</b>?", "Paris"),
        ("Capital of Peru <img src=\"flag-peru.png\">", "Lima"),
        ("Capital of Japan [sound:japan.mp3]", "<div>Tokyo</div>"),
        ("Capital of Spain?", "Madrid &amp; nowhere else"),
        ("Capital of Italy?", "Rome"),
    ]
    for index, (front, back) in enumerate(cards):
        deck.add_note(genanki.Note(model=genanki.BASIC_MODEL, fields=[front, back], guid=f"capital{index}"))
    package = genanki.Package(deck, media_files=[picture])
    package.write_to_file(os.path.join(OUT, "genanki-capitals.apkg"))


def genanki_cloze_deck():
    """A deck of genanki's Cloze note type (Text, Back Extra) with a Basic note among them:
    clozes read one way, and hostile ones (left open, nested, empty, a second '::', a brace
    after the close) that the import must leave out, naming them."""
    deck = genanki.Deck(2059400111, "Cloze capitals")
    clozes = [
        ("{{c1::Paris}} is the capital of {{c2::France}}.", "Since 987"),
        ("The Nile flows into the {{c1::Mediterranean::sea}}.", ""),
        ("{{c1::Lima}} and {{c1::Quito}} are capitals in <b>South America</b>.", ""),
        ("Rome is the capital of {{c1::Italy", ""),
        ("{{c1::Madrid is in {{c2::Spain}} }}", ""),
        ("The capital of Chile is {{c1:: }}.", ""),
        ("Big Ben strikes at {{c1::10::30::am}}.", ""),
        ("The capital of Germany is {{c1::Berlin}}}.", ""),
        ("{{c2::Canberra}} is the capital of {{c3::Australia}}.", ""),
    ]
    for index, (text, extra) in enumerate(clozes):
        deck.add_note(genanki.Note(model=genanki.CLOZE_MODEL, fields=[text, extra], guid=f"cloze{index}"))
    deck.add_note(genanki.Note(
        model=genanki.BASIC_MODEL, fields=["What does {{c1::x}} mean in Anki?", "A cloze deletion"], guid="basic0"))
    genanki.Package(deck).write_to_file(os.path.join(OUT, "genanki-cloze.apkg"))


# Anki's schema 11 tables (the legacy collection), as rslib/src/storage/schema11.sql has them.
SCHEMA11 = """
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
  models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
  ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
  left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
  type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
"""

# What schema 18 (Anki 2.1.28 and later) adds: note types, decks and configuration as tables.
SCHEMA18 = """
CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL,
  val blob NOT NULL) WITHOUT ROWID;
CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE unicase,
  config blob NOT NULL, PRIMARY KEY (ntid, ord)) WITHOUT ROWID;
CREATE UNIQUE INDEX idx_fields_name_ntid ON fields (name, ntid);
CREATE TABLE templates (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) WITHOUT ROWID;
CREATE UNIQUE INDEX idx_templates_name_ntid ON templates (name, ntid);
CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name);
CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL, usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
CREATE UNIQUE INDEX idx_decks_name ON decks (name);
CREATE TABLE tags (tag text NOT NULL PRIMARY KEY COLLATE unicase, usn integer NOT NULL,
  collapsed boolean NOT NULL, config blob NULL) WITHOUT ROWID;
"""

DAY = 86_400_000
START = 1_767_600_000_000  # 2026-01-05T08:00:00Z, in milliseconds


def collection(path, version, notes, cards, reviews):
    """An Anki collection at `path`: `notes` (id, fields), `cards` (id, note, ord), `reviews`
    (milliseconds, card, ease, type)."""
    database = sqlite3.connect(path)
    database.create_collation("unicase", lambda a, b: (a.lower() > b.lower()) - (a.lower() < b.lower()))
    database.executescript(SCHEMA11 + (SCHEMA18 if version >= 18 else ""))
    database.execute(
        "INSERT INTO col VALUES (1, 1767571200, ?, ?, ?, 0, 0, 0, '', '', '', '', '')",
        (START, START, version))
    if version >= 18:
        database.execute("INSERT INTO notetypes VALUES (1342697561419, 'Basic', 0, 0, x'')")
        for ord_, name in enumerate(["Front", "Back"]):
            database.execute("INSERT INTO fields VALUES (1342697561419, ?, ?, x'')", (ord_, name))
        database.execute("INSERT INTO templates VALUES (1342697561419, 0, 'Card 1', 0, 0, x'')")
        database.execute("INSERT INTO decks VALUES (1, 'Default', 0, 0, x'', x'')")
    for note_id, fields in notes:
        sort = fields[0]
        database.execute(
            "INSERT INTO notes VALUES (?, ?, 1342697561419, 0, -1, '', ?, ?, ?, 0, '')",
            (note_id, f"g{note_id}", "\x1f".join(fields), sort, zlib.crc32(sort.encode()) & 0xFFFFFFFF))
    for card_id, note_id, ord_ in cards:
        database.execute(
            "INSERT INTO cards VALUES (?, ?, 1, ?, 0, -1, 2, 2, 0, 1, 2500, 1, 0, 0, 0, 0, 0, '')",
            (card_id, note_id, ord_))
    for milliseconds, card_id, ease, kind in reviews:
        database.execute("INSERT INTO revlog VALUES (?, ?, -1, ?, 1, 0, 2500, 6000, ?)", (milliseconds, card_id, ease, kind))
    database.commit()
    database.close()


def varint(number):
    out = b""
    while True:
        byte = number & 0x7F
        number >>= 7
        if number:
            out += bytes([byte | 0x80])
        else:
            return out + bytes([byte])


def field(number, payload):
    """A length-delimited protobuf field."""
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def newer_deck(folder):
    notes = [
        (1_700_000_000_001, ["Hola", "Hello"]),
        (1_700_000_000_002, ["Gracias <img src=\"gracias.png\">", "Thank you"]),
        (1_700_000_000_003, ["Adiós", "Goodbye"]),
        (1_700_000_000_004, ["Por favor", "Please"]),
    ]
    cards = [(1_700_000_100_001, notes[0][0], 0), (1_700_000_100_002, notes[1][0], 0),
             (1_700_000_100_003, notes[2][0], 0), (1_700_000_100_004, notes[3][0], 0),
             (1_700_000_100_005, notes[0][0], 1)]  # Hello -> Hola, the reverse card
    reviews = [
        (START, cards[0][0], 3, 0), (START + 600_000, cards[0][0], 3, 0), (START + 3 * DAY, cards[0][0], 4, 1),
        (START + 1000, cards[1][0], 1, 0), (START + 61_000, cards[1][0], 3, 0),
        (START + 2 * DAY, cards[1][0], 2, 1),
        (START + 2000, cards[2][0], 3, 0),
        (START + 5000, cards[4][0], 3, 0),           # the reverse card: another question
        (START + 4 * DAY, cards[2][0], 0, 4),        # rescheduled by hand: no rating
    ]
    path = os.path.join(folder, "collection.anki21b")
    collection(path, 18, notes, cards, reviews)
    legacy = os.path.join(folder, "collection.anki2")
    collection(legacy, 11, [(1, ["Please update to the latest Anki version, then import the .colpkg/.apkg file again.", ""])],
               [(1, 1, 0)], [])
    compressor = zstandard.ZstdCompressor(level=3, write_content_size=True)
    picture = png(20, 12, (0, 90, 200))
    entry = field(1, b"gracias.png") + varint(2 << 3) + varint(len(picture)) + field(3, bytes(20))
    media = field(1, entry)
    with zipfile.ZipFile(os.path.join(OUT, "anki21b-history.apkg"), "w", zipfile.ZIP_STORED) as archive:
        with open(legacy, "rb") as file:
            # Anki deflates the placeholder and stores the parts zstd already compressed.
            archive.writestr("collection.anki2", file.read(), compress_type=zipfile.ZIP_DEFLATED)
        with open(path, "rb") as file:
            archive.writestr("collection.anki21b", compressor.compress(file.read()))
        archive.writestr("media", compressor.compress(media))
        archive.writestr("meta", varint(1 << 3 | 0) + varint(3))
        archive.writestr("0", compressor.compress(picture))


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        genanki_deck(folder)
        genanki_cloze_deck()
        newer_deck(folder)


if __name__ == "__main__":
    main()
