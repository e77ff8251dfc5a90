"""A Trial resolves every run from the start's terrain: a run that removes a feature (a
demolished bunker) leaves it in place for the next (a strength run crashed on the WW2
bocage map: the greedy player's second trial of a demolition found the bunker gone)."""

from game.catalog import load_map, new_game
from game.core.dice import Dice
from game.core.rng import Pcg32
from game.core.trial import Trial


def test_each_run_starts_from_the_start_terrain():
    game = new_game(load_map("maps/ww2-bocage-bunkers.yaml"), 1)
    fid = next(f.id for f in game.table.features if f.type.id == "bunker")
    trial = Trial(game)
    seen = []

    def demolish(g):
        seen.append(fid in g.table)
        g.table.remove_feature(fid)

    for k in range(3):
        trial.run(demolish, Dice(Pcg32(k)))
    assert seen == [True, True, True] and fid in game.table  # and the game's own table never touched
