"""Hidden deployment in My 1/35th Scale WWII Skirmish (L284-286): in a scenario that says so
(the map's ``settings: {hidden_deployment: [side, ...]}``), those sides' figures are set up
hidden (as if they had taken the Hide action) and stay off the enemy's view until an enemy figure
sees one, or it fires, throws, calls fire or fights; from then on it is on the table for all
(interpretation hidden-deployment). The attackers may lay suppressive fire at likely places
without a target seen (suppress.py) and throw grenades at any point they see, a suspected
place (grenades.py: a point, never a figure, is aimed at).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.keys import StateKey
from game.core.state import Figure, GameState
from game.rulesets import views
from game.rulesets.parts import Chapter

from .status import W135FigMark, W135GameAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

#: what a hidden figure does that gives it away whoever sees it
GIVES_AWAY = frozenset({"fire", "throw", "throw_back", "suppress", "plot", "fight", "opportunity", "challenge"})
#: what each giving-away command is called when the enemy is told of it
GAVE_WORDS = {"fire": "firing", "throw": "throwing a grenade", "throw_back": "throwing a grenade back", "suppress": "laying suppressive fire",
              "plot": "calling in fire", "fight": "fighting hand to hand", "opportunity": "opportunity fire", "challenge": "calling on an enemy to surrender"}
#: the kept store of the last reveal's answers (see W135Hidden.reveal)
REVEAL_STORE = "w135_reveal"


class W135Hidden(Chapter["Ww2135"]):
    rules: Ww2135

    def deploy(self, state: GameState) -> None:
        """As the game is set up: the hidden sides' figures start hidden (L19, L41: +2 to
        acquire, unseen behind hard cover) as well as off the enemy's view."""
        sides = state.attrs.get(StateKey.SETTINGS, {}).get("hidden_deployment") or []
        for f in state.figures.values():
            if f.side in sides and not self.rules.is_vehicle(f):
                f.markers[W135FigMark.HIDDEN] = True

    def hidden_sides(self, game: Game) -> list[str]:
        sides = game.state.attrs.get(StateKey.SETTINGS, {}).get("hidden_deployment") or []
        return [s for s in sides if s in game.state.sides]

    def revealed(self, game: Game) -> set[str]:
        return set(game.state.attrs.get(W135GameAttr.REVEALED, []))

    def unseen_by(self, game: Game, side: str, f: Figure) -> bool:
        """``f`` is kept off ``side``'s view: its side deployed hidden and no enemy has found it."""
        return self.kept_off(game, side)(f)

    def kept_off(self, game: Game, side: str) -> Callable[[Figure], bool]:
        """:meth:`unseen_by` for ``side``, the hidden sides and the figures found read once
        (for asking it of many figures)."""
        sides = self.hidden_sides(game)
        if not sides:
            return lambda f: False
        found, st = self.revealed(game), game.state
        return lambda f: f.side != side and f.side in sides and f.id not in found and st.hostile(side, f.side)

    def reveal(self, game: Game, acted: str | None = None, kind: str = "") -> None:
        """After a command: hidden figures an enemy now sees, and the one that gave itself away, are revealed.

        Whether an enemy sees a figure depends only on what :meth:`_looks` names of each
        and on the doors and the terrain, so a pair found unseen after the last command is
        asked again only when one of the two changed (most commands move or turn one figure)."""
        st = game.state
        sides = self.hidden_sides(game)
        if not sides:
            return
        found = self.revealed(game)
        sight = self.rules.sight
        world = sight.world(game)
        last_world, last_unseen, last_obs = game.kept.get(REVEAL_STORE, {}).get("last", (None, {}, {}))
        fresh = last_world == world
        looks = {fid: self._looks(f) for fid, f in st.figures.items() if f.alive}
        changed = {fid for fid, look in looks.items() if not fresh or last_obs.get(fid) != look}
        unseen: dict[str, tuple] = {}
        new = []
        targets = sorted((f for f in st.figures.values() if f.side in sides and f.alive and f.id not in found), key=lambda x: x.id)
        # a target unseen by every observer as it was then (known) may be seen now only by an
        # observer that changed since; one that changed itself, by any of its enemies
        known = {f.id for f in targets if fresh and last_unseen.get(f.id) == looks[f.id]}
        moved = [f for f in targets if f.id not in known]
        enemies = {s: [e for o in st.enemies_of(s) for e in st.side_figures(o)] for s in {f.side for f in targets}}
        fresh_eyes = {s: [e for e in every if e.id in changed] for s, every in enemies.items()}
        if moved:  # every observer at a target that changed
            sight.prefetch(game, list({e.id: e for f in moved for e in enemies[f.side]}.values()), moved)
        eyes = list({e.id: e for every in fresh_eyes.values() for e in every}.values())
        if eyes:  # an observer that changed at every target
            sight.prefetch(game, eyes, targets)
        for f in targets:
            seen = any(sight.can_see(game, e, f) for e in (fresh_eyes if f.id in known else enemies)[f.side])
            if seen or (f.id == acted and kind in GIVES_AWAY):
                new.append(f)
            if not seen:
                unseen[f.id] = looks[f.id]
        game.store(REVEAL_STORE)["last"] = (world, unseen, looks)
        if new:
            st.attrs[W135GameAttr.REVEALED] = sorted(found | {f.id for f in new})
            # the one that gave itself away is named with what it did: its own events were
            # written while it was hidden, so the enemy reads here who fired (or threw...)
            names = [f"{f.name} ({GAVE_WORDS.get(kind, 'acting')} gave it away)" if f.id == acted and kind in GIVES_AWAY else f.name for f in new]
            game.emit("reveal", "Found: " + ", ".join(names) + " (hidden deployment, L284-286).",
                      figures=[f.id for f in new])

    def unseen_by_all(self, game: Game) -> frozenset[str]:
        """The hidden men no enemy sees as things stand: the ones the last :meth:`reveal`
        found unseen, when no figure, door or terrain has changed since (else none known)."""
        last = game.kept.get(REVEAL_STORE, {}).get("last")
        if last is None:
            return frozenset()
        world, unseen, looks = last
        st = game.state
        if world != self.rules.sight.world(game) or looks != {fid: self._looks(f) for fid, f in st.figures.items() if f.alive}:
            return frozenset()
        return frozenset(unseen)

    def _looks(self, f: Figure) -> tuple:
        """All of a living figure that whether it sees or is seen depends on (W135Sight.can_see)."""
        return (*self.rules.stance(f), f.facing, self.rules.hidden(f))

    # ---- what a side may see ------------------------------------------------------------------------
    def view(self, game: Game, side: str | None) -> GameState:
        st = views.base_view(game, side)
        if side is None or not self.hidden_sides(game):
            return st
        off = self.kept_off(game, side)
        gone = {fid for fid, f in game.state.figures.items() if off(f)}
        for fid in gone:
            st.figures.pop(fid, None)
        for uid in list(st.units):
            u = st.units[uid]
            if any(x in gone for x in u.figures):
                left = [x for x in u.figures if x not in gone]
                if left:
                    st.units[uid] = replace(u, figures=left)
                else:
                    del st.units[uid]
        return st

    def hides_from(self, game: Game, side: str) -> bool:
        if views.base_hides(game, side):
            return True
        off = self.kept_off(game, side)
        return any(off(f) for f in game.state.figures.values())

    def audience(self, game: Game, figures: list[str], units: list[str]) -> list[str] | None:
        """An event about a figure kept off a side's view is not that side's to read."""
        st = game.state
        if not self.hidden_sides(game):
            return None
        figs = [st.figures[f] for f in figures if f in st.figures] + [st.figures[x] for u in units if u in st.units for x in st.units[u].figures]
        out = [s for s in st.side_order if not any(map(self.kept_off(game, s), figs))]
        return None if len(out) == len(st.side_order) else out
