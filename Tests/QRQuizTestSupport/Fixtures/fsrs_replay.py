#!/usr/bin/env python3
"""The reference for `qrquiz review replay`: the same review log through py-fsrs 6 (PyPI
`fsrs`, installed by scripts/install-deps), fuzz off, printed in the same CSV.

  python3 fsrs_replay.py LOG.csv [--retention R] [--learning-steps 1m,10m]
                         [--relearning-steps 10m] [--maximum-interval DAYS]
                         [--parameters w0,...,w20]

LOG.csv: a header naming card, time and rating; rows `card,2026-01-05T08:00:00Z,3`, each
card's rows in time order. Prints `card,time,rating,state,step,stability,difficulty,due`
for each row: the card after that review (floats as Python's repr, every digit; due to the
second). Used by FSRSReferenceTests and Benchmarks/fsrs.py; it checks nothing the tests
need it to refuse (that is qrquiz's job)."""
import argparse
import csv
import sys
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
STATES = {1: "learning", 2: "review", 3: "relearning"}


def steps(text):
    return [timedelta(seconds=int(step[:-1]) * UNITS[step[-1]]) for step in text.split(",")] if text else []


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("log")
    parser.add_argument("--retention", type=float, default=0.9)
    parser.add_argument("--learning-steps", type=steps, default=steps("1m,10m"))
    parser.add_argument("--relearning-steps", type=steps, default=steps("10m"))
    parser.add_argument("--maximum-interval", type=int, default=36500)
    parser.add_argument("--parameters", type=lambda text: [float(w) for w in text.split(",")])
    options = parser.parse_args()
    settings = dict(desired_retention=options.retention, learning_steps=options.learning_steps,
                    relearning_steps=options.relearning_steps, maximum_interval=options.maximum_interval,
                    enable_fuzzing=False)
    if options.parameters is not None:
        settings["parameters"] = options.parameters
    scheduler = Scheduler(**settings)

    cards = {}
    out = csv.writer(sys.stdout, lineterminator="\r\n")
    out.writerow(["card", "time", "rating", "state", "step", "stability", "difficulty", "due"])
    with open(options.log, newline="", encoding="utf-8") as log:
        for row in csv.DictReader(log):
            time = datetime.strptime(row["time"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
            card = cards.get(row["card"]) or Card(card_id=len(cards) + 1, due=time)
            card, _ = scheduler.review_card(card, Rating(int(row["rating"])), review_datetime=time)
            cards[row["card"]] = card
            out.writerow([row["card"], row["time"], row["rating"], STATES[card.state],
                          "" if card.step is None else card.step, repr(card.stability), repr(card.difficulty),
                          card.due.strftime("%Y-%m-%dT%H:%M:%SZ")])


if __name__ == "__main__":
    main()
