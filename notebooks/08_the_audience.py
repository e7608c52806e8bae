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
# # The Audience: clergymen on the roads to Rome
#
# The base game rewards houses: a card of the route is worth a house. **The Audience**, the first half of the
# expansion "All Roads Lead to Rome", gives the cards *without* a house a use. Beside the board lies a strip of
# roads to Rome, and five carriages stand on it, one for each bonus group of provinces. Every player has sealed one of his
# five clergymen in each carriage, face down. A card of a scored route on which no house was placed moves its
# carriage one city closer to Rome; a carriage that arrives brings its clergymen to the Pope, and those already
# waiting in the same rank go home. At the end, each clergyman in the audience scores his rank: 5 points for a
# Kardinal, 1 for a Ministrant.
#
# This notebook teaches the rules one per cell, each on a real position of the engine (`thurn`), with the
# questions left for you to answer; then it asks a question the rule book leaves to the players: *when should your
# Kardinal arrive?* "The players endeavor to make certain the carriages with the clergymen arrive, but not too
# early!" says the rule book. Simulated games measure how much "too early" costs.

# %%
import os
import random
import textwrap

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
from tqdm.auto import tqdm

import thurn
from thurn.bots.greedy import GreedyBot
from thurn.expansions.audience import rules as au
from thurn.information import Watch, view_for
from thurn.lessons import load_lesson
from thurn.sim import bot_seed, game_seed
from thurn.viz import board_figure
from thurn.widgets import Quiz, RulesStepper

AU = {"expansions": ["audience"]}
LESSON = load_lesson("audience")             # the positions of the rules stepper's lesson, used below too
STEP = {s.step.id: s for s in LESSON.stops()}
BASE = thurn.load_board("base")
STRIP = au.strip(BASE)                       # the Rome strip, read for the rules
CLERGY = au.clergy()


def say(sentences, width=96):
    """Print the engine's sentences (one, or a list), each wrapped between words to ``width`` columns."""
    for sentence in [sentences] if isinstance(sentences, (str, Exception)) else sentences:
        print(textwrap.fill(str(sentence), width, subsequent_indent="  "))


def strip_figure(state=None, title="The Rome strip (reconstructed)"):
    """The Rome strip with plotly: its cities and roads (north at the top, Rom at the bottom) and the carriages,
    on their starts or where ``state`` has them."""
    m = STRIP.map
    fig = go.Figure()
    for a, b in m.roads:
        (x0, y0), (x1, y1) = m.city(a).pos, m.city(b).pos
        fig.add_trace(go.Scatter(x=[x0, x1], y=[y0, y1], mode="lines", line=dict(color="#bbbbbb", width=2),
                                 hoverinfo="skip", showlegend=False))
    xs, ys = zip(*(c.pos for c in m.cities))
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="markers+text", text=[c.name for c in m.cities],
                             textposition="middle right", marker=dict(size=[18 if i == STRIP.rome else 8
                                                                            for i in range(len(m.cities))],
                                                                      color="#555555"),
                             hoverinfo="text", showlegend=False))
    at = au.audience(state).at if state is not None else STRIP.starts[3]
    seen: dict = {}
    for c, i in enumerate(at):
        k = seen[i] = seen.get(i, -1) + 1                     # carriages in one city side by side
        x, y = m.cities[i].pos
        fig.add_trace(go.Scatter(x=[x - 2.5 - 3 * k], y=[y], mode="markers", name=STRIP.names[c],
                                 marker=dict(size=16, symbol="square", color=STRIP.colours[c],
                                             line=dict(color="#222222", width=1.5)),
                                 hovertext=f"the {STRIP.names[c]} carriage in {m.cities[i].name}",
                                 hoverinfo="text"))
    # the title sits under the band where plotly's toolbar shows (the top 30 px, on the right), never under it
    fig.update_layout(title=dict(text=title, x=0.01, xanchor="left", y=1 - 34 / 620, yanchor="top"), height=620,
                      width=760, plot_bgcolor="white", margin=dict(l=10, r=10, t=70, b=10),
                      xaxis=dict(visible=False, range=[-12, 112]), yaxis=dict(visible=False, range=[-6, 106]),
                      legend=dict(title="carriages"))
    return fig


# %% [markdown]
# ## The map first: the board, and the roads to Rome beside it
#
# The Audience is played on the base board: the cities, the provinces and the routes are those of the base game.
# What is new lies beside it, a strip with the roads to Rome:

# %%
board_figure("base", title="The base board: the cards and the routes").show()

# %% [markdown]
# **The Rome strip is reconstructed.** The rules name its five starts (Lörrach, Tuttlingen, St. Gallen, Freising
# and Hallstadt), the starts with 2 players (Mailand, Como twice, Trient and Udine), two cities with several roads
# south (Andechs with 2, Florenz with 3), and Rom. Every other city and road is assumed: real places on the way
# south, drawn schematically; and which start belongs to which carriage is inferred from the west-to-east order of
# the starts and the land of each carriage's provinces. The board file says so itself (`maps.rome` of
# `data/base.json`); a corrected file in the same format would replace it.

# %%
attributes = dict(STRIP.map.attributes)
for key in ("provenance", "certain", "inferred", "assumed"):
    say(f"{key}: " + (attributes[key] if isinstance(attributes[key], str) else "; ".join(attributes[key])))
strip_figure(title="The Rome strip (reconstructed): the carriages on their starts").show()

# %% [markdown]
# A carriage for each bonus group of the base board (one province, or two, as the bonus tiles group them), each on
# its start; with 2 players every carriage starts two cities further south. The paths differ in length: some
# carriages are closer to Rome than others.

# %%
pd.DataFrame({"carriage": STRIP.names,
              "start": [STRIP.city_name(i) for i in STRIP.starts[3]],
              "start with 2 players": [STRIP.city_name(i) for i in STRIP.starts[2]],
              "fewest steps to Rom": [STRIP.to_rome[i] for i in STRIP.starts[3]]}).set_index("carriage")

# %% [markdown]
# ## Learn by clicking: the rules stepper
#
# The rules stepper goes through The Audience one rule at a time: the rule with its citation, the position on the
# map, and a question to answer by clicking; **Next** and **Back** move between the steps, and after the last one
# **Play a game** starts a game with The Audience against a bot. The sections below take the same rules one per
# cell, in code.

# %%
RulesStepper("audience")

# %% [markdown]
# ## Five clergymen, sealed
#
# > Each player secretly assigns **one of his audience tiles to each carriage** and places them face down on the
# > passenger space for the chosen carriages. When all players have placed their audience tiles, there will be one
# > for each carriage for each player. (The Audience, Preparation)
#
# Each player's five clergymen, by rank. The rules name a cardinal, a bishop, a priest and a ministrant; **the
# third rank's name, Abt, is inferred** (the rules never name it; church order puts an abbot between a bishop and
# a priest), and the data file marks it so:

# %%
pd.DataFrame({"clergyman": CLERGY.names, "rank": CLERGY.ranks, "points": CLERGY.points,
              "named by the rules": [n not in CLERGY.inferred for n in CLERGY.names]}).set_index("clergyman")

# %% [markdown]
# The game has begun and nobody has drawn a card: first every player seals, the start player first. In the engine
# `seal 5 4 3 2 1` gives the rank put in each carriage, west to east.

# %%
Quiz(STEP["seal"].question)

# %% [markdown]
# ### The engine's answer, and who sees what
#
# Each clergyman once, one in each carriage: 5 × 4 × 3 × 2 × 1 = 120 ways to seal. Nothing else happens before
# every player has sealed.

# %%
sealing = STEP["seal"].state
print(len(sealing.legal_actions()), "legal seals")
for action in ["seal 5 5 3 2 1", "carriage baden luzern"]:
    say(f"{action}: {sealing.why_illegal(action)}")

# %% [markdown]
# > During the game, players may not check to see what tile they placed in which carriage. (The Audience,
# > Preparation)
#
# The engine keeps the tiles as the owner's secret: Ann's view holds her own, Ben's view shows only that she sealed
# them. A bot, like a player, is handed its own player's view: it knows which ranks each other player has still
# sealed (one of each), never where. (The rule asks the players to remember their own tiles; the engine's view of
# a player holds them, so an app may choose to remind him.)

# %%
sealed = sealing.apply("seal 5 4 3 2 1")
print("Ann sees her tiles:", sealed.seen_by("Ann").ext["audience_tiles"][0])
print("Ben sees Ann's tiles:", sealed.seen_by("Ben").ext["audience_tiles"][0])
say(f"Ben reads Ann's action as: {au.Seal((5, 4, 3, 2, 1)).seen_by_others()}.")

# %% [markdown]
# ## A card without a house moves its carriage
#
# > For **each city card** in the closed route, **for which no house** was placed, the player must move the
# > corresponding carriage one city further toward Rome. (The Audience, Moving the carriages)
#
# The rules' example. The Baiern carriage is in Andechs. Ann closes Ulm–Augsburg–München–Salzburg and takes option
# A, a house in each province: Ulm, Augsburg and Salzburg.

# %%
example = STEP["card_without_house"].state
strip_figure(example, title="The rules' example: the Baiern carriage in Andechs").show()

# %%
Quiz(STEP["card_without_house"].question)

# %% [markdown]
# ### The engine's answer
#
# München's card got no house: it moves the carriage of its province, Baiern. The engine reads which
# carriages a placement moves in one function, `au.moves_for(board, route, new houses)`, which the scoring, the
# bots and this notebook share.

# %%
scored = example.apply("score ulm+augsburg+salzburg")
say(scored.log()[len(example.log()):])
print("steps owed:", [STRIP.names[c] for c in au.audience(scored).owed])

# %% [markdown]
# ## Southward, by any road
#
# > The players must always move the carriages in a southward direction. When a city has several southern exits
# > (e.g. Andechs has 2 and Florenz has 3), the player moving the carriage decides which road the carriage takes
# > (western or eastern detours are allowed, as long as the road goes at least a little bit south). (The Audience,
# > Moving the carriages)
#
# Ann has scored and owes the Baiern carriage a step. It stands in Andechs, which it reached from Freising.

# %%
Quiz(STEP["andechs"].question)

# %% [markdown]
# ### The engine's answer
#
# "South" is read off the strip: a road to a city lower on the strip. The engine lists the moves Ann may make, and
# says why a road north is refused:

# %%
from thurn.words import typed   # an action in the game's words, as a learner types it

fork = STEP["andechs"].state
say("moves: " + ", ".join(typed(fork, a) for a in fork.legal_actions()))
say(fork.why_illegal("carriage baiern freising"))

# %% [markdown]
# ## Fewer houses, more carriages
#
# > As in the basic game, the player must place all houses he is allowed, although he may choose from the normal
# > options when doing so. He need not take the choice with the most houses. This applies when a player does not
# > place a house due to the placing rules (all houses in 1 country or 1 house in each country) and when he could
# > place a house, but already has one in that city. (The Audience, Moving the carriages)
#
# The same route and the same carriages; this time Ann takes option B, every city of one province: Augsburg and
# München in Baiern.

# %%
Quiz(STEP["two_carriages"].question)

# %% [markdown]
# ### The engine's answer: every placement, and its carriages
#
# Every way Ann may score this route, and the carriages each one moves. A house is a point less to pay at the end;
# a carriage step is a move in the race to Rome. The choice of houses is now also a choice of carriages. Even an
# option that places *no* house may be chosen (a reading of this project, R10 of the rules notes: "He need not take
# the choice with the most houses"); then every card moves its carriage.

# %%
def carriages_moved(state, action):
    """The carriages a scoring moves, by the engine's one reading (au.moves_for)."""
    houses = state.board.mask_of(action.houses)
    steps = au.moves_for(state.board, state.players[state.to_move].route, houses)
    return ", ".join("any" if c == au.JOKER else STRIP.names[c] for c in steps) or "none"


pd.DataFrame([{"houses": ", ".join(a.houses) or "none", "carriages moved": carriages_moved(example, a)}
              for a in example.legal_actions() if a.kind == "score" and a.carriage]).set_index("houses")

# %% [markdown]
# ## Card for card, in any order
#
# > When a player has to move several carriages, he may choose the order (card for card) at will. (The Audience,
# > Moving the carriages)
#
# After option B Ann owes a step of the Württemberg/Hohenzollern carriage (in Tuttlingen) and one of the
# Böhmen/Salzburg carriage (in Hallstadt). She may start with either, and starts with the Böhmen/Salzburg carriage.

# %%
Quiz(STEP["one_road"].question)

# %% [markdown]
# ### The engine's answer: one road, no choice
#
# > The players must always move the carriages in a southward direction. (The Audience, Moving the carriages)
#
# Moving the carriages is compulsory. Tuttlingen has a single road south, to Schaffhausen: after Ann's move to
# Villach the only step left has no alternative, so the engine makes it for her, and says so in the log.

# %%
two = STEP["one_road"].state
done = two.apply("carriage bohmen_salzburg villach")
say(done.log()[len(two.log()):])
print("to move:", done.to_move_name, "· step:", done.step)

# %% [markdown]
# ## Lodz, and a carriage already in Rome
#
# > When a carriage has already arrived in Rome, a city card for that carriage is considered as a joker and the
# > player must move another carriage toward Rome. The same applies when Lodz (Poland) triggers movement. (The
# > Audience, Moving the carriages)
#
# Polen has no carriage. The Schweiz/Tyrol carriage has arrived in Rome already. Ann
# closes Lodz–Pilsen–Budweis with option B in Böhmen: Pilsen and Budweis.

# %%
lodz = STEP["lodz"].state
strip_figure(lodz, title="Schweiz/Tyrol in Rome; Baden in Luzern; Baiern in Andechs").show()

# %%
Quiz(STEP["lodz"].question)

# %% [markdown]
# ### The engine's answer: a free step
#
# Lodz's card moves a carriage of Ann's choice: any carriage not yet in Rome, along any road south. A card of the
# Schweiz/Tyrol carriage (in Rome) does the same.

# %%
free = lodz.apply("score pilsen+budweis")
say(free.log()[len(lodz.log()):])
say("moves: " + ", ".join(typed(free, a) for a in free.legal_actions()))
say(free.why_illegal("carriage Schweiz/Tyrol Rom"))

# %% [markdown]
# ## Arriving in Rome: the old guests leave
#
# > When a carriage arrives in Rome, the player turns over the audience tiles for that carriage and places them
# > face up on the spaces for the appropriate clergyman. Several audience tiles can be on one space. If the space
# > for a clergyman is already occupied when a carriage arrives, the player removes the audience tiles from that
# > space from the game, placing them back in the box. (The Audience, A carriage arrives in Rome)
#
# The rules' example, with four players: Ann is blue, Ben green, Cat red, Dan yellow. The Baden carriage brought
# two Kardinäle (Ann's and Ben's), Cat's Bischof and Dan's Ministrant. Now the Baiern carriage, in Spoleto, is one
# road from Rom, and it carries Ann's Priester, Ben's and Cat's Ministranten and Dan's Kardinal. Ben closes
# Innsbruck–München–Salzburg with a house in München already.

# %%
def spaces(state):
    """Who is on each audience space, by rank."""
    A = au.audience(state)
    return {CLERGY.name(r): ", ".join(state.names[x] for x in A.spaces[k]) or "—"
            for k, r in sorted(enumerate(CLERGY.ranks), key=lambda kr: -kr[1])}


arrival = STEP["arrival"].state
pd.DataFrame({"on the space now": spaces(arrival)})

# %%
Quiz(STEP["arrival"].question)

# %% [markdown]
# ### The engine's answer
#
# A rank that arrives replaces whoever held its space; a rank that does not arrive stays. Dan's Kardinal alone
# sends two Kardinäle home; Cat's Bischof stays, because no Bischof came.

# %%
arrived = arrival.apply("score innsbruck+salzburg")
say(arrived.log()[len(arrival.log()):][:4])
pd.DataFrame({"before": spaces(arrival), "after": spaces(arrived)})

# %% [markdown]
# ## The end: each clergyman in the audience scores
#
# > For each audience tile in an audience space at game end, the player adds the point value on the tile to his
# > victory points. (The Audience, Game end)
#
# The last turn of a game: Ann has taken carriage 7, and Dan plays the last turn of the round. The audience now:

# %%
last = STEP["final_points"].state
pd.DataFrame({"on the space": spaces(last)})

# %% [markdown]
# The Böhmen/Salzburg carriage is in Spoleto, with the tiles sealed at the start: Ann's, Ben's and Dan's Bischöfe
# and Cat's Kardinal. Dan closes Passau–Linz–Budweis.

# %%
Quiz(STEP["final_points"].question)

# %% [markdown]
# ## Who wins?
#
# > The player with the most victory points is the winner! (The Audience, Game end)
#
# As things stand, Cat leads: the carriages, the tiles, the houses left and the clergymen on the spaces give him
# 15 points, Ann 13, Ben 12 and Dan 9.

# %%
Quiz(STEP["winner"].question)

# %% [markdown]
# ### The engine's answer: the last carriage turns the game
#
# Dan scores; Linz's card moves the last carriage into Rome. Its Bischöfe take the Bischof's space from Cat, and
# Cat's Kardinal takes it from Dan. The clergymen's points are a line of the final score (`clergymen`):

# %%
end = last.apply("score passau+budweis")
say(end.log()[len(last.log()):])
pd.DataFrame(end.score_records()).set_index("player").drop(columns="seat")

# %% [markdown]
# ---
#
# # What-if, by simulation: when should the Kardinal arrive?
#
# A Kardinal is worth 5 points, if he is on his space at the end. A carriage that arrives early brings him to Rome,
# but every later carriage that brings another Kardinal sends him home; one that arrives last cannot be followed,
# and one that never arrives scores nothing. The rule book says: "not too early!" How much does the order matter?
#
# The experiment: games of four `GreedyBot`s with The Audience. Each player seals his clergymen at random (seeded),
# so that each Kardinal rides in a random carriage; the bots play the rest, the carriage moves included. At the end
# we read, for each of the four Kardinäle, when his carriage arrived (the first of the game's arrivals, one in
# between, the last, or never) and whether he is still on his space. **Small by default**: 40 games, a few seconds;
# `THURN_SIZE=full` before starting Jupyter plays 2,000. Every game is seeded, so the numbers are the same on any
# machine (for the same bots).

# %% tags=["nbval-ignore-output"]
FULL = os.environ.get("THURN_SIZE", "small").strip().lower() == "full"
GAMES = 2000 if FULL else 40
NAMES = ["Ann", "Ben", "Cat", "Dan"]
KARDINAL = max(CLERGY.ranks)
print(f"{GAMES} games ({'full' if FULL else 'small'} size)")


# %%
def play(seed):
    """A seeded game of greedy bots, every player's clergymen sealed at random: (the seals, the final state)."""
    state = thurn.new_game(NAMES, seed=seed, rules=AU)
    bots = [GreedyBot(seed=bot_seed(seed, i)) for i in range(len(NAMES))]
    rng = random.Random(seed)
    watch = Watch.start(state)
    seals = {}
    while not state.is_over:
        if state.step == au.SEAL:
            ranks = list(CLERGY.ranks)
            rng.shuffle(ranks)
            seals[state.to_move] = tuple(ranks)
            action = au.Seal(ranks)
        else:                                      # the bot chooses from its player's view, as thurn.sim hands it
            bot = bots[state.to_move]
            action = bot.choose(view_for(bot, state, watch=watch))
        after = state.apply(action)
        watch.see(state, after.last_action, after)
        state = after
    return seals, state


def when(order, arrivals):
    """The arrival of a carriage among the game's arrivals, in words."""
    if order is None:
        return "never"
    if order == arrivals:
        return "the last"
    return "the first" if order == 1 else "in between"


def kardinals(k):
    """A row for each player's Kardinal in game ``k``."""
    seals, end = play(game_seed(25, k))
    A = au.audience(end)
    records = end.score_records()
    rows = []
    for seat in range(len(NAMES)):
        carriage = seals[seat].index(KARDINAL)
        order = A.arrived.index(carriage) + 1 if carriage in A.arrived else None
        stays = seat in A.spaces[CLERGY.ranks.index(KARDINAL)]
        rows.append({"game": k, "carriage": STRIP.names[carriage], "arrivals": len(A.arrived),
                     "arrives": when(order, len(A.arrived)), "stays": stays,
                     "kardinal points": CLERGY.value(KARDINAL) if stays else 0,
                     "clergymen points": records[seat]["clergymen"], "wins": end.winner() == NAMES[seat]})
    return rows


# %% tags=["nbval-ignore-output"]
found = pd.DataFrame([row for k in tqdm(range(GAMES), desc="games") for row in kardinals(k)])
print(f"{len(found)} Kardinäle from {GAMES} games; carriages arrived per game: "
      f"{found.groupby('game')['arrivals'].first().mean():.2f} on average")

# %% [markdown]
# First, how many carriages reach Rome in a game at all: a Kardinal in a carriage that never arrives scores
# nothing, whatever its timing.

# %% tags=["nbval-ignore-output"]
found.groupby("game")["arrivals"].first().value_counts().sort_index().to_frame("games")

# %% [markdown]
# The Kardinal's fate by when his carriage arrived: how often he stays on his space to the end, the points he
# brings (5 or 0), his player's points from all five clergymen, and how often that player wins the game:

# %% tags=["nbval-ignore-output"]
ORDER = ["the first", "in between", "the last", "never"]
fate = (found.groupby("arrives")
        .agg(kardinals=("stays", "size"), stays=("stays", "mean"), kardinal_points=("kardinal points", "mean"),
             clergymen_points=("clergymen points", "mean"), wins=("wins", "mean"))
        .reindex([o for o in ORDER if o in set(found["arrives"])]).round(2))
fate

# %% tags=["nbval-ignore-output"]
fig = px.bar(fate.reset_index(), x="arrives", y="kardinal_points", text="kardinals",
             title="The Kardinal's points at the end, by when his carriage arrived",
             labels={"arrives": "his carriage arrived", "kardinal_points": "mean points from the Kardinal"})
fig.update_traces(texttemplate="%{text} Kardinäle", textposition="outside")
fig.show()

# %% [markdown]
# And the choice a player really makes, at the start: *which carriage* takes his Kardinal. By carriage, how often
# it arrives at all, how often it is the last, and what a Kardinal in it brings:

# %% tags=["nbval-ignore-output"]
by_carriage = (found.assign(arrived=found["arrives"] != "never", last=found["arrives"] == "the last")
               .groupby("carriage", sort=False)
               .agg(kardinals=("stays", "size"), arrives=("arrived", "mean"), last=("last", "mean"),
                    stays=("stays", "mean"), kardinal_points=("kardinal points", "mean"))
               .reindex(STRIP.names).round(2))
by_carriage.insert(0, "steps to Rom", [STRIP.to_rome[i] for i in STRIP.starts[3]])
by_carriage

# %%
assert set(found["arrives"]) <= set(ORDER) and found["kardinal points"].isin([0, KARDINAL]).all()
assert (found.loc[found["arrives"] == "never", "kardinal points"] == 0).all()
assert found.loc[found["arrives"] == "the last", "stays"].all()         # nothing follows the last carriage

# %% [markdown]
# How to read it. Measured at full size (`THURN_SIZE=full`: 2,000 games, 8,000 Kardinäle, about 4 minutes) with
# the greedy bot of today, which values the carriage steps by the clergymen it knows of (its own, and the ranks the
# others still have sealed); the small run's 160 Kardinäle are too few to rank the first and the in-between
# carriages:
#
# - games end with **3.3 carriages in Rome** on average: all five in 28 % of the games, none in 1.5 %; so **27 % of
#   the Kardinäle never arrive** (0 points), and their players score 3.4 points from their clergymen;
# - a Kardinal in **the last carriage to arrive** always stays: 5 points, 6.5 points from the player's five
#   clergymen, and his player wins **32 %** of the games (± 2 %; a seat's share is 25 %);
# - **the first** carriage (of several) keeps its Kardinal in only 9 % of the games (0.45 points on average):
#   nearly always a later carriage brings another Kardinal. His player wins 23 % (± 2 %), as does a player whose
#   Kardinal arrives **in between** (34 % stay, 1.7 points);
# - by carriage: the **Baiern** carriage arrives in 98 % of the games (8 of the 22 cities are Baiern's, so most
#   cards without a house move it) but is the *worst* place for a Kardinal (1.1 points: it is the last to arrive in
#   only 14 %); the other four bring 1.8–1.9 points; **Schweiz/Tyrol**, with 3 cities, arrives in only 49 %.
#
# The rule's advice holds, and the numbers say how strongly: a Kardinal is safe only in the last carriage to
# arrive, and an early one is nearly always lost. A player cannot see the other players' tiles, but he sees which
# carriages are near Rome, and every card he scores without a house pushes one of them: keep your own Kardinal's
# carriage back, and bring it in last.

# %% [markdown]
# ## Your experiment
#
# Change the question: games of two or three (`NAMES`: with two, the carriages start two cities further south), the
# Bischof instead of the Kardinal (`KARDINAL = 4`), or a player who always seals his Kardinal in the carriage
# farthest from Rome (change the seal of seat 0 in `play`).
#
# Or change a position and ask the engine. Below, the rules' example of an arrival with Dan's Kardinal sealed in
# another carriage (his Abt rides in the Baiern carriage instead): who goes back to the box now?

# %%
changed = arrival.position()
changed["ext"]["audience_tiles"][3] = [0, 2, 5, 3, 4]
changed = thurn.GameState.from_position(changed)
after = changed.apply("score innsbruck+salzburg")
pd.DataFrame({"before": spaces(changed), "after": spaces(after)})
