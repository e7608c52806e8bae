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
# # Strategy lab: what ten thousand games say
#
# Players argue about strategy: *does the first player win more often? Is it worth rushing for carriage 7?
# Which official is worth a turn's help? Which first route pays best?* This notebook answers such questions the
# way a scientist would: by playing many games between bots and counting.
#
# The players here are `GreedyBot`s (`thurn.bots`): each looks one turn ahead and values every legal action by
# what it does for the route, the houses, the bonus tiles and the carriage. They play sensibly — a game between
# four of them lasts about as long as a game between experienced people — but they are not people, so read every
# number as "what happens between players of this kind". `thurn.sim.simulate` plays the games on every core of
# the machine, and every game is seeded: the same cell gives the same numbers on any machine.

# %%
import pandas as pd
import plotly.express as px
import plotly.graph_objects as go

from thurn.ladder import wilson
from thurn.sim import full_size, simulate, sized

GAMES = sized(10_000, small=300)    # four-player games between greedy bots: a few minutes on two cores
# (make test sets THURN_SIZE=small: a few hundred games, to check that every cell runs; the numbers in the text and
# the statistical checks are those of the full 10,000)

# %% tags=["nbval-ignore-output"]
games, players = simulate(GAMES, bots="greedy", players=4, seed=2026)

# %% [markdown]
# `simulate` returns two tables: one row per game, and one row per game and player. A player's row holds his
# final score (**Game End and Scoring**: carriage points plus bonus tiles minus one point per house not placed),
# his seat, how many turns he took, the routes he scored, the officials he called, the tiles he took.

# %%
len(games), len(players)

# %%
players.loc[0, ["seat", "total", "carriage", "tiles", "unplaced_houses", "turns", "route_lengths",
                "carriage_level", "postmaster", "administrator", "cartwright", "postal_carrier", "winner"]]

# %% [markdown]
# Experienced players say a game lasts 17 to 21 turns each. The greedy bots:

# %%
games["turns_per_player"].describe().round(1)

# %% [markdown]
# ## 1. Does the first seat win more often?
#
# With four equal players each seat would win a quarter of the games. The share of games won from each seat,
# with a 95 % confidence interval (Wilson's):

# %%
def win_shares(rows, by):
    """Share of games won by each value of ``by``, with its 95 % interval."""
    t = rows.groupby(by)["winner"].agg(wins="sum", games="count")
    t["share"] = t.wins / t.games
    t[["low", "high"]] = [wilson(w, n) for w, n in zip(t.wins, t.games)]
    return t


seats = win_shares(players, "seat")
seats.round(3)

# %%
fig = px.bar(seats.reset_index(), x="seat", y="share", title="Share of games won from each seat",
             error_y=seats.high - seats.share, error_y_minus=seats.share - seats.low)
fig.add_hline(y=0.25, line_dash="dash", annotation_text="a quarter")
fig.update_layout(height=350, yaxis_tickformat=".0%")
fig.show()

# %% [markdown]
# The first seat wins 27.4 % of the games (95 % interval 26.5–28.3 %), the last 23.5 %: a clear edge, although
# everyone takes the same number of turns (when the game's end is triggered "the current round is played to
# its end", base rules, Game End and Scoring). Moving first means picking first from the display and reaching
# the bonus stacks first: a player takes the top tile of a stack (base rules, 3b), and the tiles are stacked
# highest first (a route of 7 pays 4, 3, 2, then 1). Between equal players, rotate who starts.

# %%
if full_size():                 # statistical checks need the full sample
    assert seats.share[0] > 0.25 > seats.share[3]      # the first seat wins more than a quarter, the last less

# %% [markdown]
# ## 2. How many points wins a game?
#
# The final scores of all players, and of the winners:

# %%
scores = players.groupby(["total", "winner"]).size().rename("players").reset_index()
scores["who"] = scores.winner.map({True: "winner", False: "the others"})
fig = px.bar(scores, x="total", y="players", color="who", barmode="stack", title="Final scores")
fig.update_layout(height=350)
fig.show()

# %%
players.groupby("winner")["total"].describe().round(1)

# %% [markdown]
# Winners score 24 points on average (half of them between 21 and 28), the others 14. A game between these
# bots is won with a score in the low to mid twenties; a score under 15 rarely wins.

# %% [markdown]
# ## 3. Long routes or many routes?
#
# Each route scored is listed in `route_lengths`. How long are the routes greedy players score, and how do the
# players who build long routes do?

# %%
routes = players.route_lengths.str.split(",").explode().dropna()
routes = routes[routes != ""].astype(int)
routes.value_counts().sort_index().rename("routes scored")

# %%
by_longest = players.groupby("longest_route").agg(players=("total", "size"), mean_score=("total", "mean"),
                                                  win_share=("winner", "mean"))
by_longest = by_longest[by_longest.players >= 50]
fig = px.line(by_longest.reset_index(), x="longest_route", y="mean_score", markers=True,
              title="Mean final score by the longest route a player scored")
fig.update_layout(height=350)
fig.show()
by_longest.round(2)

# %%
if full_size():
    assert by_longest.mean_score[7] > by_longest.mean_score[5]

# %% [markdown]
# Most routes scored are short: more than half have three cards, the least the rules allow (base rules, 3).
# But the players who also score one long route do much better: with a longest route of 7 a player
# scores 17.8 points on average and wins 30 % of his games; with a longest of 5, 14.1 points and 9 %. A long
# route takes the length tiles (base rules, 3b) and the carriage track needs one (a carriage needs a route at
# least as long as its number, 3c); the short ones place houses quickly.

# %% [markdown]
# ## 4. Which first routes pay best?
#
# The first route a player scores sets up his houses and his first carriage. A route and its reverse are the
# same route, so they are counted together. The routes started most often, and how their players finished:

# %%
def same_way(route):
    """A route written the same way whichever end it was read from."""
    cities = route.split("-")
    return "-".join(min(cities, cities[::-1]))


firsts = players[players.first_route != ""].assign(route=lambda d: d.first_route.map(same_way))
first = firsts.groupby("route").agg(players=("total", "size"), cards=("first_route_length", "first"),
                                    mean_score=("total", "mean"), win_share=("winner", "mean"))
common = first[first.players >= 40].sort_values("mean_score", ascending=False)
common.head(8).round(2)

# %%
by_length = firsts.groupby("first_route_length").agg(players=("total", "size"), mean_score=("total", "mean"),
                                                     win_share=("winner", "mean"))
by_length.round(2)

# %% [markdown]
# Most first routes have three cards. The first routes that pay best (among those played at least 40 times)
# start in the east, from Lodz (Polen) through Pilsen (Böhmen): Lodz–Pilsen–Nürnberg, Lodz–Pilsen–Regensburg,
# Linz–Budweis–Pilsen–Lodz; their players win a third of their games. By length, a first route of five or more
# cards pays 1.5 to 2.5 points more than one of three, and wins more often (28–30 % against 24 %): its length
# tile comes while the stacks still hold their best tiles.

# %% [markdown]
# ## 5. What is each official worth?
#
# Counting how often winners call each official mixes cause and effect. An experiment says more: one greedy
# player who never calls an official (unless the rules force him: the Postmaster must help an empty hand) plays
# against three who call it as usual, seats rotated. If the official is worth nothing he still wins a quarter of
# the games.

# %%
OFFICIALS = ["postmaster", "administrator", "cartwright", "postal_carrier"]
EXPERIMENT = sized(800, small=24)


def against_three(bot, n=EXPERIMENT, seed=7, rules=None):
    """``bot`` against three greedy bots, seats rotated: the simulation."""
    return simulate(n, bots=[bot, "greedy", "greedy", "greedy"], players=4, seed=seed, rotate=True, rules=rules)


def challenger(sim):
    """How the challenger (seat rotated, lineup 0) did: win share with its 95 % interval, mean scores."""
    me, others = sim.players[sim.players.lineup == 0], sim.players[sim.players.lineup != 0]
    low, high = wilson(int(me.winner.sum()), len(me))
    return pd.Series({"games": len(me), "win_share": me.winner.mean(), "low": low, "high": high,
                      "score": me.total.mean(), "others_score": others.total.mean()}, name=me.bot.iat[0])


officials = pd.DataFrame([challenger(against_three(f"greedy:avoid={name}")) for name in OFFICIALS])
officials.round(3)

# %%
fig = px.bar(officials.rename_axis("bot").reset_index(), x="bot", y="win_share", title="Win share of a player who never calls ...",
             error_y=officials.high - officials.win_share, error_y_minus=officials.win_share - officials.low)
fig.add_hline(y=0.25, line_dash="dash", annotation_text="a quarter: the official is worth nothing")
fig.update_layout(height=350, yaxis_tickformat=".0%")
fig.show()

# %%
if full_size():
    assert (officials.high < 0.25).sum() >= 2          # at least two officials are clearly worth calling

# %% [markdown]
# Every official is worth calling, some far more than others. Without the **Postal Carrier** (a second card
# played in the turn, base rules 2) a greedy player almost never wins (0.6 %): the route grows twice as fast
# with him. Without the **Postmaster** (a second card drawn, 1) he wins 6.6 %, without the **Cartwright** (a
# carriage two cards early, 3c) 11.2 %. The **Administrator** (a new display, 1) matters least: 22.1 %, an
# interval that just reaches a quarter.

# %% [markdown]
# ## 6. Does rushing carriage 7 win?
#
# Carriage 7 needs a route of seven cards, and the carriages must be taken in order (base rules, 3c). A player
# can rush: build long routes from the start, and value each step up the carriage track highly
# (`carriage_step`), accepting that long routes take more turns. A balanced player scores shorter routes sooner.
# The rusher against three balanced greedy players:

# %%
RUSH = "greedy:rush=True"
rush = against_three(RUSH)
challenger(rush).round(3)

# %%
levels = rush.players.groupby("bot").carriage_level.value_counts(normalize=True).rename("share").reset_index()
rush.players.groupby("bot")[["carriage_level", "routes_scored", "mean_route_length", "total"]].mean().round(2)

# %%
fig = px.bar(levels, x="carriage_level", y="share", color="bot", barmode="group",
             title="The highest carriage reached: the rusher against the balanced players")
fig.update_layout(height=350, yaxis_tickformat=".0%")
fig.show()

# %%
if full_size():
    assert challenger(rush).high < 0.25                # the rusher wins clearly less than a quarter

# %% [markdown]
# Rushing does not pay between these players: the rusher wins 15.2 % of the games (interval 12.9–17.9 %) and
# scores 12.9 points against the others' 16.9. He scores more routes (7.2 against 5.9), shorter ones (3.4
# cards against 4.4), and so takes fewer length tiles and places fewer houses in each; and he does not even
# reach a higher carriage: the short routes leave him needing a long one at the end of the track anyway.

# %% [markdown]
# ## 7. Your experiment
#
# Change the challenger or the rules and rerun the cell. A challenger is a bot name with options, e.g.
# `"greedy:rate=0.8"` (a greedy bot that values tempo less), `"greedy:avoid=cartwright"`, `"random"` or
# `"search:iterations=16"` (slow: about a second a game per search decision budget; lower `n`). Rules are
# words: `"optional_houses"` lets a player place fewer houses than the rules require (see the README's rule
# options).

# %%
CHALLENGER = "greedy:rate=0.8"
RULES = "base"
challenger(against_three(CHALLENGER, n=sized(400, small=12), seed=11, rules=RULES)).round(3)
