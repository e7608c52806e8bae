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
# # Scoring what-if: which houses should I place?
#
# You have built a route of three or more cards and you are about to score it. The rules give you a choice
# (base rules, 3a), and the choice decides how many points the route is worth. This notebook answers the
# question a player asks at that moment — *which houses should I place?* — with numbers from the engine.
#
# Scoring a route has four parts (base rules, 3):
#
# * **3a. Place houses**: **either** one house in one city of **each** province of the route (option A),
#   **or** one house in **every** city of **one** province of the route (option B).
# * **3b. Take bonus tiles**: for a long route (5, 6, 7 or more cards), for a house in every city of a
#   province (or a pair of provinces), for a house in every province outside Baiern, and for ending the game.
# * **3c. Take a carriage**: the next carriage, if the route has at least as many cards as its number. The
#   **Cartwright** lets a route two cards short take it. The player *may* take it (000): he may also decline it.
# * **3d.** Discard the route and keep at most three cards in hand.
#
# What the choice is worth is measured by the final score (**Game End and Scoring**):
#
# > the points of your highest carriage, **plus** the points of your bonus tiles, **minus** one point for each
# > house you have not placed.
#
# So every house you place is a point you will not lose at the end. "Points" below always means **how much an
# option changes your final score**.

# %%
import pandas as pd

import thurn
from thurn import Score
from thurn.viz import board_figure, score_chart
from thurn.widgets import ScoringWhatIf
from thurn.widgets.whatif import options_table

# %% [markdown]
# ## The rulebook's example
#
# Both English rulebooks use the same example for 3a: a player completes the route Sigmaringen – Stuttgart –
# Nürnberg – Regensburg – Ingolstadt – Augsburg. We give that route to Ann, on her first scoring of the game,
# and put her at the score step: she has drawn her card (`draws: 1`) and played the last card of the route
# (`plays: 1`).

# %%
AT_SCORE = {"step": "score", "draws": 1, "plays": 1}
route = ["Sigmaringen", "Stuttgart", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"]
example = thurn.GameState.from_position({"players": [{"name": "Ann", "route": route}, "Ben"], "turn": AT_SCORE})
example

# %% [markdown]
# The route crosses three provinces: Hohenzollern (Sigmaringen), Württemberg (Stuttgart) and Baiern (the
# other four). On the map, the numbers give the order of the cards:

# %%
board_figure(example, title="The rulebook's example: Ann's route of 6 cards").show()

# %% [markdown]
# ## Every way to score it
#
# `thurn.score_outcomes(state)` tries every legal `Score` action of the position — the engine applies each
# one — and reports what it brings, best first. `options_table` puts them in a table, with the 3a option each
# placement belongs to (from `thurn.placement_options`):

# %%
options = options_table(example)
options

# %% [markdown]
# These are exactly the placements of the rulebook: option A is Sigmaringen + Stuttgart + **one** of the four
# Baiern cities ("such as Ingolstadt"); option B is the four Baiern cities. Option B in Hohenzollern or in
# Württemberg alone is legal too, but places a single house.
#
# Each placement is listed twice: taking carriage 3, and declining it (the `declines` column says which carriage
# is declined). A carriage is points, so declining one costs here; the section *Declining a carriage* below shows
# when it pays. Until then we look at the scorings that take it:

# %%
def taking(table):
    """The rows of an options table that take the carriage they earn (declines is empty)."""
    return table[table["declines"].isna()]
#
# ## Option A or option B?
#
# Let's put the rulebook's two examples side by side: what does each do to each part of Ann's final score?
# `state.scores()` is the final score table *if the game ended now*; the difference between the table after
# scoring and the table before is what the option is worth.

# %%
def gains(state, action, player="Ann"):
    """How each part of ``player``'s final score changes when ``action`` is applied."""
    before = state.scores().loc[player]
    after = state.apply(action).scores().loc[player]
    return (after - before).drop("seat")


option_a = Score(["Sigmaringen", "Stuttgart", "Ingolstadt"])
option_b = Score(["Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"])
pd.DataFrame({"option A (Ingolstadt)": gains(example, option_a), "option B (Baiern)": gains(example, option_b)})

# %% [markdown]
# Both options take the same route-of-6 tile (3 points, 3b) and the same first carriage (carriage 3 is worth
# 2 points, 3c): tiles and carriages depend on the route, not on the houses. The only difference is the
# number of houses: option B places **4**, option A **3**. So Ann should choose option B: **+9 against +8**.

# %%
best = options.iloc[0]
assert best["option"] == "option B: every city of Baiern" and best["points"] == 9
took = taking(options)
assert set(took[took["option"].str.startswith("option A")]["points"]) == {8}
assert set(options["declines"].dropna()) == {3} and len(options) == 2 * len(taking(options))

# %% [markdown]
# ## A house already on the board changes the answer
#
# Houses stay on the board for the rest of the game, and the province tiles count them all (3b: "these
# houses need not all have been placed by the same route"). The rulebook's example for 3b: a player who
# already has a house in Stuttgart places houses in Sigmaringen and Ulm, and so has every city of Württemberg
# and Hohenzollern.
#
# Suppose Ann scored a route through **Ulm** earlier in the game. Now option A, with its houses in Sigmaringen
# and Stuttgart, completes Württemberg + Hohenzollern:

# %%
with_ulm = thurn.GameState.from_position(
    {"players": [{"name": "Ann", "route": route, "houses": ["Ulm"]}, "Ben"], "turn": AT_SCORE})
taking(options_table(with_ulm))

# %% [markdown]
# Option A is now worth **+11** (3 houses, the route tile 3, the Württemberg/Hohenzollern tile 3, and 2 for
# carriage 3) and option B still **+9**: one house fewer, but a 3-point tile more. Which Baiern city option A
# takes makes no difference *now* — all four are worth +11 — but it may later, when Ann works towards all eight
# cities of Baiern.

# %%
assert options_table(with_ulm).iloc[0]["option"] == "option A: one house in each province"
assert list(taking(options_table(with_ulm))["points"][:5]) == [11, 11, 11, 11, 9]

# %% [markdown]
# And later still: if Ann also has houses in the other four cities of Baiern (Würzburg, Passau, München and
# Kempten), option B completes Baiern, whose top tile is worth 5. Then option B is best again:

# %%
later = thurn.GameState.from_position(
    {"players": [{"name": "Ann", "route": route, "houses": ["Ulm", "Würzburg", "Passau", "München", "Kempten"]},
                 "Ben"],
     "turn": AT_SCORE})
taking(options_table(later)).head(2)

# %% [markdown]
# The rule of thumb the numbers give: **count the houses, then look for a province tile**. A tile (3 to 5
# points) is worth more than one or two extra houses.

# %%
assert list(taking(options_table(later))["points"][:2]) == [14, 11]

# %% [markdown]
# ## What the Cartwright buys
#
# The Cartwright is one of the four officials (a player may call **one** official per turn: base rules, Game
# Play). He helps in step 3c: with him, a route up to two cards short still takes the next carriage. The
# rulebook's example: a player who already has carriage 6 completes a route of only five cards and, with the
# Cartwright, takes carriage 7.
#
# Ann has carriages 3 to 6 and completes the first five cards of our route. The engine lists every placement
# twice: with the Cartwright and without him.

# %%
short = thurn.GameState.from_position(
    {"players": [{"name": "Ann", "route": route[:5], "carriages": [3, 4, 5, 6]}, "Ben"], "turn": AT_SCORE})
cartwright = options_table(short)
cartwright

# %% [markdown]
# Option by option, the Cartwright adds **4 points**: carriage 7 is worth 10 instead of the 7 of carriage 6
# (+3), and taking carriage 7 first **ends the game**, which brings the "game end" tile (+1, 3b). Ending the
# game matters beyond the points: the round is played to its end and then everyone's final score is counted
# (Game End and Scoring). Before calling him, look at the score table: ending the game is good for Ann only if
# the others cannot catch up in their last turns.

# %%
helped = cartwright[cartwright["cartwright"]]
alone = cartwright[~cartwright["cartwright"]]
assert list(helped["points"] - alone["points"].values) == [4] * len(helped)
assert helped["ends_game"].all() and set(helped["carriage"]) == {7}

# %% [markdown]
# ## Declining a carriage
#
# The first English rulebook says that a route long enough for the next carriage lets the player "**may** take
# that Coach Card" (000, 3c), and the Princess' Messenger expansion speaks of a player who "voluntarily declines
# to take a carriage" (001). The engine follows that reading (rules notes R9): every scoring that earns a
# carriage can decline it — `Score([...], carriage=False)`, written `score ... decline`. (The rule option
# `carriage_compulsory` follows 001's base text, "takes", and then the carriage is always taken.)
#
# Why refuse points? Because **carriage 7 ends the game** (Game End and Scoring). Ann has carriages 3 to 6 and
# completes a route of seven cards — the rulebook's route and München. Ben is far ahead: 12 points against
# Ann's −12, if the game ended now.

# %%
ben = {"name": "Ben", "carriages": [3, 4, 5, 6],
       "houses": ["Würzburg", "Passau", "München", "Kempten", "Mannheim", "Carlsruhe", "Freiburg", "Basel", "Zürich",
                  "Innsbruck", "Salzburg", "Linz"],
       "tiles": [["baden", 3], ["schweiz_tyrol", 3], ["route_7", 4], ["route_6", 3]]}
behind = thurn.GameState.from_position(
    {"players": [{"name": "Ann", "route": route + ["München"], "carriages": [3, 4, 5, 6], "houses": ["Ulm"]}, ben],
     "turn": AT_SCORE})
behind.scores()

# %% [markdown]
# Every way to score, best first. Taking carriage 7 is worth the most points — +13 with option A — but it ends
# the game; the same placements declining the carriage bring +9 and the game goes on:

# %%
choices = options_table(behind)
choices[["option", "houses", "carriage", "declines", "ends_game", "points"]]

# %% [markdown]
# Points are not the whole story. After the best scoring that takes carriage 7, the round is finished and the
# game is over: Ann ends with 1 point against Ben's 12 and loses. After the best scoring that declines it, Ann has
# −3, but Ben's lead is no longer final: Ann still has 16 houses to place and carriage 7 is still hers to take
# later, with a route of seven cards or with the Cartwright.

# %%
outcomes = thurn.score_outcomes(behind)
take = next(o for o in outcomes if o.action.carriage)
decline = next(o for o in outcomes if not o.action.carriage)
pd.DataFrame({"take carriage 7": take.state.scores()["total"], "decline it": decline.state.scores()["total"]})

# %%
assert take.outcome.ends_game and take.state.end_triggered_by == "Ann" and take.state.winner() == "Ben"
assert not decline.outcome.ends_game and decline.state.end_triggered_by is None
assert (take.outcome.points, decline.outcome.points) == (13, 9)
assert decline.action.notation == "score sigmaringen+stuttgart+nurnberg decline"

# %% [markdown]
# The bots weigh the same choice: `GreedyBot` values carriage 7 with what ending the game does to its standing,
# and declines it when taking it would end the game behind.

# %%
from thurn.bots.greedy import GreedyBot

bot_choice = GreedyBot(seed=1).choose(behind)
bot_choice

# %%
assert not bot_choice.carriage

# %% [markdown]
# ## The final score table
#
# The second rulebook adds up a final score as an example: carriage 6 (**7** points) **+ 16** points of bonus
# tiles **− 4** unplaced houses **= 19** points. It does not say which tiles; here are tiles worth 16 — Baiern
# 5, Baden 3, routes of 7, 6 and 5 (4, 3 and 1) — with 16 houses on the board:

# %%
houses = ["Würzburg", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg", "Passau", "München", "Kempten",
          "Mannheim", "Carlsruhe", "Freiburg", "Stuttgart", "Sigmaringen", "Basel", "Salzburg", "Lodz"]
tiles = [["baiern", 5], ["baden", 3], ["route_7", 4], ["route_6", 3], ["route_5", 1]]
finish = thurn.GameState.from_position(
    {"players": [{"name": "Ann", "houses": houses, "carriages": [3, 4, 5, 6], "tiles": tiles}, "Ben"]})
finish.scores()

# %% [markdown]
# Back to the rulebook's example position. Before Ann scores, each player would lose all 20 houses if the game
# ended now. After option B, Ann has placed 4, holds a 3-point tile and carriage 3:

# %%
best = thurn.score_outcomes(example)[0]
pd.concat({"before": example.scores(), "after option B": best.state.scores()}, axis=1).drop(columns="seat", level=1)

# %% [markdown]
# The same, as a chart of the parts of the score, and the houses option B places (hollow squares) on the map:

# %%
score_chart(best.state).show()

# %%
board_figure(example, placement=best.outcome.houses,
             title="Option B: a house in each of Ann's four cities of Baiern").show()

# %% [markdown]
# ## Try it yourself
#
# `ScoringWhatIf` puts all of this in one place. Set up a position — the players, the route to score, each
# player's houses, highest carriage and bonus tiles, the tiles left on the stacks — and every way to score it
# appears as a card, best first. Click **show** on a card: the map draws its houses, and the final score table
# after it appears next to the table before it.
#
# Things to try: give Ann a house in Ulm (option A jumps ahead); make her highest carriage 6 and drop Augsburg
# from the route (the Cartwright appears); type a city that is not on the board, or more than 20 houses, and
# read what the engine says. It also starts from any game: `ScoringWhatIf(state)` takes the position and puts
# the player whose turn it is at the score step.

# %%
ScoringWhatIf(example)
