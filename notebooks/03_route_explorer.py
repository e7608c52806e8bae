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
# # Which routes can my cards build?
#
# In *Thurn und Taxis* you hold a few city cards and build a route with them, one or two cards a turn. Before
# you play, you want to know: which routes could these cards make, which cards extend the route I am
# building, and which of all those routes would score best? This notebook answers those questions with
# the engine, first in code, then in an app where you click cards and see the routes on the map.
#
# Rules are cited as in the rulebook: "base rules, 2" is step 2 of a turn (*playing a city card*), "3a"–"3c"
# are the parts of scoring a route (houses, bonus tiles, carriage).

# %%
import textwrap

import pandas as pd

import thurn
from thurn.bots import RandomBot
from thurn.explore import route_options
from thurn.viz import board_figure
from thurn.widgets import RouteExplorer


def say(text, width=96):
    """Print an option's words wrapped between words (a notebook's output breaks a long line anywhere)."""
    print(textwrap.fill(str(text), width, subsequent_indent="  "))


board = thurn.load_board("base")

# %% [markdown]
# ## What "fits" means (base rules, 2)
#
# A route is a row of city cards. You add a card at its left or right end, never in the middle, and the
# card **fits** when its city has a road to the city at that end and is not in the route yet. The colour of
# a city (its province) does not matter here.
#
# The rulebook's example route is Carlsruhe–Stuttgart–Nürnberg–Regensburg. Passau has a road to
# Regensburg, so it fits at the right end:

# %%
example = ["Carlsruhe", "Stuttgart", "Nürnberg", "Regensburg"]
thurn.fitting_ends(board, example, "Passau")

# %% [markdown]
# Innsbruck has no road to Carlsruhe or to Regensburg, so it fits at neither end; Stuttgart is already in the
# route, so it does not fit either (even though it has a road to Carlsruhe):

# %%
thurn.fitting_ends(board, example, "Innsbruck"), thurn.fitting_ends(board, example, "Stuttgart")

# %% [markdown]
# ## Every route a hand can build
#
# Put those rules together and a set of cards can build many routes. `route_options(board, cards)` lists
# every one of them (a route and the same route read backwards count once), and for each it says what
# scoring it would bring **now** (base rules, 3):
#
# - **houses** placed (3a): one house in one city of each province on the route, *or* a house in every city
#   of one province on the route;
# - **bonus tiles** (3b): for a route of 5, 6 or 7+ cards, and for having a house in every city of a
#   province;
# - a **carriage** (3c): the next one in order (3, 4, 5, …), if the route has at least that many cards.
#
# The **points** are what that scoring adds to your final score: a point for each house placed (every house
# left unplaced at the end costs a point), the tiles' values, and what the new carriage is worth more than the
# old one. The options come ranked by points, best first.
#
# Take five cards from the west of the board, three of them in Baden:

# %%
hand = ["Mannheim", "Carlsruhe", "Freiburg", "Stuttgart", "Ulm"]
options = route_options(board, hand)
options.total

# %% [markdown]
# Each option is a `RouteOption`: the `route`, its `kind` ("new", or "extension" of the route you are
# building), the `cards` it plays, and its best scoring, an `Outcome` with `houses`, `tiles`, `carriage` and
# `points`. A few lines turn them into a table:

# %%
def table(options):
    """One row per route option, best first."""
    return pd.DataFrame([{
        "route": str(o.route),
        "kind": o.kind,
        "cards played": ", ".join(o.cards),
        "houses": len(o.outcome.houses) if o.outcome else 0,
        "tiles": ", ".join(f"{name} ({value})" for name, value in o.outcome.tiles) if o.outcome else "",
        "carriage": o.outcome.carriage if o.outcome and o.outcome.carriage else "–",
        "points": o.points,
    } for o in options])


pd.set_option("display.max_colwidth", None)
table(options)

# %% [markdown]
# The last rows have only two cards: a route needs at least three cards to be scored (base rules, 3), so
# they bring nothing yet.

# %% [markdown]
# ## Why the best option is best
#
# The winner uses all five cards:

# %%
best = options[0]
say(best)

# %% [markdown]
# Read it from left to right:
#
# - **Houses (3a).** The route passes through two provinces: Baden (Freiburg, Carlsruhe, Mannheim) and
#   Württemberg (Stuttgart, Ulm). One house per province would place 2; a house in *every* Baden city places
#   3. The engine picks the better choice:

# %%
best.outcome.houses

# %% [markdown]
# - **Tiles (3b).** Those three houses fill Baden, which earns the Baden tile (3 points); the five cards earn
#   the tile for a route of 5 (2 points).
# - **Carriage (3c).** The route is five cards long, but carriages come in order and you have none yet, so
#   you take carriage 3. It is worth 2 points.
#
# Together: 3 + 3 + 2 + 2 = 10 points. The second-best option drops Ulm: it still fills Baden, but it is
# only four cards long, so it misses the route-of-5 tile:

# %%
say(options[1])

# %% [markdown]
# ## Extending a route in a game
#
# In a game you already have a route in front of you, and the question becomes which cards extend it. Let
# two random players play a seeded game until Ann, at the play step of her turn, has a route of three cards:

# %%
state = thurn.new_game(["Ann", "Ben"], seed=14)
bots = [RandomBot(seed=14), RandomBot(seed=15)]
while not (state.step == "play" and state.turn_number >= 6 and len(state.route()) >= 3):
    state = state.apply(bots[state.to_move].choose(state))
state

# %% [markdown]
# Given a game position, `route_options` takes Ann's hand, the six face-up cards of the display (she could
# draw them later), her route, her houses and the tiles and carriages still to be had. Extensions keep her
# route as it is in the middle and add cards at the ends:

# %%
table(route_options(state))

# %% [markdown]
# Basel fits after Freiburg and Innsbruck fits before Kempten, so with both cards of her hand the route
# grows to five cards: five houses (one in each of five provinces), the route-of-5 tile and carriage 3.
# Carlsruhe from the display is a little worse than Basel: Baden is already on the route through Freiburg,
# so Carlsruhe adds no new province.
#
# These are **plans**, not moves: a turn plays one card, or two with the Postal Carrier (base rules, 2). The
# engine's legal actions right now are the single cards that fit, or starting over:

# %%
state.legal_actions()

# %% [markdown]
# ## The plan on the map
#
# `board_figure` draws the position with the best option dashed over Ann's route, the houses it would place
# as hollow squares, and the cards of her hand that fit an end ringed:

# %%
plan = route_options(state)[0]
fits = [card for card in state.hand() if thurn.fitting_ends(board, state.route(), card)]
fig = board_figure(state, suggestion=plan.route, placement=plan.outcome.houses, candidates=fits,
                   title=f"Ann's best plan: {plan.route}<br><sup>{plan.outcome}</sup>")
fig.show()

# %% [markdown]
# ## The route explorer
#
# `RouteExplorer` puts all of this in one app. Click a card to choose it or put it back; type the route you
# are building (city names separated by commas, then Enter). The table lists every route and extension,
# ranked best first by the engine (the `#` column; the first 50, "show more" lists more). Click a column's
# name to sort by it (the most houses, the highest carriage, the longest route first; click again to turn
# the order round), and click a row's number to see it on the map: the route dashed, the houses of its best
# scoring hollow, and the chosen cards that fit your route ringed. When you type a route, the map shows the
# best option for that route (its best extension), whatever row you picked before. Type a city that does
# not exist and the app says which one you probably meant.
#
# Start with the five western cards on an empty board:

# %%
RouteExplorer(board, hand)

# %% [markdown]
# Given a game position, the app takes the player's hand, the display (untick "include the display" to use
# the hand only) and the route. The Player menu switches to Ben's cards.

# %%
explorer = RouteExplorer(state)
explorer

# %% [markdown]
# Code can drive the app too, and it tells how long each answer took: the engine's list of options, the
# table, and the map. Clicking a card is answered in a few hundredths of a second:

# %% tags=["nbval-ignore-output"]
explorer.toggle("Augsburg")
{part: f"{1000 * seconds:.1f} ms" for part, seconds in explorer.timing.items()}
