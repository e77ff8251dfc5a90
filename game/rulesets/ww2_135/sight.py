"""Sight in My 1/35th Scale WWII Skirmish (L33-55, L98-108, L263-278): what a figure sees,
by its facing, its posture and the heights of what stands between, and the acquisition roll
a target needs every turn before it is shot at (acquire.py).

The shared sight line (game/geometry/los.py) gives every feature the line crosses (kept, and
worked out many at once, by sight_lines.py); this chapter reads them with the text's height
tester (interpretation heights): between two standing figures a wall or hedge lower than a standing figure's eye is a hindrance and a
higher one blocks, a fence always hinders; a prone observer is blocked by walls, and by
hedges unless it lies within 1" of the hedge (then it hinders), and hindered by fences.
The wall or hedge a figure stands at is its cover, not a hindrance to it, and it sees and
is seen over it (L263-271) unless it lies prone behind it. A target not standing is not seen
past any hindrance (L51); a hidden one is not seen behind hard cover (L49); from higher
ground woods hinder instead of blocking (L100). A figure sees in its front half (L47,
interpretation facing); a hidden figure sees nothing until it has paid to move (L55).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import Figure
from game.rulesets.parts import Chapter

from . import sight_lines
from .sight_lines import FENCES, HEIGHTED
from .status import W135GameAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

#: what a prone figure lying at it sees through as a hindrance (L100 "not adjacent to bushes")
BUSHES = frozenset({"hedge"})
COVER_WORDS = ("no cover", "soft cover", "hard cover")
#: the kept store of sight lines as the heights and postures make them (W135Sight.line)
SIGHT_STORE = "w135_sight"


def man_at(p: tuple[float, float]) -> Figure:
    """A man standing at ``p``: how this ruleset's sight reads a place (interpretations
    point-sight and solo-sight)."""
    return Figure("point", "", "", "", "", p[0], p[1])


@dataclass(frozen=True)
class Sight:
    """What an observer sees of a target: whether, the target's cover (0 none, 1 soft, 2
    hard), the hindrances between, the distance (mm), and why not, in words (``reason``:
    the words, or how to find them when asked, for the many sight lines only ever asked
    whether)."""

    visible: bool
    cover: int
    hindrances: int
    distance: float
    reason: str | Callable[[], str] = ""

    @property
    def why(self) -> str:
        return self.reason() if callable(self.reason) else self.reason


class W135Sight(Chapter["Ww2135"]):
    rules: Ww2135

    def height(self, game: Game, feature_id: str) -> float:
        """A feature's height in inches: the map's, else the ruleset's default for its type."""
        feat = game.table.feature(feature_id)
        if feat.height is not None:
            return float(feat.height)
        return self.rules.data.heights.defaults.get(feat.type.id, 0.0)

    def elevation(self, game: Game, p: tuple[float, float]) -> int:
        """The table's elevation at ``p`` (its hills' level), kept for the terrain."""
        table = game.table
        return int(game.keep("w135_elevation", (p, id(table), table.version), lambda: table.elevation_at(p), limit=20_000))

    @staticmethod
    def world(game: Game) -> tuple:
        """All but the figures that what a figure sees depends on: the doors (open, shut or
        locked) and the terrain (smoke laid or gone): part of every kept answer's key."""
        doors = game.state.attrs.get(W135GameAttr.OPENINGS)
        return (tuple(sorted(doors.items())) if doors else (), id(game.table), game.table.version)

    def in_arc(self, f: Figure, p: tuple[float, float]) -> bool:
        """``p`` is in ``f``'s front arc (L47: 180 degrees, interpretation facing)."""
        if p == f.pos:
            return True
        off = (self.rules.heading(f.pos, p) - f.facing + 180.0) % 360.0 - 180.0
        return abs(off) <= self.rules.data.acquisition.front_arc / 2 + 1e-9

    def line(self, game: Game, obs: Figure, tgt: Figure, friendly: bool = False) -> Sight:
        """The sight line from ``obs`` to ``tgt`` as the heights and postures make it
        (the front arc and hiding are :meth:`sees`'s); ``friendly``: a friend looking, who
        knows where a hidden man is (interpretation hidden-senses). Kept across commands,
        as the shared sight lines are."""
        key = self._key(game, obs, tgt, friendly)
        hit: Sight | None = game.kept.get(SIGHT_STORE, {}).get(key)
        if hit is None:
            hit = game.store(SIGHT_STORE, 1, 40_000)[key] = self._line(game, obs, tgt, friendly)
        return hit

    def _key(self, game: Game, obs: Figure, tgt: Figure, friendly: bool) -> tuple:
        """Everything :meth:`line`'s answer depends on: where both stand, their bases and how
        they stand, whether the target hides, the doors, the terrain (smoke laid or gone)."""
        rules = self.rules
        return (rules.stance(obs), rules.stance(tgt), rules.hidden(tgt), friendly, self.world(game))

    def _line(self, game: Game, obs: Figure, tgt: Figure, friendly: bool = False) -> Sight:
        rules, table = self.rules, game.table
        sl = sight_lines.line(game, obs.pos, tgt.pos)
        tester = rules.data.heights.tester
        near = rules.mm(rules.data.heights.prone_adjacent)
        higher: bool | None = None  # the observer on higher ground: asked only of woods that block
        hind = 0
        why: list[tuple[sight_lines.Crossed, str]] = []  # what blocks the view: the first crossed names it
        # the target's cover: an area it stands in, or a line feature this sight line
        # crosses within that feature's reach of it (not a long hedge crossed far away)
        cover = int(game.keep("w135_area_cover", (tgt.pos, id(table), table.version),
                              lambda: max((ft.cover_code for ft in table.features_at(tgt.pos) if not ft.is_line), default=0),
                              limit=20_000))
        for c in sl.crossed:
            feat = c.feature
            reach = feat.type.cover_reach
            if feat.is_line and feat.cover_code and cover < feat.cover_code and sl.within(c, True, tgt.radius, reach):
                cover = feat.cover_code
            if c.effect == "blocks":
                if feat.type.los == "woods":
                    if higher is None:
                        higher = self.elevation(game, obs.pos) > self.elevation(game, tgt.pos)
                    if higher:
                        hind += 1  # trees seen from above (L100)
                        continue
                why.append((c, f"the {feat.name.lower()} blocks the view"))
                continue
            type_id = feat.type.id
            if type_id not in HEIGHTED and type_id not in FENCES:
                hind += c.effect == "hinders"
                continue
            if type_id in FENCES:  # "Fences are always hindrances" (L100), wherever the figures stand (reading heights)
                hind += 1
                continue
            # where this line crosses it, not the whole of a long hedge, measured from the
            # edge of the figure's base: a man close behind it
            if sl.within(c, True, tgt.radius, reach):  # the target's own cover: seen over it unless lying behind it
                if rules.prone(tgt) and type_id in HEIGHTED:
                    why.append((c, f"lying behind the {feat.name.lower()}"))
                continue
            at_obs = sl.within(c, False, obs.radius, max(reach, near))
            if rules.prone(obs):
                if at_obs and type_id in BUSHES:
                    hind += 1
                else:
                    why.append((c, f"the {feat.name.lower()} blocks a prone figure's view"))
                continue
            if at_obs:
                continue  # standing at it, looking over it
            if type_id in HEIGHTED and self.height(game, feat.id) >= tester:
                why.append((c, f"the {feat.name.lower()} is higher than a standing figure"))
            else:
                hind += 1
        if cover == 2 and rules.leaning(game, tgt) and rules.buildings.inside(game, tgt.pos) is not None:
            cover = 1  # leaning out of a window counts soft cover only (L282)
        if why:  # which of them names it is worked out only if asked
            return Sight(False, cover, hind, sl.distance, partial(sl.first, why))
        blocked = ""
        if hind and rules.prone(tgt):
            blocked = "a prone figure behind a hindrance (L51)"
        if not blocked and self.walls_block(game, obs, tgt):  # (kept: most questions asked it already)
            blocked = rules.buildings.blocks(game, obs, tgt)
        if not blocked and rules.hidden(tgt) and cover == 2 and not friendly:  # its friends know where it hides
            blocked = "hidden behind hard cover (L49)"
        return Sight(not blocked, cover, hind, sl.distance, blocked)

    def prefetch(self, game: Game, observers: list[Figure], targets: list[Figure]) -> None:
        """The sight lines (sight_lines.py) from each observer that may look (not hidden) to
        each target in its front arc, the ones :meth:`can_see` reads, worked out in one
        vectorised pass before many such questions."""
        looking = [o for o in observers if not self.rules.hidden(o)] if targets else []
        if looking:
            kept = sight_lines.is_kept(game)  # (a kept line is not weighed)
            sight_lines.work_out(game, ((o.pos, t.pos) for o in looking for t in targets
                                        if not kept(o.pos, t.pos) and self.in_arc(o, t.pos) and not self.walls_block(game, o, t)))

    def walls_block(self, game: Game, obs: Figure, tgt: Figure) -> bool:
        """The walls of a building with openings stand between ``obs`` and ``tgt`` where no
        window or open door lets it see (W135Buildings.blocks): then it does not see it,
        whatever the sight line crosses, so the questions that ask only whether (:meth:`can_see`,
        the solo rules' "in sight") ask this first and leave that line unworked (kept across
        commands, as the sight lines are)."""
        rules = self.rules
        inside = rules.buildings.inside
        if inside(game, obs.pos) is None and inside(game, tgt.pos) is None:
            return False  # (no building's walls around either: nothing of W135Buildings.blocks to ask)
        key = (obs.x, obs.y, tgt.x, tgt.y, rules.leaning(game, obs), rules.leaning(game, tgt), self.world(game))
        return bool(game.keep("w135_walls", key, lambda: bool(rules.buildings.blocks(game, obs, tgt)), limit=40_000))

    def sees_point(self, game: Game, obs: Figure, p: tuple[float, float], began: Figure | None = None) -> Sight:
        """What ``obs`` sees of the point ``p`` (a grenade's, a line of suppressive fire's, a
        mortar's, a shell's): a man standing there, by this ruleset's sight (interpretation
        point-sight): walls and hedges by their heights, ``obs``'s posture, buildings seen
        into by their doors and windows; not while it hides (L55). ``began``: ``obs`` as it
        stood where its move began (L135, W135Move.as_it_began), whose sight it is."""
        man = man_at(p)
        if began is None or began is obs:
            return self.sees(game, obs, man)
        s = self.line(game, began, man)
        if s.visible and self.rules.hidden(obs):
            return Sight(False, s.cover, s.hindrances, s.distance, f"{obs.name} is hidden and must move before it observes (L55)")
        return s

    def can_see(self, game: Game, obs: Figure, tgt: Figure) -> bool:
        """Whether :meth:`sees` finds ``tgt`` visible, the cheap tests first (for the many
        questions that need only the answer, not why not)."""
        return not self.rules.hidden(obs) and self.in_arc(obs, tgt.pos) and self.clear(game, obs, tgt)

    def clear(self, game: Game, obs: Figure, tgt: Figure, friendly: bool = False) -> bool:
        """Whether :meth:`line` finds ``tgt`` visible, a building's walls asked first (which
        leave the sight line unworked when they stand between)."""
        key = self._key(game, obs, tgt, friendly)
        hit: Sight | None = game.kept.get(SIGHT_STORE, {}).get(key)
        if hit is not None:  # (its answer has the walls in it: see _line)
            return hit.visible
        if self.walls_block(game, obs, tgt):
            return False
        hit = game.store(SIGHT_STORE, 1, 40_000)[key] = self._line(game, obs, tgt, friendly)
        return hit.visible

    def sees(self, game: Game, obs: Figure, tgt: Figure) -> Sight:
        """What ``obs`` sees of ``tgt`` now: its sight line, within its front arc, and not
        while it hides."""
        s = self.line(game, obs, tgt)
        if not s.visible:
            return s
        if self.rules.hidden(obs):
            return Sight(False, s.cover, s.hindrances, s.distance, f"{obs.name} is hidden and must move before it observes (L55)")
        if not self.in_arc(obs, tgt.pos):
            return Sight(False, s.cover, s.hindrances, s.distance, f"{obs.name} must turn to face it first (L47)")
        return s
