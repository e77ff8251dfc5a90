"""`main.py replay SAVE --to N --out FILE.png` (issue 22): the saved game as it stood after
its first N commands, drawn headless; every step lands on the digest the game had there."""

import pygame

import main
from game.catalog import load_map, new_game, replay
from game.core.save import save_game
from game.simulate import make_player


def played(n: int = 40):
    game = new_game(load_map("maps/ww2-135-house-to-house.yaml"), 5)
    players = {s: make_player("random", 3 + i) for i, s in enumerate(game.state.side_order)}
    digests = [game.digest()]
    while len(game.commands) < n and not game.state.over:
        game.submit(players[game.acting_side].choose(game, game.acting_side))
        digests.append(game.digest())
    return game, digests


def test_every_step_of_a_replay_lands_on_the_digest_recorded_there():
    game, digests = played()
    for k in (0, 1, 7, len(game.commands) // 2, len(game.commands)):
        assert replay(game, k).digest() == digests[k]


def test_the_replay_command_draws_a_moment_and_refuses_a_step_past_the_end(tmp_path, capsys):
    game, _ = played(20)
    path = tmp_path / "game.json"
    save_game(game, path)
    out = tmp_path / "step.png"
    assert main.main(["replay", str(path), "--to", "12", "--out", str(out), "--size", "960x640"]) == 0
    assert pygame.image.load(str(out)).get_size() == (960, 640)
    assert "after command 12 of 20" in capsys.readouterr().out
    assert main.main(["replay", str(path), "--to", "21", "--out", str(out)]) == 2
    assert "the save holds 20 commands; give 0 (the start) to 20 (the end)" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("{not json")
    assert main.main(["replay", str(tmp_path / "bad.json"), "--to", "1", "--out", str(out)]) == 2
    assert "bad.json" in capsys.readouterr().err
