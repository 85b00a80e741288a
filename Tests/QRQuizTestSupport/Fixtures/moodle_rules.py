#!/usr/bin/env python3
"""Checks Moodle XML files against the rules of Moodle's own importer
(question/format/xml/format.php and the question types' own checks), read with Python's
ElementTree, a parser independent of QRQuiz's:

- the root is <quiz>, every child a <question> of a known type, a category first;
- a category's <category><text> is a path starting $course$/;
- every question has a <name><text> and a <questiontext> with a <text>;
- multichoice: at least two answers, none empty; every fraction one of Moodle's grades
  (question_bank::fraction_options_full, in percent); single: an answer of 100%;
  multiple: the positive fractions add up to 100%;
- truefalse: answers "true" and "false", one of them 100%;
- numerical: an answer of 100% that is a number, with a numeric tolerance;
- every @@PLUGINFILE@@/NAME a text refers to is one of its <file>s, base64 that decodes.

  python3 moodle_rules.py FILE.xml…   (prints each broken rule; exit 1 if any)"""
import base64
import re
import sys
import urllib.parse
import xml.etree.ElementTree as ET

GRADES = [1.0, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2, 0.1666667,
          0.1428571, 0.125, 0.1111111, 0.1, 0.05, 0.0]
ALLOWED = sorted({g * 100 for g in GRADES} | {-g * 100 for g in GRADES})
TYPES = {"category", "multichoice", "truefalse", "numerical", "shortanswer", "essay", "matching", "cloze",
         "multianswer", "description", "ddwtos", "gapselect", "calculated", "calculatedsimple", "calculatedmulti"}


def is_grade(fraction):
    return any(abs(fraction - allowed) < 0.0001 for allowed in ALLOWED)


def text_of(element, path):
    found = element.find(path)
    return None if found is None else (found.text or "")


def check_files(question, where, problems):
    for holder in question.iter():
        text = holder.find("text")
        if text is None or text.text is None:
            continue
        names = {f.get("name"): f for f in holder.findall("file")}
        for reference in re.findall(r"@@PLUGINFILE@@/([^\"'<> ]+)", text.text):
            name = urllib.parse.unquote(reference)
            if name not in names:
                problems.append(f"{where}: refers to @@PLUGINFILE@@/{reference}, which is not among its files")
                continue
            try:
                base64.b64decode("".join((names[name].text or "").split()), validate=True)
            except Exception:
                problems.append(f"{where}: the file {name} is not base64")


def check(path):
    problems = []
    root = ET.parse(path).getroot()
    if root.tag != "quiz":
        return [f"{path}: the root is <{root.tag}>, not <quiz>"]
    questions = list(root)
    if questions and questions[0].get("type") != "category":
        problems.append(f"{path}: the first question is not a category")
    for number, question in enumerate(questions, 1):
        where = f"{path}: question {number}"
        kind = question.get("type")
        if question.tag != "question" or kind not in TYPES:
            problems.append(f"{where}: <{question.tag} type={kind!r}> is no Moodle question")
            continue
        if kind == "category":
            if not (text_of(question, "category/text") or "").startswith("$course$/"):
                problems.append(f"{where}: a category path must start $course$/")
            continue
        if not (text_of(question, "name/text") or "").strip():
            problems.append(f"{where}: no name")
        if text_of(question, "questiontext/text") is None:
            problems.append(f"{where}: no question text")
        answers = question.findall("answer")
        fractions = [float(a.get("fraction", "0")) for a in answers]
        for fraction in fractions:
            if not is_grade(fraction):
                problems.append(f"{where}: the fraction {fraction} is not one of Moodle's grades")
        if kind == "multichoice":
            if len(answers) < 2:
                problems.append(f"{where}: fewer than two answers")
            if any(not (text_of(a, "text") or "").strip() for a in answers):
                problems.append(f"{where}: an empty answer")
            if (text_of(question, "single") or "true") in ("true", "1"):
                if max(fractions, default=0) < 99.99:
                    problems.append(f"{where}: single choice without an answer of 100%")
            elif abs(sum(f for f in fractions if f > 0) - 100) > 0.01:
                problems.append(f"{where}: the positive fractions add up to {sum(f for f in fractions if f > 0)}")
        elif kind == "truefalse":
            texts = sorted((text_of(a, "text") or "").strip().lower() for a in answers)
            if texts != ["false", "true"] or sorted(fractions) != [0, 100]:
                problems.append(f"{where}: a truefalse question needs true and false, one of them 100%")
        elif kind == "numerical":
            right = [a for a, f in zip(answers, fractions) if f >= 99.99]
            try:
                float((text_of(right[0], "text") or "").strip())
                float((text_of(right[0], "tolerance") or "0").strip())
            except (IndexError, ValueError):
                problems.append(f"{where}: no numeric answer of 100% with a numeric tolerance")
        check_files(question, where, problems)
    return problems


def main():
    problems = [problem for path in sys.argv[1:] for problem in check(path)]
    for problem in problems:
        print(problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
