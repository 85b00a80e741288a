"""Deterministic generated topics for benchmarks and tests: realistic text, sizes from a
few hundred bytes to whatever is asked, written as compact (already normalised) JSON."""
import json
import random

# A few thousand pseudo-words from syllables: text that compresses about as well as real
# quiz text (around 2.5-3x with zlib), unlike a small repeated vocabulary.
_SYLLABLES = ("ka lo mi ne ru sa te vo bi da fe gu ho ji ku la me no pa qui re si tu va we xo ya "
              "zu an el in on ur ar er ir or us st th ch sh ph tr pl gr br").split()
_vocabulary = random.Random(7)
WORDS = sorted({"".join(_vocabulary.choice(_SYLLABLES) for _ in range(_vocabulary.randint(1, 4)))
                for _ in range(4000)})


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
