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
# # Thurn und Taxis, one rule at a time
#
# *Thurn und Taxis* (Karen & Andreas Seyfarth, Hans im Glück 2006) is a game for 2 to 4 players about
# building postal routes through southern Germany and its neighbours. This notebook teaches its rules the way
# you would learn them at a table: with the board in front of you, one rule at a time, and then a whole game.
#
# 1. **The board** — the map you play on, and how to read it.
# 2. **Learn by clicking** — the rules stepper: each rule on the map with a question, then a first game
#    against a bot, at your own pace.
# 3. **The same rules in code** — each rule again, tried on small positions with the engine, **thurn**, and
#    drawn on the map, with a **check** for each: a question with a button per answer.
#
# The checks wait for you: click an answer, and the engine says "Right" or "Not quite", and why. Nothing here
# answers them, and their answers are not written down anywhere: they come from the engine, so a check always
# agrees with the rules the engine plays by.

# %%
import random
import textwrap

import pandas as pd
from IPython.display import display

import thurn
from thurn import CallOfficial, Draw, Keep, Play, Score, lessons
from thurn.viz import board_figure
from thurn.widgets import Quiz, RulesStepper

board = thurn.load_board("base")


def say(sentences, width=96):
    """Print the engine's sentences (one, or a list), each wrapped between words to ``width`` columns."""
    for sentence in [sentences] if isinstance(sentences, (str, Exception)) else sentences:
        print(textwrap.fill(str(sentence), width, subsequent_indent="  "))


# %% [markdown]
# ## The board
#
# Here is the board, drawn from its data file (`thurn.load_board("base")`), as the printed board shows it:

# %%
board_figure(board)

# %% [markdown]
# **How to read the map.** Each dot is a **city**, 22 in all, and each line a **road** between two cities. The
# cities belong to nine **provinces**, drawn as shaded regions in their colour, as on the printed board; the legend
# names them. A **route** is a chain of cities, each joined to the next by a road. The roads are all that
# matter while you build a route; the provinces matter when you score it, because that is when you place your
# houses and earn bonus tiles.
#
# Baiern is the big province, with 8 cities. Some bonus tiles are for a *pair* of provinces: Württemberg +
# Hohenzollern, Schweiz + Tyrol, and Böhmen + Salzburg. Lodz, alone in Polen, has no province tile.
#
# The roads form a graph (`board.graph`, a `networkx` graph), so "which cities can follow Würzburg in a route?"
# is a question about its neighbours. On the map they are ringed:

# %%
board.neighbours("Würzburg")

# %%
board_figure(board, route=["Würzburg"], candidates=board.neighbours("Würzburg"),
             title="One road from Würzburg: Mannheim, Stuttgart, Nürnberg")

# %% [markdown]
# ## Learn by clicking: the rules stepper
#
# The rules stepper goes through the rules one at a time: the rule with its citation, the position on the map,
# and a question to answer by clicking. **Next** and **Back** move between the steps. The first steps follow a
# real game; the others are the rulebook's own examples.
#
# After the last step, **Play a game** starts your first game, you (Ann) against a bot. On your turn there is a
# button for each action the rules allow, grouped by rule, and above them the rule that applies now, cited
# and summed up. On the bot's turn, **Next** shows its next action in words, with its rule; **Bot's whole turn**
# shows the rest of its turn. Nothing happens until you click, and **Back** goes back through everything that
# has happened.

# %%
stepper = RulesStepper()
stepper

# %% [markdown]
# A citation such as "base rules, 3a — Placing houses" names a section of the base rules: **Preparation**,
# the three steps of a turn (**1** draw, **2** play, **3** score, with parts **3a**–**3d**), and **Game End and
# Scoring**. The stepper's steps, each with the rule it teaches:

# %%
steps = pd.DataFrame({"step": [stop.title for stop in stepper.stops],
                      "rule": [stop.citation for stop in stepper.stops]})
(steps.style.hide(axis="index").set_uuid("stepper-steps")
 .set_table_styles([{"selector": "th, td", "props": "text-align: left"}]))

# %% [markdown]
# The rulebooks head these sections in their own words. The stepper shows them on request, under each rule
# ("How the rulebooks head this rule"), and so does `lesson.headings`:

# %%
stepper.lesson.headings("3a")

# %% [markdown]
# ## Words, and where the rulebooks differ
#
# There are two English rulebooks, and they use different words for the same things. The engine uses the
# words of the first column; if your rulebook says *Branch* or *Bailiff*, read them as *house* and
# *Administrator*:
#
# | this notebook | the other English rulebook | German |
# | --- | --- | --- |
# | house | Branch (post office) | Haus |
# | carriage | Coach card | Kutsche |
# | province | region | Land |
# | Postmaster | Postmaster | Postmeister |
# | Administrator | **Bailiff** | Amtmann |
# | Postal Carrier | **Coachman** | Postillion |
# | Cartwright | **Wainwright** | Wagner |
#
# In a few places the rulebooks also say different things. The engine plays one reading by default, and each
# other reading is a **rule option** you can switch on when you deal a game,
# `thurn.new_game(names, rules={"optional_houses": True})`. In words:
#
# * `optional_houses` — when you score a route you may place *fewer* houses than your choice allows (by
#   default you place all of them).
# * `carriage_compulsory` — a route that earns a carriage must take it (by default you may decline it).
# * `hand_limit_at_most` — after scoring you keep *at most* three cards, so you may keep fewer (by default
#   exactly three).
# * `all_provinces_includes_baiern` — the "all provinces" tile needs a house in Baiern too (by default it is
#   the tile for the provinces *outside* Baiern).
# * `postal_carrier_may_restart` — the Postal Carrier's second card may start a new route (by default it must
#   extend the route).
#
# <details><summary>Which rulebook says what</summary>
#
# * Placing houses is optional in the English rulebook with the expansions; the rules of *All Roads Lead to
#   Rome* say "the player must place all houses he is allowed", which is the default.
# * "He **may** take that Coach Card" says Christine Biancheria's English translation (the default); the other
#   English rulebook and the Polish one say he *takes* it.
# * "Down to *at most* three cards" says the English translation; "he chooses 3 cards to keep" the other English
#   rulebook (the default).
# * "Every province" says the English rulebook with the expansions; "outside of Baiern" the English translation
#   and the Polish rulebook (the default).
# * "As long as the second card can be legally placed" says the English translation; "add a second city to his
#   route" the other English rulebook (the default).
#
# </details>
#
# The defaults, all off:

# %%
thurn.Rules().to_dict()

# %% [markdown]
# ## Setting up (base rules, Preparation — Setting up)
#
# From here on, the same rules in code. The engine knows every rule of the base game, and when a move is not
# allowed it says why, citing the rule. Each rule is tried on a position and drawn on the map.
#
# > Shuffle the 66 city cards (3 of each city) and lay 6 of them face up; the rest is the face-down deck.
# > Stack the bonus tiles face up, highest on top. Each player takes 20 houses. (base rules, Preparation)
#
# A game is made from the players' names, in clockwise order, and a **seed**. The same seed always deals
# the same cards, so every output below is the same each time the notebook runs. The first player starts
# (the rulebook lets the youngest start; `start_player=` chooses another seat).

# %%
state = thurn.new_game(["Ann", "Ben", "Cat"], seed=2006)
state

# %% [markdown]
# The summary shows whose turn it is, the six face-up cards (the **display**), the deck, and each player's
# hand, route, houses, carriage, tiles and current score. Let's check the setup against the rulebook:

# %%
assert len(state.display_cards) == 6
assert len(state.display_cards) + state.deck_size == 66 == 22 * 3
assert all(state.player(name).houses_left == 20 for name in state.player_names)

# %% [markdown]
# **Check.** The four Baiern tiles are worth 2, 3, 4 and 5. Which one does the first player to earn it take?

# %%
quiz = Quiz(lessons.outcome_question(state, "stack_top", ["2", "3", "4", "5"], stack="baiern",
                                     text="Which Baiern tile lies on top of its stack?"))
quiz


# %% [markdown]
# The 20 carriages, 4 of each size from 3 to 7, and the points each size is worth at the end:

# %%
state.carriages_available(), board.carriage_points

# %% [markdown]
# On the map, the six face-up cards are ringed: any of them may be drawn.

# %%
board_figure(state, candidates=[city for city in state.display_cards if city],
             title="Dealt: the six face-up cards, ringed")

# %% [markdown]
# ## The first turn: the Postmaster must help (base rules, Game Play and 1)
#
# > 1. The player **must** draw a city card. 2. The player **must** play a card. 3. The player **may**
# > score his route. (base rules, Game Play)
#
# A player may also call on **one** postal official per turn. Nobody holds a card at the start, and
#
# > if the player has no cards at the start of his turn, he **must** call the Postmaster to draw two cards
# > (base rules, 1).
#
# A step with no choice is taken by the engine, which writes it in the log:

# %%
state.log()

# %%
assert state.officials == ("postmaster",)

# %% [markdown]
# So Ann's official for this turn is already spent. If she wanted the Administrator instead, the engine
# explains why she can't:

# %%
say(state.why_illegal(CallOfficial("Administrator")))

# %% [markdown]
# **Check.** The turn has an order: draw, then play, then perhaps score. What may Ann do first?

# %%
quiz = Quiz(lessons.action_question(state, ["play nurnberg new", "draw nurnberg", "draw deck"]))
quiz


# %% [markdown]
# ## Drawing a card (base rules, 1 — Drawing a city card)
#
# > The player takes either a face-up card or the top card of the deck. A face-up card taken is replaced
# > at once from the deck.
#
# Her legal actions are exactly that: one of the face-up cities, or the deck (`Draw()` with no city).

# %%
state.legal_actions()

# %% [markdown]
# Ann takes Nürnberg from the display. Its slot is refilled from the top of the deck:

# %%
before = state
state = state.apply(Draw("Nürnberg"))
print("display before:", before.display_cards)
print("display after: ", state.display_cards)

# %%
assert len(state.display_cards) == 6 and state.deck_size == before.deck_size - 1
assert before.hand("Ann") == [] and state.hand("Ann") == ["Nürnberg"]

# %% [markdown]
# `apply` returns a new state and leaves the old one as it was, so `before` is still the position before the
# draw. When the deck runs out, the discard pile is shuffled to form a new deck (base rules, 1).
#
# **Check.** Ann has drawn one card. What may she do now?

# %%
quiz = Quiz(lessons.action_question(state, ["draw deck", "play nurnberg new", "call administrator"]))
quiz


# %% [markdown]
# ## Playing a card (base rules, 2 — Playing a city card)
#
# Ann's second card, the Postmaster's, comes from the deck, which she can't see. Actions can also be written as
# short text:

# %%
state = state.apply("draw deck")
say(state.log()[-2:])

# %% [markdown]
# Then comes step 2 of her turn:
#
# > The player must play a card from his hand: start a new route, or add the card to the left or the right
# > end of his current route, where it must **fit in**.
#
# **Check.** Ann holds two cards and has no route yet. What may she do?

# %%
quiz = Quiz(lessons.action_question(state, ["play nurnberg new", "play nurnberg right", "draw deck", "end"]))
quiz


# %% [markdown]
# ### A first route
#
# With no route, there is no end to add a card to: each of her cards may start one.

# %%
state.legal_actions()

# %%
state = state.apply(Play("Nürnberg", "new"))
state.log()[-2:]

# %% [markdown]
# Her route, one card long, is on the map. The ringed cities are those with a road to Nürnberg: a card of one
# of them could extend the route next turn.

# %%
board_figure(state, player="Ann", candidates=board.neighbours("Nürnberg"))

# %% [markdown]
# A route must have at least 3 cards to be scored. Ann's route has one card, and she has no official left to
# play a second, so her turn ends by itself and Ben, with an empty hand, must call the Postmaster too.

# %%
state

# %% [markdown]
# ### A route grows card by card
#
# A card goes at either **end** of the route, never into the middle. Here is the route of the rulebook's
# example, Carlsruhe – Stuttgart – Nürnberg – Regensburg, as it grows. On each map the ringed cities are the
# ones that could come next: the engine's `thurn.fitting_ends` finds, for each city, the ends of the route it
# fits (none for a city without a road to an end, or already in the route).

# %%
def next_cities(route):
    """The cities that fit at an end of ``route`` (base rules, 2)."""
    return [city.name for city in board.cities if thurn.fitting_ends(board, route, city.name)]


grown = ["Carlsruhe", "Stuttgart", "Nürnberg", "Regensburg"]
for n in range(1, len(grown) + 1):
    display(board_figure(board, route=grown[:n], candidates=next_cities(grown[:n]), height=360,
                         title=f"{n} card{'s' if n > 1 else ''}: {'–'.join(grown[:n])}"))

# %% [markdown]
# The route only ever gets longer at its ends, so the ringed cities are always neighbours of the first or the
# last city. At three cards, Stuttgart has a road to both ends, Carlsruhe and Nürnberg, and still is not ringed:
# it is in the route already.

# %%
assert set(next_cities(["Carlsruhe"])) == set(board.neighbours("Carlsruhe"))
assert {"Carlsruhe", "Nürnberg"} <= set(board.neighbours("Stuttgart"))
assert "Stuttgart" not in next_cities(grown[:3])

# %% [markdown]
# ### What "fits in" means
#
# > A card fits in when its city has a **direct** road to the city at the end where it is placed, **and**
# > the city is not in the route yet. (base rules, 2)
#
# The rulebook explains this with the route Carlsruhe – Stuttgart – Nürnberg – Regensburg. We don't need to
# play until that route turns up: `GameState.from_position` builds any position from a readable dict.
# Here Ann holds Innsbruck, Würzburg, Stuttgart and Passau, and has drawn her card this turn:

# %%
example = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Innsbruck", "Würzburg", "Stuttgart", "Passau"],
                 "route": ["Carlsruhe", "Stuttgart", "Nürnberg", "Regensburg"]},
                "Ben"],
    "turn": {"step": "play", "draws": 1},
})
example.route("Ann")

# %% [markdown]
# On the map, her route is numbered in order and her four cards are ringed:

# %%
board_figure(example, candidates=example.hand("Ann"), title="Ann's route, and her four cards ringed")

# %% [markdown]
# **Check.** Before reading on: which of Ann's cards can extend her route? The wrong ones are explained by the
# engine's `why_illegal`.

# %%
quiz = Quiz(lessons.extend_question(example))
quiz


# %% [markdown]
# ### Each card, with the engine's reason
#
# **Innsbruck** has no road to either end, Carlsruhe or Regensburg:

# %%
say(example.why_illegal(Play("Innsbruck", "right")))

# %% [markdown]
# **Stuttgart** is already in the route, so a second Stuttgart never fits:

# %%
say(example.why_illegal(Play("Stuttgart", "left")))

# %% [markdown]
# Each explanation carries a stable reason code (for programs) as well as its sentence (for people):

# %%
[example.why_illegal(Play(city, "right")).reason for city in ["Innsbruck", "Stuttgart"]]

# %% [markdown]
# **Würzburg** has roads to Stuttgart and Nürnberg, but it could only go *between* them, and a card is
# never put into the middle of a route (the route is never rearranged). A `Play` can only name an end, and
# Würzburg fits neither end:

# %%
print("the ends where Würzburg fits:", thurn.fitting_ends(board, example.route("Ann"), "Würzburg"))
say(example.why_illegal(Play("Würzburg", "left")))

# %% [markdown]
# **Passau** has a road to Regensburg, so it fits at the right end. The list of legal actions agrees:
# Passau on the right, or any card to start a new route (or call the Postmaster for a second card).

# %%
[str(action) for action in example.legal_actions()]

# %% [markdown]
# On the map, every city that fits is ringed: the neighbours of the two ends, Carlsruhe and Regensburg, that
# are not in the route. Of Ann's cards only Passau is among them.

# %%
board_figure(example, candidates=next_cities(example.route("Ann")), title="The cities that fit, ringed")

# %%
assert set(next_cities(example.route("Ann"))) & set(example.hand("Ann")) == {"Passau"}

# %% [markdown]
# If Ann cannot extend her route, or doesn't want to, she starts a new route. The old route goes to the
# discard pile, unscored, and its cards are lost:

# %%
say(example.apply(Play("Innsbruck", "new")).log()[0])

# %% [markdown]
# `apply` refuses an illegal action: it raises `thurn.IllegalAction` and the state is unchanged.

# %%
try:
    example.apply(Play("Innsbruck", "right"))
except thurn.IllegalAction as error:
    say(f"{error.reason} — {error}")

# %% [markdown]
# ## The postal officials (base rules, Game Play — Playing the game)
#
# Once per turn a player may call **one** of four officials:
#
# | official | also called | when | helps with |
# | --- | --- | --- | --- |
# | Postmaster | Postmeister | step 1 | draw a second card (compulsory with an empty hand) |
# | Administrator | Bailiff, Amtmann | step 1, before drawing | replace all six face-up cards |
# | Postal Carrier | Coachman, Postillion | step 2 | play a second card |
# | Cartwright | Wainwright, Wagner | step 3 | take the next carriage with a route up to two cards short |
#
# One small position serves for the first three. Ann has one card in hand (Ulm), a route of one card
# (Stuttgart), and it is the start of her turn:

# %%
turn_start = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Ulm"], "route": ["Stuttgart"]}, "Ben"],
    "seed": 1,
})
board_figure(turn_start, title="The start of Ann's turn: Ulm in hand, a route of one card")

# %% [markdown]
# **Check.** Read the table's "when" column: which officials may help Ann now, at the start of her turn?

# %%
quiz = Quiz(lessons.action_question(
    turn_start, ["call postmaster", "call administrator", "call postal_carrier", "call cartwright"],
    text="Which officials may help Ann at the start of her turn?"))
quiz


# %% [markdown]
# ### The officials at work
#
# Ann's legal actions at the start of her turn: draw, or call one of the officials of step 1.

# %%
turn_start.legal_actions()

# %% [markdown]
# **Postmaster**: a second card in step 1.

# %%
turn_start.apply(CallOfficial("Postmaster")).apply(Draw()).apply(Draw("München")).log()

# %% [markdown]
# **Administrator**: before drawing, all six face-up cards go to the discard pile and six new ones are laid
# out. The other rulebook's names work too:

# %%
replaced = turn_start.apply(CallOfficial("Bailiff"))
say(replaced.log())

# %% [markdown]
# Only one official per turn: after the Administrator, the Postmaster can't help.

# %%
say(replaced.why_illegal(CallOfficial("Postmaster")))

# %% [markdown]
# **Postal Carrier**: a second card in step 2. Ann draws Sigmaringen from the deck and plays Ulm. A route of
# two cards can't be scored, so her turn would end here. With the Postal Carrier she also plays Sigmaringen,
# which has a road to Ulm, and can score the three cards this turn:

# %%
two_cards = turn_start.apply(Draw()).apply(Play("Ulm", "right"))
[str(action) for action in two_cards.legal_actions()]

# %%
three_cards = two_cards.apply(CallOfficial("Coachman")).apply(Play("Sigmaringen", "right"))
three_cards.log()[-2:]

# %%
board_figure(three_cards, title="Two cards in one turn: Stuttgart–Ulm–Sigmaringen, long enough to score")

# %% [markdown]
# The second card must extend the route. The Postal Carrier can't be used to start a new one:

# %%
say(two_cards.apply(CallOfficial("Postal Carrier")).why_illegal(Play("Sigmaringen", "new")))

# %% [markdown]
# **Cartwright**: he helps while you score, so you call him as part of the scoring action,
# `Score(..., cartwright=True)`. A route of *n* cards earns carriage *n*, and carriages are taken in order
# (3c, below). Ann already has carriages 3 and 4, so she needs carriage 5 next. Her route has 4 cards, one too
# few, and the Cartwright makes up the difference:

# %%
short_route = thurn.GameState.from_position({
    "players": [{"name": "Ann", "route": ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm"], "carriages": [3, 4]},
                "Ben"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
})
say(short_route.apply(Score(["Mannheim", "Carlsruhe"])).log()[0])
say(short_route.apply(Score(["Mannheim", "Carlsruhe"], cartwright=True)).log()[0])

# %% [markdown]
# ## Scoring a route (base rules, 3 — Scoring a route)
#
# > A route of at least 3 cards may be completed. The player then (a) places houses, (b) takes bonus tiles,
# > (c) takes a carriage, and (d) discards the route and keeps three cards in hand.
#
# ### Placing houses: option A or option B (base rules, 3a — Placing houses)
#
# > **Either** one house in one city of **each** province of the route (option A), **or** one house in
# > **every** city of **one** province of the route (option B).
#
# The rulebook's example route is Sigmaringen – Stuttgart – Nürnberg – Regensburg – Ingolstadt – Augsburg.
# It passes through three provinces: Hohenzollern (Sigmaringen), Württemberg (Stuttgart) and Baiern (the
# other four). Ann has completed it and is about to score it:

# %%
example_route = ["Sigmaringen", "Stuttgart", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"]
scoring = thurn.GameState.from_position({
    "players": [{"name": "Ann", "route": example_route}, "Ben"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
})
board_figure(scoring, title="Ann's route of 6 cards, through Hohenzollern, Württemberg and Baiern")

# %% [markdown]
# **Check.** Which of these placements may Ann choose?

# %%
quiz = Quiz(lessons.action_question(scoring, [
    Score(["Sigmaringen", "Stuttgart", "Ingolstadt"]), Score(["Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"]),
    Score(["Sigmaringen", "Stuttgart", "Nürnberg", "Ingolstadt"]), Score(["Sigmaringen", "Stuttgart"])],
    text="Which of these placements may Ann choose?"))
quiz


# %% [markdown]
# ### Every placement, listed
#
# `thurn.placement_options` lists every legal choice for a route:

# %%
options = thurn.placement_options(board, example_route)
for option in options:
    print(option)

# %% [markdown]
# Option A places 3 houses: Sigmaringen, Stuttgart and one of the four Baiern cities. Option B places 4 houses
# in all four Baiern cities, or 1 house in Hohenzollern or in Württemberg. These are the rulebook's two
# examples, first option A, then option B. On each map the route is numbered and the houses the option would
# place are drawn hollow:

# %%
option_a = ("Sigmaringen", "Stuttgart", "Ingolstadt")
option_b = ("Nürnberg", "Regensburg", "Ingolstadt", "Augsburg")
board_figure(board, route=example_route, placement=option_a, height=400,
             title="Option A: one house in each province of the route (3 houses)")

# %%
board_figure(board, route=example_route, placement=option_b, height=400,
             title="Option B: a house in every Baiern city of the route (4 houses)")

# %% [markdown]
# Option A spreads the houses over the provinces; option B fills one province. No option mixes the two:
# Sigmaringen, Stuttgart and *two* Baiern cities is neither one house per province nor one whole province.

# %%
placements = [option.cities for option in options]
assert option_a in placements and option_b in placements
assert ("Sigmaringen", "Stuttgart", "Nürnberg", "Ingolstadt") not in placements   # one per province only
assert len(options) == 4 + 3

# %% [markdown]
# A player has at most one house in a city, so a city where Ann already has a house is skipped. A player who
# runs out of houses places only the ones he has left. With a house in Nürnberg and 2 houses left:

# %%
for option in thurn.placement_options(board, example_route, owned=["Nürnberg"], houses_left=2):
    print(option)

# %% [markdown]
# By default you place **every** house the chosen option allows. With the rule option `optional_houses`
# (explained above: you may place fewer) there are many more choices:

# %%
len(thurn.placement_options(board, example_route, optional=True))

# %% [markdown]
# ### Bonus tiles (base rules, 3b — Taking bonus tiles)
#
# > **Route length**: a route of 5, 6, or 7 or more cards takes the top tile of that length's stack.
# > **Provinces**: a house in every city of a province (or of a province pair) takes that province's top
# > tile, once per player. The houses need not have been placed by the same route. **Outside Baiern**: a
# > house in every province other than Baiern. **Game end**: see below.
#
# The stacks of the game dealt at the start (`stacks_left`), each listed top first: the highest tile goes to the
# first player who earns it.

# %%
stacks = thurn.new_game(["Ann", "Ben", "Cat"], seed=2006).stacks_left()
stacks

# %%
assert all(tiles == sorted(tiles, reverse=True) for tiles in stacks.values())   # highest on top
assert sum(len(tiles) for tiles in stacks.values()) == 30

# %% [markdown]
# This is the rulebook's example. Ann already has a house in Stuttgart, and she completes a route through
# Sigmaringen, Ulm and Augsburg. She chooses option A, one house in each of the route's three provinces:

# %%
tile_example = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Basel"], "route": ["Sigmaringen", "Ulm", "Augsburg"],
                 "houses": ["Stuttgart"]},
                "Ben"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
})
board_figure(tile_example, placement=["Sigmaringen", "Ulm", "Augsburg"],
             title="Ann's house in Stuttgart, and the three option A would add (hollow)")

# %% [markdown]
# **Check.** Look at Württemberg and Hohenzollern on the map before you answer.

# %%
quiz = Quiz(lessons.outcome_question(tile_example, "tiles", ["wurttemberg_hohenzollern", "baiern", "route_5", "none"],
                                     action=Score(["Sigmaringen", "Ulm", "Augsburg"]),
                                     text="Which bonus tile does Ann take?"))
quiz


# %% [markdown]
# ### Houses from two routes
#
# The engine plays the scoring. With her old house in Stuttgart, Ann now has a house in every city of the pair
# Württemberg + Hohenzollern (ringed), and takes that stack's top tile:

# %%
scored = tile_example.apply(Score(["Sigmaringen", "Ulm", "Augsburg"]))
pair = board.stack("wurttemberg_hohenzollern").provinces
pair_cities = [city.name for city in board.cities if city.province in pair]
say(scored.log()[0])
board_figure(scored, player="Ann", route=(), candidates=pair_cities,
             title="Every city of Württemberg + Hohenzollern has Ann's house: the tile is hers")

# %%
ann = scored.player("Ann")
assert ("wurttemberg_hohenzollern", 3) in ann.tiles
assert set(ann.houses) == {"Stuttgart", "Ulm", "Sigmaringen", "Augsburg"} >= set(pair_cities)
ann

# %% [markdown]
# The legal actions at a scoring list each way to place houses twice: taking the carriage the route earns, or
# declining it (next section).

# %%
[str(action) for action in tile_example.legal_actions()]

# %% [markdown]
# ### Carriages (base rules, 3c — Taking a carriage)
#
# > If the route has at least as many cards as the next carriage, the player takes it. Carriages are taken
# > in order, 3, 4, 5, 6, 7, and none may be skipped. Houses don't matter here.
#
# The English translation says the player **may** take it, and the engine follows that reading: every scoring
# that earns a carriage can also decline it, written `Score([...], carriage=False)` or `score ... decline`. Why
# would anyone refuse points? Carriage 7 ends the game, and a player who is behind may rather play on: the
# scoring what-if notebook (04) shows that choice in numbers. With the rule option `carriage_compulsory` (the
# other rulebooks' reading) the carriage is always taken.
#
# Above, Ann's 3-card route earned her first carriage, the 3. The rulebook's example goes on like this: a
# second route of 5 cards earns only carriage 4, the next in order, and a third route, of 4 cards, earns
# carriage 5 only with the Cartwright's help (the officials, above).
#
# Later in another game, Ann has carriages 3, 4 and 5 and completes a route of **7** cards, from Mannheim to
# Salzburg:

# %%
long_route = thurn.GameState.from_position({
    "players": [{"name": "Ann", "route": ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg", "München",
                                          "Salzburg"], "carriages": [3, 4, 5]},
                "Ben"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
})
board_figure(long_route, title="Ann's route of 7 cards; she has carriages 3, 4 and 5")

# %% [markdown]
# **Check.** She scores it, one house in each province of the route, without the Cartwright:

# %%
quiz = Quiz(lessons.outcome_question(long_route, "carriage", ["5", "6", "7", "none"],
                                     action=Score(["Mannheim", "Stuttgart", "Augsburg", "Salzburg"]),
                                     text="Which carriage does Ann take?"))
quiz


# %% [markdown]
# ### The hand limit (base rules, 3d — Keeping three cards)
#
# > After scoring, the route's cards go to the discard pile, and the player chooses three cards to keep,
# > discarding the rest.
#
# The English translation says "down to *at most* three": with the rule option `hand_limit_at_most` the player
# may keep fewer. There is no hand limit at any other time. Ann holds five cards and scores the Baden route
# Mannheim – Carlsruhe – Freiburg:

# %%
big_hand = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Basel", "Zürich", "Lodz", "Linz", "Pilsen"],
                 "route": ["Mannheim", "Carlsruhe", "Freiburg"]},
                "Ben"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
    "seed": 3,
})
must_keep = big_hand.apply(Score(["Mannheim", "Carlsruhe", "Freiburg"]))
say(must_keep.log())

# %% [markdown]
# **Check.** After scoring, Ann holds five cards. What may she do?

# %%
quiz = Quiz(lessons.action_question(must_keep, ["keep basel+zurich+linz", "keep basel+zurich", "end"]))
quiz


# %% [markdown]
# ### Three cards kept
#
# Her turn isn't over yet: she is in the `keep` step, and chooses which 3 of her 5 cards to keep:

# %%
assert must_keep.step == "keep"
assert len(must_keep.legal_actions()) == 10      # 5 choose 3
say(must_keep.apply(Keep(["Basel", "Zürich", "Linz"])).log()[1])

# %% [markdown]
# Before scoring, the same action is refused, with the reason:

# %%
say(big_hand.why_illegal(Keep(["Basel", "Zürich", "Linz"])))

# %% [markdown]
# ## The end of the game (base rules, Game End and Scoring — The end of the game)
#
# > When a player takes carriage 7, or places his last house, he takes the "game end" tile and the round is
# > played to its end, so that everyone has had the same number of turns. Each player then scores: **the
# > points of his highest carriage, plus his bonus tiles, minus his unplaced houses**.
#
# This is the rulebook's Cartwright example. Ann, the starting player, has carriage 6 and completes a route of
# 5 cards, and with the Cartwright she takes carriage 7. Her route also earns the "route of 5" tile.

# %%
before_end = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Basel", "Würzburg"], "carriages": [3, 4, 5, 6],
                 "route": ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg"]},
                "Ben", "Cat"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
    "seed": 5,
})
board_figure(before_end, title="Ann's route of 5, before she scores it")

# %% [markdown]
# **Check.** Ann takes carriage 7. What happens after her turn?

# %%
quiz = Quiz(lessons.outcome_question(before_end, "next", ["over", "Ben"],
                                     action=Score(["Mannheim", "Carlsruhe"], cartwright=True),
                                     labels=["The game is over at once", "Ben plays next"],
                                     text="What happens after Ann's turn?"))
quiz


# %% [markdown]
# ### The last round
#
# The engine plays it. Ann is the first to take carriage 7, so she takes the game end tile, and the end of the
# game has begun: the round is played to its end.

# %%
finale = before_end.apply(Score(["Mannheim", "Carlsruhe"], cartwright=True))
say(finale.log()[:2])

# %%
assert finale.end_triggered_by == "Ann" and ("game_end", 1) in finale.player("Ann").tiles
assert not finale.is_over and finale.to_move_name == "Ben"

# %% [markdown]
# Ben and Cat still take their turns (here by the simplest possible rule: a random legal action). Then the
# game is over, and each player has had the same number of turns:

# %%
rng = random.Random(0)
while not finale.is_over:
    finale = finale.apply(rng.choice(finale.legal_actions()))
assert len({finale.turns_taken(name) for name in finale.player_names}) == 1
finale.log()[-3:]

# %% [markdown]
# The score table applies the formula to each player. Unplaced houses count against you, so a player who
# placed few houses can end below zero:

# %%
finale.scores()

# %% [markdown]
# ### Ties (base rules, Game End and Scoring)
#
# Among the players tied for first place, the one holding the game-end tile wins. If none of them
# holds it, the tied player seated nearest to its holder, going clockwise, wins (base rules, Game End and
# Scoring). A finished game of three, seated Ann, Ben, Cat clockwise: Ann holds a route-of-5 tile worth 2, Ben a
# route-of-7 tile worth 2, Cat the game end tile worth 1; nobody placed a house.

# %%
tie = thurn.GameState.from_position({
    "players": [{"name": "Ann", "tiles": [["route_5", 2]]},
                {"name": "Ben", "tiles": [["route_7", 2]]},
                {"name": "Cat", "tiles": [["game_end", 1]]}],
    "end_triggered_by": "Cat",
    "turn": {"step": "over"},
})
tie.returns()

# %% [markdown]
# **Check.** Ann and Ben are tied at −18, and Cat holds the game end tile.

# %%
quiz = Quiz(lessons.outcome_question(tie, "winner", ["Ann", "Ben", "Cat"], text="Who wins?"))
quiz


# %% [markdown]
# ## A whole game
#
# The tie above goes to Ann: neither tied player holds the game end tile, so the tied player nearest to Cat,
# clockwise, wins, and after Cat comes Ann.

# %%
assert tie.winner() == "Ann"

# %% [markdown]
# Now the rules play a whole game. Every choice is made by a tiny heuristic, the way a beginner might play:
#
# * take the Postal Carrier whenever he can add a card; never call the other officials;
# * draw a face-up card that fits the route if there is one, otherwise draw from the deck;
# * extend the route if a card fits, otherwise start a new one;
# * score once the route is long enough for the next carriage, or when no card in hand fits any more, placing
#   as many houses as possible (with the Cartwright when he can help);
# * otherwise choose at random (with a seeded generator, so the game is the same every run).
#
# It picks the action with the highest value:

# %%
def beginner(state, rng):
    """A legal action for the player to move, by a beginner's rule of thumb."""
    me = state.player()

    def fits(city):
        return bool(me.route) and bool(thurn.fitting_ends(board, me.route, city))

    def value(action):
        if action.kind == "official":
            return 6 if action.official == "postal_carrier" else -1
        if action.kind == "end":             # wait for a longer route?
            waiting = len(me.route) < 3 + len(me.carriages) and any(fits(c) for c in me.hand)
            return 5 if waiting else -1
        if action.kind == "score":
            return 4 + len(action.houses) / 10 + action.cartwright
        if action.kind == "play":
            return 2 if action.end != "new" else 0
        if action.kind == "draw":
            return 1 if action.city and fits(action.city) else 0
        return 0                             # keep: any three cards

    actions = state.legal_actions()
    best = max(map(value, actions))
    return rng.choice([action for action in actions if value(action) == best])


# %%
game = thurn.new_game(["Ann", "Ben", "Cat"], seed=2006)
rng = random.Random(2006)
while not game.is_over:
    game = game.apply(beginner(game, rng))
game

# %% [markdown]
# The final score table. The `carriage` column holds the *points* of the highest carriage (carriage 6 is
# worth 7), then come the tiles and the unplaced houses:

# %%
game.scores()

# %% [markdown]
# Ben and Cat are tied for first place. Ben placed his last house, so he holds the game-end tile, and the
# tie-break makes him the winner:

# %%
totals = game.returns()
assert totals[1] == totals[2] == max(totals)
assert ("game_end", 1) in game.player("Ben").tiles and game.winner() == "Ben"

# %%
for row in game.score_records():
    assert row["total"] == row["carriage"] + row["tiles"] + row["unplaced_houses"]
assert len({game.turns_taken(name) for name in game.player_names}) == 1
print(f"{game.winner()} wins; {game.end_triggered_by} triggered the end; "
      f"{game.turns_taken('Ann')} turns each, {len(game.history)} decisions.")

# %% [markdown]
# The board at the end: every player's houses in his colour.

# %%
board_figure(game, route=(), title="The beginners' game at its end: every player's houses")

# %% [markdown]
# The log tells the game's story in sentences. Here is how it ended:

# %%
say(game.log()[-8:])

# %% [markdown]
# A finished game saves as JSON and loads back identical. The file holds the position, plus the setup and
# the actions that led to it:

# %%
saved = game.to_json()
assert thurn.GameState.from_json(saved) == game
len(game.history)

# %% [markdown]
# ## Another game, at your own pace
#
# The game at the end of the rules stepper is also an app of its own, `GuidedGame`: you are Ann, the bot plays
# Bot, and each decision shows the rule it falls under. A different seed deals another game; the bot is a level,
# Club by default, named above the game with a line on how strong it is: `bot="beginner"` plays against the
# weakest, `bot="casual"` a notch up, `bot="master"` against the strongest.

# %%
from thurn.widgets import GuidedGame

GuidedGame(seed=7)

# %% [markdown]
# Engines are for trying things. How do the scores spread over many beginner games? How much does the
# Cartwright help, or going first? The cell below times 20 more games. Its output depends on the machine, so
# it is marked `nbval-ignore-output`, and the notebook tests don't compare it.

# %% tags=["nbval-ignore-output"]
import time

start = time.perf_counter()
totals = []
for seed in range(20):
    g, r = thurn.new_game(["Ann", "Ben", "Cat"], seed=seed), random.Random(seed)
    while not g.is_over:
        g = g.apply(beginner(g, r))
    totals += g.returns()
print(f"20 games in {time.perf_counter() - start:.2f} s; mean score {sum(totals) / len(totals):.1f}")
