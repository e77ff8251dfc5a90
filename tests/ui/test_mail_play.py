"""Play by e-mail in the window (issue 22): New game with a side 'By e-mail' keeps the game
sealed; when that side is to act the turn file is written and the screen says where and
gives the password; the other player's copy (another data folder) finds it in its inbox,
asks the password, and opens the game at their move."""

import shutil

import pygame

from game.catalog import new_game
from game.mail.turns import records
from game.ui.mail_play import MailSentHandler
from game.ui.mail_screen import MailScene
from game.ui.menu import NewGameScene
from game.ui.play import PlayScene


def new_mail_game(app, drive) -> PlayScene:
    scene = app.open("new_game")
    assert isinstance(scene, NewGameScene)
    drive.frame(2)
    first = new_game(scene.maps[scene.map_index], seed=1).acting_side
    second = next(s for s in scene.side_menus if s != first)  # the side that does not act first is played by e-mail
    scene.side_menus[second].selected_option = ("By e-mail", "mail")
    scene.start()
    play = app.scene
    assert isinstance(play, PlayScene) and play.session.mail is not None
    return play, second


def test_a_game_by_e_mail_from_new_game_to_the_other_copy(app, drive, home, monkeypatch):
    play, second = new_mail_game(app, drive)
    game, rec = play.game, play.session.mail
    first = next(s for s in game.state.side_order if s != second)
    assert play.session.controllers[second] == "mail" and not play.session.autosaves
    assert rec.controllers == {first: "human"}  # who plays this copy's sides here, kept for reopening
    assert not (home / "saves" / "autosave.json").exists()
    # the first side plays its turn (ends it at once), and the screen writes the turn file
    for _ in range(20):
        if game.acting_side == second:
            break
        drive.key(pygame.K_SPACE)
        if play.top().modal and not isinstance(play.top(), MailSentHandler):
            drive.key(pygame.K_y)
    drive.frame(2)
    sent = play.top()
    assert isinstance(sent, MailSentHandler) and sent.password == rec.password and sent.seq == 1
    assert sent.path.exists() and sent.path.parent == home / "mail" / "outbox"
    assert records(home)[0].files[-1]["way"] == "out"
    drive.frame(30)
    assert play.top() is sent  # the computer does not play the other player's side
    drive.key(pygame.K_RETURN)
    assert isinstance(app.scene, MailScene)
    assert any("waiting for" in r.label for r in app.scene.rows)
    # the other player's copy: another data folder, the file put in its inbox
    bob = home / "bob"
    monkeypatch.setenv("TRENCHTABLE_HOME", str(bob))
    (bob / "mail" / "inbox").mkdir(parents=True)
    shutil.copy(sent.path, bob / "mail" / "inbox" / sent.path.name)
    scene = app.open("mail")
    drive.frame(2)
    row = next(r for r in scene.rows if r.path is not None)
    scene.open_file(row.path)  # as the Open button does for the selected row
    assert scene.dialogs, "a game this copy never saw: its password is asked"
    assert not app.manager.get_root_container().visible  # the list and buttons hidden: the question is on top
    drive.type(rec.password.lower())
    drive.key(pygame.K_RETURN)
    theirs = app.scene
    assert isinstance(theirs, PlayScene) and theirs.session.mail is not None
    assert theirs.session.controllers == {first: "mail", second: "human"}
    assert theirs.game.digest() == game.digest() and theirs.game.acting_side == second
    assert theirs.session.viewer() == second
    # the first player's commands were played on this screen (as the computer's turn is): each watched for the step-through
    assert [st.seq for st in theirs.traces.steps] == list(range(1, len(game.commands) + 1)) and game.commands
    assert not theirs.game.can_undo()  # and they stand: Ctrl+Z never takes back the other player's command
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert theirs.game.digest() == game.digest()
    # a record that cannot be written refuses the next command (a roll not kept could be re-rolled by reopening)
    monkeypatch.setattr(type(theirs.session.mail), "writable", lambda self: False)
    res = theirs.session.submit(theirs.game.legal_commands(second)[0])
    assert not res.ok and "cannot be written" in res.reason


def test_when_the_side_by_e_mail_acts_first_the_first_turn_file_goes_at_once(app, drive):
    scene = app.open("new_game")
    drive.frame(2)
    first = new_game(scene.maps[scene.map_index], seed=1).acting_side
    scene.side_menus[first].selected_option = ("By e-mail", "mail")
    scene.start()
    play = app.scene
    drive.frame(2)
    sent = play.top()
    assert isinstance(sent, MailSentHandler) and sent.seq == 1 and sent.password == play.session.mail.password
    assert play.game.commands == []
