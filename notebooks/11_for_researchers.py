# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # For researchers: Thurn und Taxis in OpenSpiel and PettingZoo
#
# Game-AI researchers reach for [OpenSpiel](https://github.com/google-deepmind/open_spiel) and
# [PettingZoo](https://pettingzoo.farama.org): a game there is played by their search algorithms and learning agents
# without a line of glue. thurn registers every ruleset — the base game, both rule sets of the northern board, The
# Princess' Messenger, Offices of Honor, Power and Glory, The Audience and SoloPlay, for 1 to 4 players as each
# allows — as the OpenSpiel game `python_thurn_und_taxis`, and offers the same as a PettingZoo environment.
#
# This notebook loads the game, looks at its chance nodes and its actions, plays a random game and a game of
# OpenSpiel's information-set MCTS against a thurn bot, shows what a player observes, and runs the PettingZoo
# environment with a simple agent. It needs the research extra: `pip install 'thurn[research]'` (`make setup`
# installs it).

# %%
import json
import random
import textwrap

import numpy as np
import pyspiel

import thurn.research.openspiel  # noqa: F401  (registers python_thurn_und_taxis)
from thurn.research.arena import play, pyspiel_ismcts
from thurn.research.bots import ThurnBot
from thurn.research.pettingzoo import env as thurn_env


def say(*parts, width=96):
    """Print, broken between words at ``width`` (each line of the text on its own)."""
    for line in " ".join(map(str, parts)).splitlines():
        print(textwrap.fill(line, width, subsequent_indent="    "))

# %% [markdown]
# ## The game and its parameters
#
# `players`, `board`, `expansions` (joined by `+`), `options` (rule options as JSON), `returns` (`"points"` or
# `"win_loss"`) and `max_turns` (0 plays to the game's end). The game's information — players, distinct actions,
# chance outcomes, utilities — is built from them when the game is loaded.

# %%
game = pyspiel.load_game("python_thurn_und_taxis", {"players": 3, "expansions": "messenger"})
say(game)
say("players:", game.num_players(), "· distinct actions:", game.num_distinct_actions(),
      "· chance outcomes at most:", game.max_chance_outcomes())

# %% [markdown]
# ## Chance: the cards that can come
#
# Nothing is shuffled at the start. Each card that comes from the deck — the display dealt, a card drawn, a slot
# refilled, the first cards of a deck shuffled from the discard pile (base rules, 1) — is a chance node when the
# rules first need it. Its outcomes are the kinds of card that can come, each as likely as it has copies among
# the unseen cards of the deck. The first chance node deals the first card of the display:

# %%
state = game.new_initial_state()
outcomes = state.chance_outcomes()
say(len(outcomes), "outcomes; the first three:")
for card, p in outcomes[:3]:
    say(f"  {state.action_to_string(pyspiel.PlayerId.CHANCE, card)}: {p:.4f}")

# %% [markdown]
# ## Actions are words
#
# A thurn action is a few words ("score passau+linz cartwright" reads *score, passau, linz, cartwright*). A player
# builds his action word by word; an integer always means the same word, and `0` ends the action. A word that is
# the only one possible is taken for him, so a combinatorial choice — which houses to place, which cards to keep —
# is a few simple decisions. After the deal, the first player is to draw:

# %%
rng = random.Random(1)
while state.is_chance_node():
    cards, probs = zip(*state.chance_outcomes())
    state.apply_action(rng.choices(cards, probs)[0])
player = state.current_player()
say("words so far:", [game.words[w] for w in state.table.choosing.chosen])
say("legal words:", [state.action_to_string(player, a) for a in state.legal_actions()])

# %% [markdown]
# Each legal word continues at least one of the legal thurn actions. Choosing `deck` leaves one way to finish
# (`0`, the end of the action):

# %%
deck = game.words.index("deck")
state.apply_action(deck)
say("legal words now:", [state.action_to_string(player, a) for a in state.legal_actions()])

# %% [markdown]
# ## A random game
#
# A random player rarely finishes a route, so a random game takes thousands of turns; `max_turns` cuts a game with
# the scores as they stand (no rule: a limit for tests and quick experiments). Here, a random game of 12 turns:

# %%
short = pyspiel.load_game("python_thurn_und_taxis", {"players": 2, "max_turns": 12})
state = short.new_initial_state()
rng = random.Random(6)
while not state.is_terminal():
    if state.is_chance_node():
        cards, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(cards, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))
say(len(state.history()), "chance outcomes and words;", state.table.state.turns, "turns; returns", state.returns())
say(state.table.state.score_records()[0])

# %% [markdown]
# Cut early, both players still hold all their houses: each house left in the supply costs a point at the end of
# the game (base rules, Game End and Scoring), which is what the returns count here.
#
# ## What a player observes
#
# A player's observation is what his view in thurn holds: his own hand, the table, the others' hands as counts
# (less the cards he saw them take face up), the deck as a count; never the deck's order or the seed. As a string
# it is the view as JSON; his information state adds the game's log as he saw it (another player's card from the
# deck is "a card").

# %%
seen = json.loads(state.observation_string(0))
say("my hand:", seen["players"][0]["hand"])
say("the other hand:", seen["players"][1]["hand"], "(None: a card he drew face down)")
say("the deck:", len(seen["deck"]), "cards, every one", set(seen["deck"]) or "—")
say("\n".join(state.information_state_string(0).splitlines()[1:4]))

# %% [markdown]
# As a tensor it holds counts of cards by kind and place, each player's houses and supply, the deck's size, who is
# to move, and the observation's text byte by byte, so that every expansion's part of the view is in it too:

# %%
observer = thurn.research.openspiel.ThurnObserver(short, perfect_recall=False)
observer.set_from(state, 0)
say({name: array.shape for name, array in observer.dict.items()})

# %% [markdown]
# ## OpenSpiel's information-set MCTS against a thurn bot
#
# OpenSpiel's `ISMCTSBot` searches worlds that the player cannot tell from the game (`thurn.research.bots.resampler`:
# what he cannot see dealt again) and values a leaf by the points as they stand (`ScoreEvaluator`: a random
# rollout to the end would take thousands of turns). A thurn bot plays through the same interface
# (`ThurnBot`, handed its player's view). A short game of 10 turns, 20 simulations a decision:

# %%
duel = pyspiel.load_game("python_thurn_und_taxis", {"players": 2, "returns": "win_loss", "max_turns": 10})
bots = [pyspiel_ismcts(duel, 20, seed=3), ThurnBot(1, "club", seed=3)]
final = play(duel, bots, seed=3)
say("points (IS-MCTS, Club):", final.table.state.returns(), "· returns:", final.returns())

# %% [markdown]
# Over whole games, the win rates of IS-MCTS against thurn's Club and Expert bots are in `BENCHMARKS.md`
# (`python -m thurn.research.arena`).
#
# ## PettingZoo
#
# `thurn.research.pettingzoo.env(...)` takes the same parameters. Each agent observes a dict: the tensor and the
# `action_mask` of the words it may say; chance is drawn inside, from the generator `reset(seed=...)` seeds. An
# agent that scores whenever it can, and else says a random legal word:

# %%
e = thurn_env(players=2, max_turns=20, render_mode="ansi")
e.reset(seed=5)
score = e.words.index("score")
rng = np.random.default_rng(5)
total = {agent: 0.0 for agent in e.possible_agents}
for agent in e.agent_iter():
    obs, reward, termination, truncation, info = e.last()
    total[agent] += reward
    if termination or truncation:
        e.step(None)
        continue
    legal = np.flatnonzero(obs["action_mask"])
    e.step(score if score in legal else int(rng.choice(legal)))
say("rewards:", total)

# %% [markdown]
# PettingZoo's own checks pass (`api_test` and `seed_test`, in every ruleset in the tests). The environment shows
# an agent's view as text, and as the map:

# %%
import warnings  # noqa: E402

from pettingzoo.test import api_test  # noqa: E402

with warnings.catch_warnings():      # (PettingZoo's advice for a dict observation: the mask needs one)
    warnings.simplefilter("ignore", UserWarning)
    api_test(thurn_env(players=3, board="northern", expansions="power_glory", max_turns=4), num_cycles=50)
say("\n".join(e.render().splitlines()[:4]))
e.figure("player_0")
