"""Deterministic generated topics for benchmarks and tests: realistic text, sizes from a
few hundred bytes to whatever is asked, written as compact (already normalised) JSON."""
import json
import random

WORDS = ("capital river mountain planet element author painting battle treaty island "
         "language ocean desert volcano composer theorem molecule empire festival bridge").split()


def make_topic(rng, questions, answer_count=4, name=None):
    def phrase(n):
        return " ".join(rng.choice(WORDS) for _ in range(n))
    sets = []
    remaining = questions
    while remaining > 0:
        size = min(remaining, rng.randint(3, 8))
        remaining -= size
        sets.append([
            {
                "question": phrase(rng.randint(4, 10)).capitalize() + "?",
                "answers": [f"{i + 1}. {phrase(rng.randint(1, 3))}" for i in range(answer_count)],
                "correctAnswers": sorted(rng.sample(range(answer_count), rng.randint(1, answer_count - 1))),
            }
            for _ in range(size)
        ])
    topic = {"sets": sets}
    if name:
        topic = {"options": {"name": name}, "sets": sets}
    return topic


def compact(topic):
    return json.dumps(topic, ensure_ascii=False, separators=(",", ":"))


def topic_of_size(rng, target_bytes, name=None):
    """The largest generated topic whose compact JSON is at most target_bytes."""
    questions = 1
    best = make_topic(rng, 1, name=name)
    while True:
        candidate = make_topic(random.Random(rng.random()), questions + 1, name=name)
        if len(compact(candidate).encode()) > target_bytes:
            return best
        best, questions = candidate, questions + 1
