"""Every ruleset as an OpenSpiel game (issue 37; thurn/research/): OpenSpiel's own random simulation test (with
serialisation) in every ruleset of the registry and each number of players it allows; chance as the cards that
can come (base rules, 1: the deck is drawn face down); each player's information state and observation hold what
his view holds and nothing more (two games that differ only in a card drawn face down by another player read the
same to him); a game played through OpenSpiel replays identically in thurn.

Sized by ``THURN_SIZE``: games cut after 6 turns in ``make test``, after 24 in the full run, where a whole
SoloPlay game and a whole base game are played too.
"""
from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from thurn.research.openspiel import SHORT_NAME, ThurnGame, ThurnObserver   # noqa: E402  (registers the game)
from thurn.research.words import DONE, KEYWORDS, vocabulary          # noqa: E402
from thurn.sim import full_size, sized                               # noqa: E402

from thurn.research.arena import play_randomly                    # noqa: E402
from tests.support.rulesets import RULESETS, player_counts, ruleset_id   # noqa: E402

TURNS = sized(24, 4)
#: Every ruleset with each number of players it allows (make test: with the most it allows).
CASES = [(board, ex, n) for board, ex in RULESETS
         for n in (player_counts(board, ex) if full_size() else [max(player_counts(board, ex))])]


def _load(board, expansions, players, **more):
    return pyspiel.load_game(SHORT_NAME, {"board": board, "expansions": "+".join(expansions), "players": players,
                                          **more})


@pytest.mark.parametrize("board,expansions,players", CASES,
                         ids=[f"{ruleset_id((b, e))}:{n}" for b, e, n in CASES])
def test_openspiels_random_simulation_test_passes(board, expansions, players):
    game = _load(board, expansions, players, max_turns=TURNS)
    assert game.num_players() == players                 # the information is built for these parameters
    assert game.num_distinct_actions() == len(vocabulary(game.board, tuple(expansions)))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.skipif(not full_size(), reason="whole games: the full run (THURN_SIZE=full)")
@pytest.mark.parametrize("board,expansions,players", [("base", (), 2), ("base", ("solo",), 1)])
def test_whole_games_end_by_the_rules(board, expansions, players):
    state = play_randomly(_load(board, expansions, players).new_initial_state(), random.Random(7))
    assert state.table.state.is_over and not state.table.cut
    assert state.returns() == [float(x) for x in state.table.state.returns()]
    if players == 1:                                  # SoloPlay: scored by its points, and rated
        assert state.result().score == state.returns()[0] and state.result().rating


def test_the_game_is_built_for_its_parameters():
    """The players, words and utilities come from the parameters when the game is loaded (not at import)."""
    two, four = _load("base", (), 2), _load("base", (), 4)
    assert (two.num_players(), four.num_players()) == (2, 4)
    solo = _load("base", ("solo",), 1)
    assert solo.num_players() == 1 and solo.new_initial_state().current_player() == pyspiel.PlayerId.CHANCE
    for bad in ({"players": 1}, {"players": 5}, {"players": 2, "returns": "money"}, {"players": 2, "max_turns": -1},
                {"players": 2, "board": "atlantis"}, {"players": 2, "expansions": "solo"}):
        with pytest.raises(Exception):
            pyspiel.load_game(SHORT_NAME, bad)


def test_words_have_one_meaning():
    words = vocabulary(ThurnGame({"players": 2}).board, ())
    assert words[0] == DONE and words[1:1 + len(KEYWORDS)] == KEYWORDS
    assert len(set(words)) == len(words)
    game = _load("base", (), 2)
    state = play_randomly(game.new_initial_state(), random.Random(1), until=lambda s: not s.is_chance_node())
    for a in state.legal_actions():                     # both ways, in the game's words
        assert state.action_to_string(state.current_player(), a) == game.words[a]
        assert state.string_to_action(game.words[a]) == a


def _two_worlds(game, rng):
    """Two games that differ only in one card that chance put on the deck, played on alike (the same words, the same
    chance outcomes) until a player draws it face down: (the two states, the drawer). Where the backs show
    (Power and Glory), the two cards have the same back."""
    board = game.board

    def back(c):
        return board.card_value(c, game.rules.ruleset.card_back, 0) if game.rules.ruleset.card_back else 0

    def kinds(cards):
        return sorted(board.kind_of[c] if c >= 0 else c for c in cards)

    def deciding(state):                                # (after the deal: the display is dealt face up)
        if not (state.is_chance_node() and state.table.start is not None and state.table.events[0] == ("deck",)):
            return False
        cards = [k for k, _ in state.chance_outcomes()]
        return any(back(a) == back(b) for a in cards for b in cards if a != b)

    for _ in range(100):
        state = play_randomly(game.new_initial_state(), rng, until=deciding)
        if state.is_terminal():
            continue
        cards = [k for k, _ in state.chance_outcomes()]
        first, second = next((a, b) for a in cards for b in cards if a != b and back(a) == back(b))
        a, b = state.clone(), state.clone()
        a.apply_action(first)
        b.apply_action(second)
        draw = [game.words.index("draw"), game.words.index("deck"), 0]
        while not (a.is_terminal() or b.is_terminal()):
            ta, tb = a.table, b.table
            if kinds(ta.state.display) != kinds(tb.state.display):
                break                                   # the card came face up: try another game
            differ = [i for i, (p, q) in enumerate(zip(ta.state.players, tb.state.players))
                      if kinds(p.hand) != kinds(q.hand)]
            if differ and ta.actions and ta.actions[-1].kind == "draw" and ta.actions[-1].city is None:
                return a, b, differ[0]
            if a.is_chance_node():
                common = sorted({o for o, _ in a.chance_outcomes()} & {o for o, _ in b.chance_outcomes()})
                word = common[0] if common else None
            else:
                legal = a.legal_actions()
                assert legal == b.legal_actions()
                word = next((w for w in draw if w in legal), rng.choice(legal))
            if word is None:
                break
            a.apply_action(word)
            b.apply_action(word)
    raise AssertionError("no card drawn face down in 100 games")


@pytest.mark.parametrize("board,expansions", RULESETS[:sized(len(RULESETS), 3)],
                         ids=[ruleset_id(r) for r in RULESETS[:sized(len(RULESETS), 3)]])
def test_a_card_drawn_face_down_is_seen_by_its_drawer_alone(board, expansions):
    """Base rules, 1: a card drawn from the deck is seen by its drawer; the others see that a card was drawn."""
    players = max(player_counts(board, expansions))
    game = _load(board, expansions, players, max_turns=60)
    a, b, drawer = _two_worlds(game, random.Random(f"hidden:{board}:{expansions}"))
    for seat in range(players):
        same = seat != drawer
        assert (a.information_state_string(seat) == b.information_state_string(seat)) == same
        assert (a.observation_string(seat) == b.observation_string(seat)) == same
        assert np.array_equal(a.observation_tensor(seat), b.observation_tensor(seat)) == same
        assert np.array_equal(a.information_state_tensor(seat), b.information_state_tensor(seat)) == same


def test_chance_outcomes_are_the_cards_that_can_come():
    """Each chance node of the deck: the kinds of the undecided cards, each as likely as it has copies there."""
    game = _load("base", (), 3)
    state = game.new_initial_state()
    rng = random.Random(5)
    seen = 0
    while not state.is_terminal() and seen < 300:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            t = state.table
            if t.events[0] == ("deck",):
                kinds = [game.board.kind_of[c] for c in t.undecided()]
                assert dict(outcomes) == pytest.approx({k: kinds.count(k) / len(kinds) for k in set(kinds)})
                seen += 1
            o, p = zip(*outcomes)
            state.apply_action(rng.choices(o, p)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen >= 100


@pytest.mark.parametrize("board,expansions", RULESETS[:sized(len(RULESETS), 4)],
                         ids=[ruleset_id(r) for r in RULESETS[:sized(len(RULESETS), 4)]])
def test_a_game_through_openspiel_replays_identically_in_thurn(board, expansions):
    players = min(player_counts(board, expansions))
    game = _load(board, expansions, players, max_turns=sized(80, 20), returns="win_loss")
    state = play_randomly(game.new_initial_state(), random.Random(f"replay:{board}:{expansions}"))
    t = state.table
    replayed = t.replayed()
    assert replayed.same_position(t.state)
    assert [a.notation for a in replayed.history] == [a.notation for a in t.actions]
    if players > 1:
        winner = t.state.result().winner
        assert state.returns() == [1.0 if i == winner else -1.0 for i in range(players)]
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and again.table.state.same_position(t.state)
    assert pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1].history() == \
        state.history()


def test_the_information_state_tensor_remembers_the_last_shuffle():
    """Base rules, 1: the discard pile is shuffled into a new deck; a player remembers which cards went in."""
    game = _load("base", (), 2)
    state = play_randomly(game.new_initial_state(), random.Random(2),
                          until=lambda s: s.table.state is not None and s.table.state.shuffles > 1
                          and not s.is_chance_node())
    observer = ThurnObserver(game, perfect_recall=True)
    observer.set_from(state, 0)
    shuffled = state.table.watch.shuffled
    assert shuffled and observer.dict["last_shuffle"].sum() == len(shuffled)
    assert np.array_equal(observer.tensor, np.asarray(state.information_state_tensor(0), np.float32))
