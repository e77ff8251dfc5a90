"""Words cut short (issue 21: "names clipped without an ellipsis"): found in a real window
at 1000x700, the editor's troop buttons read "Flamethrower operat (30)" and
"Granatenwerfer (50 (60)", cut at a count of letters; a point tool's refusal ran off the
table's edge. A name that does not fit is shortened with an ellipsis, never its points."""

import pygame

from game.ui.app import App
from game.ui.editor import EditorScene
from game.ui.overlays import draw_refusal
from game.ui.theme import fit_before, fit_line, reset_fonts, text_width
from tests.ui.conftest import Driver


def test_a_long_name_is_shortened_with_an_ellipsis_and_keeps_its_tail():
    pygame.font.init()
    reset_fonts()
    assert fit_before("Rifleman", " (10)", 15, 200) == "Rifleman (10)"
    cut = fit_before("Flamethrower operator with a very long title", " (30)", 15, 120)
    assert cut.endswith("... (30)") and text_width(cut, 15) <= 120
    assert cut.startswith("Flamethrower")


def test_the_editors_troop_buttons_fit_with_their_points_at_1000x700(home):
    app = App((1000, 700), headless=True)
    drive = Driver(app)
    try:
        scene = EditorScene(app, "maps/goodbyeeee-bombing-party.yaml")
        app.switch(scene)
        app.frame(0.02)
        drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Forces"))
        drive.frame()
        points = scene.rules.editor.troop_points
        troops = {tt.name: points(tid) for tid, tt in scene.rules.data.troop_types.items() if points(tid) is not None}
        labels = set()
        for _ in range(6):  # every page of the palette
            labels |= {(b.label, b.rect.w) for b in scene.panel.buttons}
            drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == ">"))
            drive.frame()
        for name, pts in troops.items():
            tail = f" ({pts})"  # the points are never cut; a name is whole or shortened with an ellipsis
            mine = [(label, w) for label, w in labels
                    if label == name + tail or (label.endswith("..." + tail) and name.startswith(label[:-len("..." + tail)]))]
            assert mine, (name, sorted(lab for lab, _ in labels if lab.startswith(name[:6])))
            label, w = mine[0]
            assert fit_line(label, 19, 15, w - 10)[0] == label, label  # and the button draws it whole
    finally:
        pygame.quit()


def test_a_refusal_by_the_cursor_stays_on_the_table():
    pygame.font.init()
    reset_fonts()
    surf = pygame.Surface((640, 480))
    bounds = pygame.Rect(0, 0, 640, 480)
    long = "This point is out of range of every figure of the unit: the nearest is 31.2 inches away, and the mortar reaches 30."
    for at in [(600, 200), (630, 470), (10, 10), (320, 240)]:
        box = draw_refusal(surf, at, long, bounds)
        assert bounds.contains(box) and box.w <= 310
        assert not box.collidepoint(at) or at[0] >= bounds.right - 20  # beside the cursor, not under it
