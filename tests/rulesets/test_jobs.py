"""The job queue (game/rulesets/jobs.py): a resolution that stops to ask a player and goes
on from the same point once answered; WWIFY's turn runs on it (its games are pinned)."""

from __future__ import annotations

import pytest

from game.core.commands import Refusal
from game.core.game import Game
from game.rulesets.jobs import JobQueue
from tests.rulesets.helpers import make_game, small_map, unit

KEY = "test_jobs"


class Steps:
    """A shot that asks whether to spend a Luck point on a miss, then goes on."""

    def __init__(self) -> None:
        self.done: list[str] = []
        self.asking = False

    def job_shot(self, game: Game, job: dict) -> list[dict] | None:
        self.done.append(f"shot {job['n']}")
        return [{"do": "luck", "n": job["n"]}, {"do": "wound", "n": job["n"]}]

    def job_luck(self, game: Game, job: dict) -> list[dict] | None:
        if "use" not in job:
            self.asking = True  # as rules.ask would: a decision is pending
            return None
        self.asking = False
        self.done.append(f"luck {job['use']}")
        return []

    def job_wound(self, game: Game, job: dict) -> list[dict] | None:
        self.done.append(f"wound {job['n']}")
        return []

    def job_forever(self, game: Game, job: dict) -> list[dict] | None:
        return [{"do": "forever"}]


def setup() -> tuple[Game, Steps, JobQueue]:
    game = make_game(small_map([unit("a1", [("rifleman", 10, 40)])], [unit("b1", [("rifleman", 10, 4)])]))
    steps = Steps()
    return game, steps, JobQueue(KEY, steps, name="test queue")


def test_a_step_that_asks_waits_and_the_answer_lets_it_go_on_in_order():
    game, steps, q = setup()
    q.push(game, {"do": "shot", "n": 1}, {"do": "shot", "n": 2})
    waiting = lambda g: "asked" if steps.asking else None  # noqa: E731
    q.run(game, waiting)
    assert steps.done == ["shot 1"] and q.queue(game)[0] == {"do": "luck", "n": 1}
    assert q.waiting_job(game, "luck", asked=True)["n"] == 1
    q.answer(game, use="re-roll")
    steps.asking = False  # (the answering command takes the decision away)
    q.run(game, waiting)
    # the followers of a step run before the rest of the queue: luck, wound, then shot 2
    assert steps.done == ["shot 1", "luck re-roll", "wound 1", "shot 2"]
    q.answer(game, use="no")
    steps.asking = False  # (the answering command takes the decision away)
    q.run(game, waiting)
    assert steps.done[-2:] == ["luck no", "wound 2"] and q.queue(game) == []
    assert KEY in game.state.attrs  # in the state: a save or an undo stops at the same place


def test_nothing_to_choose_is_refused_and_a_step_that_never_settles_is_a_bug():
    game, steps, q = setup()
    with pytest.raises(Refusal, match="nothing to choose"):
        q.waiting_job(game, "luck", asked=True)
    q.push(game, {"do": "shot", "n": 1})
    with pytest.raises(Refusal, match="nothing to choose"):
        q.waiting_job(game, "luck|wound", asked=False)
    with pytest.raises(RuntimeError, match="no step job_nothing"):
        q.push(game, {"do": "nothing"})
    game2, _, q2 = setup()
    q2.push(game2, {"do": "forever"})
    with pytest.raises(RuntimeError, match="does not settle"):
        q2.run(game2, lambda g: None)


class TwoThreads:
    """Steps run by one queue object on two games on two threads at once (the window's
    odds are worked out on a copy of the game, with the same rules, beside the window):
    game A's step ends while game B's is still running, and B's step then inserts a job."""

    def __init__(self) -> None:
        import threading

        self.a_in, self.b_in, self.a_done = threading.Event(), threading.Event(), threading.Event()
        self.done: list[str] = []
        self.queue: JobQueue | None = None

    def job_a(self, game: Game, job: dict) -> list[dict] | None:
        self.a_in.set()
        assert self.b_in.wait(10)
        return []

    def job_b(self, game: Game, job: dict) -> list[dict] | None:
        self.b_in.set()
        assert self.a_done.wait(10)
        assert self.queue is not None
        self.queue.insert_next(game, {"do": "mark", "n": "inserted"})  # next, before the rest
        return [{"do": "mark", "n": "followed"}]

    def job_mark(self, game: Game, job: dict) -> list[dict] | None:
        self.done.append(job["n"])
        return []


def test_a_job_inserted_next_on_one_thread_goes_next_whatever_another_thread_runs():
    import threading

    steps = TwoThreads()
    q = steps.queue = JobQueue(KEY, steps, name="test queue")
    game_a, _, _ = setup()
    game_b, _, _ = setup()
    q.push(game_a, {"do": "a"})
    q.push(game_b, {"do": "b"}, {"do": "mark", "n": "last"})

    def run_a() -> None:
        q.run(game_a, lambda g: None)
        steps.a_done.set()

    a = threading.Thread(target=run_a)
    a.start()
    assert steps.a_in.wait(10)
    q.run(game_b, lambda g: None)
    a.join(10)
    assert steps.done == ["inserted", "followed", "last"]
