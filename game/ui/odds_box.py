"""The odds box's lines: an odds report (game/rulesets/offers.py) as the hover box on the
play screen shows it, never more than :data:`ODDS_BOX_LINES`."""

from __future__ import annotations

from collections.abc import Callable

from game.core.odds import Distribution
from game.rulesets.offers import OddsReport


def pct(p: float, digits: int) -> str:
    """A probability as a percentage; one that rounds to nothing but can happen says so."""
    floor = 10 ** -digits
    if 0 < p * 100 < floor / 2:
        return f"<{floor:.{digits}f}%"
    return f"{p * 100:.{digits}f}%"


#: the most lines the odds box shows (game/ui/play_view.py draws at most this many)
ODDS_BOX_LINES = 22


#: the fewest outcome lines the box keeps for the main distribution before its modifiers
MIN_OUTCOME_LINES = 6


def outcome_words(key: object, label: str) -> str:
    """An outcome as words: a pair of results (a test and its casualties) against a label
    that names both, "(test, casualties)", reads "fails: pinned, 1 casualties", not the
    program's "('fails: pinned', 1)"."""
    if not isinstance(key, tuple):
        return str(key)
    names = label.strip("()").split(", ") if label.startswith("(") else []
    if len(names) != len(key):
        return ", ".join(str(k) for k in key)
    return ", ".join(f"{k} {n}" if isinstance(k, int | float) and not isinstance(k, bool) else str(k) for k, n in zip(key, names, strict=True))


def _is_morale(name: str) -> bool:
    return name.startswith("morale")


def _summary(name: str, dist: Distribution) -> str:
    """A distribution beside the main one (hit or miss, a morale test) on one line."""
    return f"{name}: " + ", ".join(f"{k} ({pct(p, 0)})" for k, p in sorted(dist.probs.items(), key=lambda kv: str(kv[0])))


def odds_lines(rep: OddsReport) -> list[str]:
    """An odds report as the lines of the hover box, never more than :data:`ODDS_BOX_LINES`:
    the title, the modifiers, the summaries (hit or miss), the outcomes from the likeliest,
    the morale tests, how the odds were found. When the outcomes are more than the box
    holds (an HE shot's many mixes of effects), the likeliest show and one line gathers
    the rest with their total; modifiers that do not fit are counted on one line (the log
    shows every one when it is rolled); the outcomes keep :data:`MIN_OUTCOME_LINES` lines.
    Every chance shown is the report's own."""
    d = rep.outcomes
    extras = sorted(rep.extra.items(), key=lambda kv: _is_morale(kv[0]))  # hit or miss first, morale last

    before = [_summary(n, x) for n, x in extras if not _is_morale(n)]
    after = [_summary(n, x) for n, x in extras if _is_morale(n)]
    method = "(" + d.method.split(":")[0] + ")"
    results = sorted(d.probs.items(), key=lambda kv: (-kv[1], str(type(kv[0])), kv[0]))
    mods = [f"{m.name}: {m.value}" if m.name else f"    {m.value}" for m in rep.modifiers]
    fixed = 1 + len(before) + 1 + len(after) + 1  # title, summaries, the outcomes' label, morale, method
    outcome_room = max(MIN_OUTCOME_LINES, ODDS_BOX_LINES - fixed - len(mods))  # every modifier, when they fit
    label = rep.outcome_label
    if len(results) > outcome_room:
        shown = results[:outcome_room - 1]
        rest = results[outcome_room - 1:]
        lines = [f"  {outcome_words(k, label)}: {pct(p, 1)}" for k, p in shown]
        lines.append(f"  {len(rest)} other results: {pct(sum(p for _, p in rest), 1)}")
    else:
        lines = [f"  {outcome_words(k, label)}: {pct(p, 1)}" for k, p in results]
    room = ODDS_BOX_LINES - fixed - len(lines)
    if len(mods) > room:
        mods = mods[:max(0, room - 1)] + [f"({len(mods) - max(0, room - 1)} more modifiers: the log shows every one when it is rolled)"]
    return [rep.title, *mods, *before, f"{label.strip('()') if label.startswith('(') else label}:", *lines, *after, method]


#: the outcomes the short box names before it gathers the rest on one line
SHORT_OUTCOMES = 3
#: the key that shows the whole box when the short one is shown, and the short one again
WHOLE_KEY = "E"


def short_odds_lines(rep: OddsReport, fold: Callable[[str], str] = str) -> list[str]:
    """The odds box made short, for a window too small to hold the whole box clear of the
    unit aimed at and the shooters: the title, the summaries (hit or miss), the likeliest
    :data:`SHORT_OUTCOMES` outcomes and the rest on one line, the morale tests, then every
    modifier folded into one line (``fold`` cuts it to the box's width, with an ellipsis)
    and how the odds were found with the key that shows every line. Every chance shown is
    the report's own; the whole box (:func:`odds_lines`) is a key away."""
    d = rep.outcomes
    extras = sorted(rep.extra.items(), key=lambda kv: _is_morale(kv[0]))
    label = rep.outcome_label
    results = sorted(d.probs.items(), key=lambda kv: (-kv[1], str(type(kv[0])), kv[0]))
    if len(results) > SHORT_OUTCOMES + 1:
        rest = results[SHORT_OUTCOMES:]
        lines = [f"  {outcome_words(k, label)}: {pct(p, 1)}" for k, p in results[:SHORT_OUTCOMES]]
        lines.append(f"  {len(rest)} other results: {pct(sum(p for _, p in rest), 1)}")
    else:
        lines = [f"  {outcome_words(k, label)}: {pct(p, 1)}" for k, p in results]
    mods = "; ".join(f"{m.name}: {m.value}" if m.name else m.value.strip() for m in rep.modifiers)
    folded = [fold(f"{len(rep.modifiers)} modifiers: {mods}")] if rep.modifiers else []
    return [rep.title, *[_summary(n, x) for n, x in extras if not _is_morale(n)],
            f"{label.strip('()') if label.startswith('(') else label}:", *lines,
            *[_summary(n, x) for n, x in extras if _is_morale(n)], *folded,
            f"({d.method.split(':')[0]}; {WHOLE_KEY}: every line)"]
