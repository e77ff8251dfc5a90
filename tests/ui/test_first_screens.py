"""The WWIFY first screen (issue 21: "a wall of automatic events before the player can
act"), re-checked in a real window against the solo AI: the cards drawn before the player's
first card take a few log lines; when the computer's side acted first, the step-through of
what it did is open; either way the roster marks the units that can act now."""

import pytest

from game.catalog import load_map, new_game
from game.session import Session
from game.ui.play import PlayScene
from game.ui.recap import RecapHandler


@pytest.mark.parametrize("seed, ai, ai_first", [(1, "horde", False), (3, "alliance", True)])
def test_the_first_screen_against_the_solo_ai_says_what_to_do(app, seed, ai, ai_first):
    lm = load_map("maps/wwify-gloomford-crossing.yaml")
    game = new_game(lm, seed, options={"solo_side": ai})
    session = Session(game, {s: ("ai" if s == ai else "human") for s in game.state.side_order}, handover="never", autosaves=False)
    scene = PlayScene(app, session)
    app.switch(scene)
    for _ in range(500):
        if session.is_human(game.acting_side):
            break
        scene.skip_ai = True  # Tab: the computer's turn at once
        app.frame(0.05)
    app.frame(0.05)
    app.frame(0.05)
    assert session.is_human(game.acting_side)
    assert bool(game.commands) == ai_first
    if ai_first:  # what the computer did, a command at a time, before the player acts
        assert isinstance(scene.top(), RecapHandler) and scene.top().steps
    else:  # only the cards drawn: every line of them in view
        assert len(scene.log.rows) <= scene.log.visible_rows() + 1
    rows = scene.roster()
    assert any(r[4] for r in rows)  # a unit marked as one that can act now
