"""An interrupted simulation (Ctrl-C, a notebook's Interrupt) stops within moments and keeps the games that had
finished, as GameFailed does; a bot's budget from the command line is bounded like --games."""
from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from thurn.__main__ import main
from thurn.bots import RandomBot
from thurn.sim import SimulationInterrupted, bot_seed, game_seed, simulate

STOP_AT = 3                          # the in-process run is interrupted in this game
FAST = {bot_seed(game_seed(0, k), seat) for k in (0, 1) for seat in (0, 1)}    # games 0 and 1 of seed 0


class InterruptedBot(RandomBot):
    """A random bot that presses Ctrl-C in the middle of game STOP_AT (of seed 0)."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.stop = seed in {bot_seed(game_seed(0, STOP_AT), s) for s in (0, 1)}
        self.moves = 0

    def choose(self, state):
        self.moves += 1
        if self.stop and self.moves > 5:
            raise KeyboardInterrupt
        return super().choose(state)


class SleepyBot(RandomBot):
    """Quick in games 0 and 1; in every other game it says so (a file) and thinks for 60 seconds."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.slow = seed not in FAST

    def choose(self, state):
        if self.slow:
            Path(os.environ["THURN_TEST_MARKS"], f"{os.getpid()}-{self.seed}").touch()
            time.sleep(60)
        return super().choose(state)


def test_an_interrupted_run_in_process_keeps_the_finished_games():
    with pytest.raises(SimulationInterrupted) as e:
        simulate(10, bots=InterruptedBot, players=2, workers=1)
    sim = e.value.simulation
    assert list(sim.games["game"]) == [0, 1, 2] and len(sim.players) == 6 and len(sim.errors) == 0
    assert e.value.reason == "interrupted" and isinstance(e.value, KeyboardInterrupt)
    assert "3 of 10 games had finished" in str(e.value) and ".simulation" in str(e.value)
    whole = simulate(3, bots="random", players=2, workers=1)
    assert sim.games.drop(columns="bots").equals(whole.games.drop(columns="bots"))


def test_an_interrupted_pool_stops_at_once_and_keeps_the_finished_chunks(tmp_path, monkeypatch):
    """Ctrl-C while the workers play long games: the run stops in moments (it waited for the running chunks to
    finish: 60 s here), with the games finished."""
    monkeypatch.setenv("THURN_TEST_MARKS", str(tmp_path))
    sent = {}

    def interrupt_when_both_workers_think():
        deadline = time.monotonic() + 120
        while len(list(tmp_path.iterdir())) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)                         # the finished chunks' results reach this process
        if len(list(tmp_path.iterdir())) >= 2:
            sent["at"] = time.monotonic()
            os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Thread(target=interrupt_when_both_workers_think, daemon=True)
    timer.start()
    with pytest.raises(SimulationInterrupted) as e:
        simulate(6, bots=SleepyBot, players=2, workers=2, chunksize=1)
    stopped = time.monotonic() - sent["at"]
    timer.join()
    assert stopped < 5, f"the run took {stopped:.1f} s to stop"
    assert sorted(e.value.simulation.games["game"]) == [0, 1]


@pytest.mark.parametrize("bot, words", [("search:iterations=1000000000000", "iterations"),
                                        ("search:seconds=1e9", "seconds"), ("search:seconds=inf", "seconds"),
                                        ("search:iterations=true", "iterations")])
def test_a_bot_budget_from_the_command_line_is_bounded(bot, words, capsys):
    t = time.process_time()
    assert main(["simulate", "--games", "1", "--players", "2", "--workers", "1", "--bots", bot]) == 2
    err = capsys.readouterr().err
    assert words in err and ("100,000" in err or "at most 600" in err) and time.process_time() - t < 5


@pytest.mark.parametrize("argv", [
    ["simulate", "--games", "1", "--players", "2", "--rules", "expansions=offices+offices"],
    ["ladder", "--games", "1", "--players", "2", "--expansions", "offices", "offices"]])
def test_an_expansion_named_twice_on_the_command_line_is_refused(argv, capsys):
    t = time.process_time()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "named twice" in err and "offices" in err and time.process_time() - t < 5
