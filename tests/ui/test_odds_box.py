"""The odds box's lines: the whole distribution of an HE shot fits (hit or miss first, then
the effects from the likeliest, the rest gathered on one line, then the morale tests),
every line's chance is the report's own; the short box keeps every chance it shows and
folds the modifiers into one line. Where the box goes: tests/ui/test_odds_box_place.py."""

from fractions import Fraction

import pytest

from game.catalog import load_map, new_game
from game.core.odds import Distribution
from game.rulesets.offers import OddsLine, OddsReport
from game.ui.handlers import MIN_OUTCOME_LINES, ODDS_BOX_LINES, odds_lines
from game.ui.odds_box import SHORT_OUTCOMES, short_odds_lines


def he_report():
    lm = load_map("maps/ww2-village-hauteville.yaml")
    game = new_game(lm, 1)
    return lm.ruleset.odds(game, lm.ruleset.odds_command(game, "us8.1", "g1.1", False, {"weapon": "gun"}))


def pct_of(line: str) -> float:
    return float(line.rsplit(": ", 1)[1].rstrip("%"))


def test_an_he_shot_shows_miss_every_modifier_the_likeliest_effects_the_rest_and_morale():
    rep = he_report()
    lines = odds_lines(rep)
    assert len(lines) <= ODDS_BOX_LINES and lines[0] == rep.title
    assert all(f"{m.name}: {m.value}" in lines for m in rep.modifiers)  # every modifier
    label = lines.index(f"{rep.outcome_label}:")
    assert lines[label - 1].startswith("hit: hit (65%), miss (35%)")  # the summary before the effects
    assert lines[-2].startswith("morale tests: ") and lines[-1] == "(exact)"
    outcomes = lines[label + 1:-2]
    ranked = sorted(rep.outcomes.probs.items(), key=lambda kv: (-kv[1], str(kv[0])))
    assert len(ranked) > len(outcomes) >= MIN_OUTCOME_LINES  # 21 results: they do not all fit
    assert outcomes[0] == "  miss: 35.0%"
    shown = outcomes[:-1]
    for line, (k, p) in zip(shown, ranked, strict=False):
        assert line == f"  {k}: {p * 100:.1f}%"
    rest = ranked[len(shown):]
    assert outcomes[-1] == f"  {len(rest)} other results: {sum(p for _, p in rest) * 100:.1f}%"
    assert sum(pct_of(x) for x in outcomes) == pytest.approx(100, abs=0.05 * len(outcomes))


def test_few_outcomes_all_show_likeliest_first_and_too_many_modifiers_are_counted():
    d = Distribution({0: 0.5, 1: 0.3, 2: 0.2}, True, "exact: every dice outcome enumerated", {0: Fraction(1, 2)})
    rep = OddsReport("Rifleman fires", [OddsLine(f"modifier {i}", f"+{i}") for i in range(30)], d, "casualties")
    lines = odds_lines(rep)
    assert len(lines) == ODDS_BOX_LINES
    assert lines[-5:] == ["casualties:", "  0: 50.0%", "  1: 30.0%", "  2: 20.0%", "(exact)"]
    kept = [x for x in lines if x.startswith("modifier ")]
    assert lines[len(kept) + 1] == f"({30 - len(kept)} more modifiers: the log shows every one when it is rolled)"


def test_a_pair_of_results_reads_as_words():
    """The Great War bombardment's outcomes are pairs (the test, the casualties): the box
    showed "('fails: pinned', 1): 3.3%" under "(test, casualties):"."""
    d = Distribution({("passes", 0): 0.8, ("fails: pinned", 1): 0.2}, True, "exact: every dice outcome enumerated", {})
    lines = odds_lines(OddsReport("Bombardment of Gruppe Weber", [], d, "(test, casualties)"))
    assert lines[-4:] == ["test, casualties:", "  passes, 0 casualties: 80.0%", "  fails: pinned, 1 casualties: 20.0%", "(exact)"]
    assert not any("(" in line and "'" in line for line in lines)


def test_the_short_box_keeps_the_chances_and_folds_every_modifier_into_one_line():
    rep = he_report()
    lines = short_odds_lines(rep)
    assert lines[0] == rep.title and lines[1] == "hit: hit (65%), miss (35%)" and lines[2] == "result:"
    ranked = sorted(rep.outcomes.probs.items(), key=lambda kv: (-kv[1], str(kv[0])))
    assert lines[3:3 + SHORT_OUTCOMES] == [f"  {k}: {p * 100:.1f}%" for k, p in ranked[:SHORT_OUTCOMES]]
    rest = ranked[SHORT_OUTCOMES:]
    assert lines[3 + SHORT_OUTCOMES] == f"  {len(rest)} other results: {sum(p for _, p in rest) * 100:.1f}%"
    assert lines[-3].startswith("morale tests: ")
    assert lines[-2] == f"{len(rep.modifiers)} modifiers: " + "; ".join(f"{m.name}: {m.value}" for m in rep.modifiers)
    assert lines[-1] == "(exact; E: every line)" and len(lines) < len(odds_lines(rep)) - 8
    cut = short_odds_lines(rep, lambda s: s[:30] + "...")  # folded to the box's width by the caller
    assert cut[-2] == lines[-2][:30] + "..." and cut[:-2] == lines[:-2]
