"""The solo AI knows only what its side knows (issue 18).

Property: in the middle of seeded AI games, changing what the AI's side has not seen -
moving or removing enemy figures it has not spotted (WW2 Skirmish), turning the other
side's secret portal markers into dummies and back, changing the figures waiting in its
pool (every ruleset) - never changes the command the AI gives. The AI plans on its
side's view (game/ai/knowledge.py); the real game only referees.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai.solo_ai import SoloAI
from game.catalog import load_map, new_game
from game.core.game import Game
from game.core.rng import Pcg32
from game.rulesets.base import ruleset_of
from game.solo.keys import SoloKey

CASES = [
    ("maps/open-field-encounter.yaml", 3),
    ("maps/wwify-gloomford-crossing.yaml", 3),
    ("maps/ww2-village-hauteville.yaml", 3),
    ("maps/ww2-bocage-bunkers.yaml", 5),
    ("maps/goodbyeeee-bombing-party.yaml", 3),
    ("maps/goodbyeeee-tanks-at-flers.yaml", 4),
    ("maps/ww2-135-ambush.yaml", 3),
]
LOOK_EVERY = 7  # commands between two looks
MAX_LOOKS = 14


def scratch(game: Game) -> Game:
    """A copy of ``game`` to change and ask (its own state and table)."""
    g = Game(game.rules, game.state.copy(), game.table.copy(), game.seed, game.options, game.scenario)
    g._begun = True
    g.rules.sync_table(g)
    return g


def unseen_enemies(game: Game, side: str) -> list:
    """Enemy figures in play that ``side`` does not know of."""
    rules = ruleset_of(game)
    known = {f.id for f in rules.known_enemies(game, side)}
    return [f for f in game.state.figures.values() if f.alive and f.side != side and f.id not in known]


def secret_markers(game: Game, side: str) -> list:
    return [m for m in game.state.markers.values() if m.secret and m.side != side]


def perturbations(game: Game, side: str, rng: Pcg32) -> list[tuple[str, Game]]:
    """Copies of ``game`` that differ from it only in what ``side`` does not know."""
    out = []
    hidden = unseen_enemies(game, side)
    if hidden:
        moved = scratch(game)
        for f in hidden:
            g = moved.state.figures[f.id]
            g.x = min(moved.table.width - 15, max(15, g.x + (rng.below(61) - 30)))  # up to 30 mm either way
            g.y = min(moved.table.height - 15, max(15, g.y + (rng.below(61) - 30)))
        out.append(("unseen enemies moved", moved))
        gone = scratch(game)
        victim = hidden[rng.below(len(hidden))].unit
        unseen = {f.id for f in hidden if f.unit == victim}  # its figures the side has not seen (others may be known)
        for fid in unseen:  # gone from play (kept as out of action: the records may name them)
            gone.state.figures[fid].life = "dead"
        out.append(("the unseen figures of an enemy unit removed", gone))
    marks = secret_markers(game, side)
    kinds = sorted({m.kind for m in marks})
    if len(kinds) > 1:
        swapped = scratch(game)
        for m in secret_markers(swapped, side):
            m.kind = kinds[(kinds.index(m.kind) + 1) % len(kinds)]
        out.append(("the other side's secret markers changed", swapped))
    if any(d.draw_pile for d in game.state.decks.values()):  # nobody knows the order of a draw pile
        shuffled = scratch(game)
        for d in shuffled.state.decks.values():
            d.draw_pile.reverse()
        out.append(("the draw piles' order changed", shuffled))
    down = [(owner, i) for owner, hand in game.state.hands.items() if owner != side for i, c in enumerate(hand) if not c.face_up]
    if down:
        other = scratch(game)
        for owner, i in down:
            card = other.state.hands[owner][i]
            pile = next(iter(other.state.decks.values())).draw_pile
            if pile:  # a face-down card of another player's swapped for the top of the pile
                other.state.hands[owner][i], pile[0] = replace(card, code=pile[0]), card.code
        out.append(("another player's face-down cards changed", other))
    solo = game.state.attrs.get(SoloKey.SOLO)
    if solo and solo.get("side") != side and solo.get("pool"):
        emptied = scratch(game)
        emptied.state.attrs[SoloKey.SOLO]["pool"] = {}
        out.append(("the other side's pool emptied", emptied))
    return out


@pytest.mark.parametrize("path,seed", CASES)
def test_unknown_things_never_change_the_ai(path, seed):
    lm = load_map(path)
    first = lm.model.first_side or lm.model.sides[0].id
    solo_side = next(s.id for s in lm.model.sides if s.id != first)
    game = new_game(lm, seed, {"solo_side": solo_side})
    players = {s: SoloAI(seed * 10 + i) for i, s in enumerate(game.state.side_order)}
    rng = Pcg32(seed)
    compared = 0
    looks = 0
    n = 0
    while not game.state.over and n < 1500 and looks < MAX_LOOKS:
        side = game.acting_side
        if n % LOOK_EVERY == 0:
            variants = perturbations(game, side, rng)
            if variants:
                looks += 1
                asked = scratch(game)
                before = asked.state.digest()
                want = SoloAI(99).choose(asked, side)
                # the view shares the state's objects (game/rulesets/views.py): planning on it changes nothing
                assert asked.state.digest() == before, f"{path} seed {seed}, command {n}: planning changed the game"
                for what, other in variants:
                    got = SoloAI(99).choose(other, side)
                    assert got == want, f"{path} seed {seed}, command {n}: with {what}, the AI of {side} chose {got} instead of {want}"
                    compared += 1
        game.submit(players[side].choose(game, side))
        n += 1
    assert compared >= 6, f"only {compared} comparisons: the property was hardly tried"


def test_the_view_is_the_state_exactly_when_nothing_is_hidden():
    """``hides_from`` says whether the ruleset's view for a side hides anything; when it
    does not, the AI plans on the game itself (no copy). WW2: an unspotted enemy hides;
    portal markers of the other side hide in every ruleset."""
    from tests.rulesets.helpers import make_game, small_map, unit

    game = make_game(small_map([unit("a1", [("us_rifleman", 22, 40)])], [unit("b1", [("ger_rifleman", 22, 4)])],
                               ruleset="ww2-skirmish"), seed=2)
    rules = ruleset_of(game)
    assert rules.hides_from(game, "a") and "b1.1" not in rules.view(game, "a").figures
    rules.spotting.mark_spotted(game, "a", game.state.figures["b1.1"], "sight")
    rules.spotting.mark_spotted(game, "b", game.state.figures["a1.1"], "sight")
    assert not rules.hides_from(game, "a") and not rules.hides_from(game, "b")
    assert rules.view(game, "a").digest() == game.state.digest()
    portal = new_game(load_map("maps/open-field-encounter.yaml"), 1, {"solo_side": "german"})
    assert ruleset_of(portal).hides_from(portal, "british") and not ruleset_of(portal).hides_from(portal, "german")
    plain = new_game(load_map("maps/open-field-encounter.yaml"), 1)
    assert not ruleset_of(plain).hides_from(plain, "british")
    assert ruleset_of(plain).view(plain, "british").digest() == plain.state.digest()


def test_a_trial_on_a_sides_view_draws_from_its_face_down_draw_pile():
    """The view lays a deck's draw pile face down (the cards still to come in no order, with
    the cards dealt face down to other sides among them: views.base_view); a planner's trial
    that ends a WWIFY card's activation deals the next card from it, as the real game would
    from its own pile (it once dealt a blank and crashed)."""
    from game.ai.knowledge import Knowledge
    from game.catalog import new_game
    from game.core.commands import END_PHASE, Command
    from game.core.dice import Dice
    from game.core.rng import SeededSource
    from game.core.trial import Trial
    from game.rulesets.resolving import resolving

    game = new_game(load_map("maps/wwify-gloomford-crossing.yaml"), 1)
    side = game.acting_side
    known = Knowledge().of(game, side)
    (deck,) = game.state.decks.values()
    (seen,) = known.state.decks.values()
    assert known is not game and deck.draw_pile and seen.draw_pile == sorted(deck.draw_pile)
    def to_the_next_card(g) -> None:  # the phases of this card's activation ended, up to the next card dealt
        for _ in range(10):
            if len(g.state.decks["activation"].draw_pile) < len(seen.draw_pile):
                return
            resolving(Command(END_PHASE, g.acting_side))(g)

    after = Trial(known).run(to_the_next_card, Dice(SeededSource(1)))
    (dealt,) = after.state.decks.values()
    assert len(dealt.draw_pile) < len(seen.draw_pile) and set(dealt.discards) - set(seen.discards) <= set(seen.draw_pile)


def test_the_knowledge_game_shares_the_stores_its_ruleset_declares_and_no_other(monkeypatch):
    """The 1/35th's sight between two men as they stand is keyed by all it reads of them
    and by the doors and terrain (``shared_stores``): worked out while the AI plans on its
    side's view, the real game reads it instead of working it out again. A store the
    ruleset does not declare stays the knowledge game's own."""
    from game.ai.knowledge import Knowledge
    from game.rulesets.ww2_135.sight import W135Sight

    game = new_game(load_map("maps/ww2-135-ambush.yaml"), 1)
    rules = ruleset_of(game)
    known = Knowledge().of(game, "us")
    assert known is not game  # the Germans lie hidden: the Americans' view is not the state
    for name in rules.shared_stores:
        assert known.kept[name] is game.kept[name], name
    worked: list[tuple[str, str]] = []
    line = W135Sight._line
    monkeypatch.setattr(W135Sight, "_line", lambda self, g, obs, tgt, friendly=False: (
        worked.append((obs.id, tgt.id)), line(self, g, obs, tgt, friendly))[1])
    a, b = sorted(f.id for f in known.state.figures.values() if f.side == "us")[:2]
    planned = rules.sight.line(known, known.state.figures[a], known.state.figures[b])
    refereed = rules.sight.line(game, game.state.figures[a], game.state.figures[b])
    assert worked == [(a, b)] and refereed is planned
    known.keep("w135_firing_positions", "a plan", lambda: 1)
    assert "a plan" not in game.kept.get("w135_firing_positions", {})
