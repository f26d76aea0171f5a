"""The comparison's tables as Markdown (out/people/figures.md, docs/measurements/people.md): every
figure of the people and of each of Pepper's runs, the goals, each mood among the people.

Python 2.7/3 single-source.
"""
from __future__ import absolute_import, division, print_function

from people import compare, measure, quality, study


def number(value, form="%.2f"):
    """``value`` written in ``form``, or n/a where it is NaN (not read)."""
    return "n/a" if value != value else form % value


def shown(key, value):
    return number(value, measure.KEYS[key][2])


def label(key):
    text, unit, _form = measure.KEYS[key]
    return "%s (%s)" % (text, unit) if unit else text


def _span(key, values):
    median, low, high, count = compare.summary(values)
    if not count:
        return "-"
    return "%s (%s-%s, %d)" % (shown(key, median), shown(key, low), shown(key, high), count)


def row(cells):
    """A Markdown table row of ``cells``."""
    return "| " + " | ".join(cells) + " |"


def figures_table(found, style):
    """The figures of the people and of ``style``'s runs (one column per mood): Markdown
    lines. A run's figure outside the people's range is in bold."""
    moods = [mood for (each, mood) in found.runs if each == style]
    lines = [row(["figure", "genuine (BDS for the DFA): median (range, people)", "acted"]
                  + ["%s (%g, %g)" % (style, mood[0], mood[1]) for mood in moods]),
             row(["---"] * (3 + len(moods)))]
    for key in measure.KEYS:
        acted = "-" if key in measure.SWAY else _span(
            key, [each[key] for each in found.acted.values()])
        cells = [label(key), _span(key, study.people(found, key)), acted]
        for mood in moods:
            value = found.runs[style, mood][key]
            inside = compare.inside(value, study.people(found, key))
            cells.append(shown(key, value) if inside else "**%s**" % shown(key, value))
        lines.append(row(cells))
    typical = study.typical_person(found)
    acted = compare.summary([study.typicality(found, each) for each in found.acted.values()])
    lines.append(row(["inside the people's range", "", ""] + [
        "%d of %d" % (len(measure.KEYS) - len(study.outside(found, found.runs[style, mood])),
                      len(measure.KEYS)) for mood in moods]))
    lines.append(row(["spreads from the genuine median (mean over the %d arm, torso and "
                       "knee figures)" % len(study.TYPICAL),
                       "%.2f (%.2f-%.2f), each among the others" % tuple(typical),
                       "%.2f (%.2f-%.2f)" % acted[:3]]
                      + ["%.2f" % study.typicality(found, found.runs[style, mood])
                         for mood in moods]))
    return lines


def goals_table(found):
    return goal_lines(study.goals(found))


def goal_lines(goals):
    """Markdown lines: each goal (name, met, detail), met or not."""
    return [row(["goal", "met", "how"]), row(["---"] * 3)] + [
        row([goal.name, "yes" if goal.met else "**no**", goal.detail]) for goal in goals]


def moods_table(found, style):
    """Where each of ``style``'s moods falls among the people, figure by figure: the share
    of people below it, or below / above them all."""
    moods = [mood for (each, mood) in found.runs if each == style]
    lines = [row(["figure"] + ["(%g, %g)" % mood for mood in moods]),
             row(["---"] * (1 + len(moods)))]
    for key in measure.KEYS:
        lines.append(row([label(key)] + [
            compare.position(found.runs[style, mood][key], study.people(found, key))
            for mood in moods]))
    lines.append(row(["third of the genuine move rate"] + [
        compare.third(found.runs[style, mood]["moves"], study.people(found, "moves"))
        for mood in moods]))
    return lines


def people_lines(found):
    """Each person's figures: one row per clip or subject."""
    keys = list(measure.KEYS)
    lines = [row(["person"] + keys), row(["---"] * (1 + len(keys)))]
    for group in (found.genuine, found.acted, found.balance):
        for name, each in group.items():
            lines.append(row([name] + [shown(key, each[key]) for key in keys]))
    return lines


def quality_table(qualities):
    """Issue 13's figures (quality.py) of the people (median and range, genuine and acted
    apart) and of each style at the neutral mood: Markdown lines."""
    pepper = list(qualities["pepper"])
    lines = [row(["figure", "genuine: median (range)", "acted: median (range)"] + pepper),
             row(["---"] * (3 + len(pepper)))]
    for key, (text, form) in quality.KEYS.items():
        cells = [text]
        for kind in ("genuine", "acted"):
            median, low, high, _count = compare.summary(
                [each[key] for each in qualities[kind].values()])
            cells.append("%s (%s-%s)" % (form % median, form % low, form % high))
        lines.append(row(cells + [form % qualities["pepper"][name][key] for name in pepper]))
    return lines


def styles_of(found):
    """The styles of ``found``'s runs, in their order."""
    listed = []
    for style, _mood in found.runs:
        if style not in listed:
            listed.append(style)
    return listed


def report(found, minutes, seed, qualities=None):
    """The whole of figures.md: Markdown lines; ``qualities`` (quality.results): issue 13's
    figures too."""
    lines = ["# Pepper beside people standing idle", "",
             "People: ReActIdle's clips (genuine and acted apart) and BDS's centre-of-"
             "pressure trials for the sway's DFA exponents. Pepper: the angles each style "
             "commands, %g robot minutes per mood, seed %d, rebuilt at 50 Hz. A figure in "
             "bold lies outside the people's range (docs/people.md)." % (minutes, seed), ""]
    for style in styles_of(found):
        lines += ["## %s" % style, ""] + figures_table(found, style) + [""]
    lines += ["## The goals", ""] + goals_table(found) + [""]
    if qualities is not None:
        lines += ["## Issue 13's figures, people and Pepper read alike", ""] + quality_table(
            qualities) + [""]
    for style in styles_of(found):
        lines += ["## Each mood among the people (%s)" % style, ""] + moods_table(
            found, style) + [""]
    lines += ["## Each person", ""] + people_lines(found) + [""]
    return lines


def page(figures, sensitivity_lines):
    """docs/measurements/people.md's part: figures.md but its title, then sensitivity.md's
    summary (up to its first figure's table), every heading at the page's third level."""
    first = next(index for index, line in enumerate(sensitivity_lines)
                 if index and line.startswith("## "))
    return part(figures + sensitivity_lines[:first])


def part(report_lines):
    """A report's Markdown lines (title first) as a part of a docs/measurements/ page:
    without the title and the blank lines around, every heading at the page's third
    level."""
    lines = list(report_lines[1:])
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return ["### " + line.lstrip("#").lstrip() if line.startswith("#") else line
            for line in lines]
