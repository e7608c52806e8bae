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
# you would learn them at a table: by playing. We deal a game, take the first turn step by step, stop at
# every rule to try it on a small position, and at the end play a whole game.
#
# After each rule comes a **check**: a question with a button per answer. Click one, and the engine says
# "Right" or "Not quite", and why. Its answers are not written down anywhere: `thurn.lessons` asks the engine,
# so the check always agrees with the rules the engine plays by. The checks wait for you: nothing here answers them
# (the project's tests check the engine's verdicts on every one).
#
# The engine is **thurn**. It knows every rule of the base game, and when a move is not allowed it says
# why, citing the rule: "base rules, 2" means section 2 of the turn (*playing a city card*). The sections
# are the rulebook's: **Preparation**, then a turn of three steps, **1** draw, **2** play, **3** score
# (with parts **3a**–**3d**), and **Game End and Scoring**.
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

# %%
import random

import thurn
from thurn import CallOfficial, Draw, EndTurn, Keep, Play, Score, lessons
from thurn.widgets import Quiz, RulesStepper

# %% [markdown]
# ## The board
#
# The board has 22 cities joined by roads. Each city belongs to a **province**, shown by its colour. Only
# the roads matter when you build a route; the provinces matter when you place houses and take bonus tiles.

# %%
board = thurn.load_board("base")
board

# %% [markdown]
# Baiern is the big province, with 8 cities. Some bonus tiles are for a *pair* of provinces: Württemberg +
# Hohenzollern, Schweiz + Tyrol, and Böhmen + Salzburg. Lodz, alone in Polen, has no province tile. The roads
# form a graph (`board.graph`, a `networkx` graph), so "which cities can follow Würzburg in a route?" is a
# question about its neighbours:

# %%
board.neighbours("Würzburg")

# %% [markdown]
# ## Setting up (Preparation)
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
# The bonus stacks, each listed top first:

# %%
stacks = state.stacks_left()
stacks

# %%
assert all(tiles == sorted(tiles, reverse=True) for tiles in stacks.values())   # highest on top
assert sum(len(tiles) for tiles in stacks.values()) == 30

# %% [markdown]
# The 20 carriages, 4 of each size from 3 to 7, and the points each size is worth at the end:

# %%
state.carriages_available(), board.carriage_points

# %% [markdown]
# **Check.** The four Baiern tiles are worth 2, 3, 4 and 5. Which one does the first player to earn it take?

# %%
quiz = Quiz(lessons.outcome_question(state, "stack_top", ["2", "3", "4", "5"], stack="baiern",
                                     text="Which Baiern tile lies on top of its stack?"))
quiz


# %% [markdown]
# ## The first turn: the Postmaster must help
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
print(state.why_illegal(CallOfficial("Administrator")))

# %% [markdown]
# **Check.** The turn has an order: draw, then play, then perhaps score. What may Ann do first?

# %%
quiz = Quiz(lessons.action_question(state, ["play nurnberg new", "call administrator", "draw deck"]))
quiz


# %% [markdown]
# ## Drawing a card (base rules, 1)
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
# **Check.** Ann has drawn one card. What may she do now?

# %%
quiz = Quiz(lessons.action_question(state, ["draw deck", "play nurnberg new", "call administrator"]))
quiz


# %% [markdown]
# `apply` returns a new state and leaves the old one as it was, so `before` is still the position before the
# draw. Ann's second card (the Postmaster's) comes from the deck, which she can't see. Actions can also be
# written as short text:

# %%
state = state.apply("draw deck")
state.log()[-2:]

# %% [markdown]
# When the deck runs out, the discard pile is shuffled to form a new deck (base rules, 1).
#
# ## Playing a card (base rules, 2)
#
# > The player must play a card from his hand: start a new route, or add the card to the left or the right
# > end of his current route, where it must **fit in**.
#
# Ann has no route yet, so each of her cards may start one:

# %%
state.legal_actions()

# %% [markdown]
# **Check.** With two cards in hand and no route, what may Ann do?

# %%
quiz = Quiz(lessons.action_question(state, ["play nurnberg new", "play nurnberg right", "draw deck", "end"]))
quiz


# %%
state = state.apply(Play("Nürnberg", "new"))
state.log()[-2:]

# %% [markdown]
# A route must have at least 3 cards to be scored. Ann's route has one card, and she has no official left to
# play a second, so her turn ends by itself and Ben, with an empty hand, must call the Postmaster too.

# %%
state

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
# **Innsbruck** has no road to either end, Carlsruhe or Regensburg:

# %%
example.why_illegal(Play("Innsbruck", "right"))

# %% [markdown]
# **Stuttgart** is already in the route, so a second Stuttgart never fits:

# %%
example.why_illegal(Play("Stuttgart", "left"))

# %% [markdown]
# Each explanation carries a stable reason code (for programs) as well as its sentence (for people):

# %%
[example.why_illegal(Play(city, "right")).reason for city in ["Innsbruck", "Stuttgart"]]

# %% [markdown]
# **Würzburg** has roads to Stuttgart and Nürnberg, but it could only go *between* them, and a card is
# never put into the middle of a route (the route is never rearranged). A `Play` can only name an end, and
# Würzburg fits neither end:

# %%
thurn.fitting_ends(board, example.route("Ann"), "Würzburg"), example.why_illegal(Play("Würzburg", "left"))

# %% [markdown]
# **Passau** has a road to Regensburg, so it fits at the right end. The list of legal actions agrees:
# Passau on the right, or any card to start a new route (or call the Postmaster for a second card).

# %%
[str(action) for action in example.legal_actions()]

# %% [markdown]
# If Ann cannot extend her route, or doesn't want to, she starts a new route. The old route goes to the
# discard pile, unscored, and its cards are lost:

# %%
example.apply(Play("Innsbruck", "new")).log()[0]

# %% [markdown]
# **Check.** Which of Ann's cards can extend her route? The wrong ones are explained by the engine's
# `why_illegal`:

# %%
quiz = Quiz(lessons.extend_question(example))
quiz


# %% [markdown]
# `apply` refuses an illegal action: it raises `thurn.IllegalAction` and the state is unchanged.

# %%
try:
    example.apply(Play("Innsbruck", "right"))
except thurn.IllegalAction as error:
    print(error.reason, "—", error)

# %% [markdown]
# ## The postal officials
#
# Once per turn a player may call **one** of four officials (base rules, Game Play):
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
replaced.log()

# %% [markdown]
# Only one official per turn: after the Administrator, the Postmaster can't help.

# %%
replaced.why_illegal(CallOfficial("Postmaster"))

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

# %% [markdown]
# The second card must extend the route. The Postal Carrier can't be used to start a new one:

# %%
two_cards.apply(CallOfficial("Postal Carrier")).why_illegal(Play("Sigmaringen", "new"))

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
print(short_route.apply(Score(["Mannheim", "Carlsruhe"])).log()[0])
print(short_route.apply(Score(["Mannheim", "Carlsruhe"], cartwright=True)).log()[0])

# %% [markdown]
# **Check.** Back at the start of Ann's turn (`turn_start`): which officials may help her now?

# %%
quiz = Quiz(lessons.action_question(
    turn_start, ["call postmaster", "call administrator", "call postal_carrier", "call cartwright"],
    text="Which officials may help Ann at the start of her turn?"))
quiz


# %% [markdown]
# ## Scoring a route (base rules, 3)
#
# > A route of at least 3 cards may be completed. The player then (a) places houses, (b) takes bonus tiles,
# > (c) takes a carriage, and (d) discards the route and keeps three cards in hand.
#
# ### 3a. Placing houses: option A or option B
#
# > **Either** one house in one city of **each** province of the route (option A), **or** one house in
# > **every** city of **one** province of the route (option B).
#
# The rulebook's example route is Sigmaringen – Stuttgart – Nürnberg – Regensburg – Ingolstadt – Augsburg.
# It passes through three provinces: Hohenzollern (Sigmaringen), Württemberg (Stuttgart) and Baiern (the
# other four). `thurn.placement_options` lists every legal choice:

# %%
example_route = ["Sigmaringen", "Stuttgart", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"]
options = thurn.placement_options(board, example_route)
for option in options:
    print(option)

# %% [markdown]
# Option A places 3 houses: Sigmaringen, Stuttgart and one of the four Baiern cities. Option B places 4 houses
# in all four Baiern cities, or 1 house in Hohenzollern or in Württemberg. These are the rulebook's two
# examples:

# %%
placements = [option.cities for option in options]
assert ("Sigmaringen", "Stuttgart", "Ingolstadt") in placements
assert ("Nürnberg", "Regensburg", "Ingolstadt", "Augsburg") in placements
assert ("Sigmaringen", "Stuttgart", "Nürnberg", "Ingolstadt") not in placements   # one per province only
assert len(options) == 4 + 3

# %% [markdown]
# A player has at most one house in a city, so a city where Ann already has a house is skipped. A player who
# runs out of houses places only the ones he has left. With a house in Nürnberg and 2 houses left:

# %%
for option in thurn.placement_options(board, example_route, owned=["Nürnberg"], houses_left=2):
    print(option)

# %% [markdown]
# By default the engine follows the rule that you place **every** house the chosen option allows. The other
# rulebook makes placing houses optional; that reading is the rule option `optional_houses`
# (`thurn.new_game(..., rules={"optional_houses": True})`), and it allows many more choices:

# %%
len(thurn.placement_options(board, example_route, optional=True))

# %% [markdown]
# **Check.** Ann is about to score the rulebook's route. Which of these placements may she choose?

# %%
scoring = thurn.GameState.from_position({
    "players": [{"name": "Ann", "route": example_route}, "Ben"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
})
quiz = Quiz(lessons.action_question(scoring, [
    Score(["Sigmaringen", "Stuttgart", "Ingolstadt"]), Score(["Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"]),
    Score(["Sigmaringen", "Stuttgart", "Nürnberg", "Ingolstadt"]), Score(["Sigmaringen", "Stuttgart"])],
    text="Which of these placements may Ann choose?"))
quiz


# %% [markdown]
# ### 3b. Bonus tiles
#
# > **Route length**: a route of 5, 6, or 7 or more cards takes the top tile of that length's stack.
# > **Provinces**: a house in every city of a province (or of a province pair) takes that province's top
# > tile, once per player. The houses need not have been placed by the same route. **Outside Baiern**: a
# > house in every province other than Baiern. **Game end**: see below.
#
# This is the rulebook's example. Ann already has a house in Stuttgart, and she completes a route through
# Sigmaringen and Ulm:

# %%
tile_example = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Basel"], "route": ["Sigmaringen", "Ulm", "Augsburg"],
                 "houses": ["Stuttgart"]},
                "Ben"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
})
[str(action) for action in tile_example.legal_actions()]

# %% [markdown]
# Each way to place houses is listed twice: taking the first carriage, or declining it (3c, below).
# She chooses option A, one house in each of the route's three provinces: Sigmaringen (Hohenzollern), Ulm
# (Württemberg) and Augsburg (Baiern). With her old house in Stuttgart she now has every city of the pair
# Württemberg + Hohenzollern, and takes that stack's top tile:

# %%
scored = tile_example.apply(Score(["Sigmaringen", "Ulm", "Augsburg"]))
scored.log()[0]

# %%
ann = scored.player("Ann")
assert ("wurttemberg_hohenzollern", 3) in ann.tiles
assert set(ann.houses) == {"Stuttgart", "Ulm", "Sigmaringen", "Augsburg"}
ann

# %% [markdown]
# **Check.** The engine answers "what does this scoring bring?" by playing it:

# %%
quiz = Quiz(lessons.outcome_question(tile_example, "tiles", ["wurttemberg_hohenzollern", "baiern", "route_5", "none"],
                                     action=Score(["Sigmaringen", "Ulm", "Augsburg"]),
                                     text="Which bonus tile does Ann take?"))
quiz


# %% [markdown]
# ### 3c. Carriages
#
# > If the route has at least as many cards as the next carriage, the player takes it. Carriages are taken
# > in order, 3, 4, 5, 6, 7, and none may be skipped. Houses don't matter here.
#
# The first English rulebook (000) says the player **may** take it, and the engine follows that reading
# (rules notes R9): every scoring that earns a carriage can also decline it, written
# `Score([...], carriage=False)` or `score ... decline`. Why would anyone refuse points? Carriage 7 ends the game,
# and a player who is behind may rather play on: the scoring what-if notebook (04) shows that choice in numbers.
# The rule option `carriage_compulsory` follows the other rulebook (001: the player *takes* it).
#
# Above, Ann's 3-card route earned her first carriage, the 3. The rulebook's example goes on like this: a
# second route of 5 cards earns only carriage 4, the next in order. A third route of 4 cards then earns
# nothing, because carriage 5 needs 5 cards. That is the position where the Cartwright helped:

# %%
short_route.apply(Score(["Mannheim", "Carlsruhe"])).player("Ann").carriages

# %% [markdown]
# **Check.** Ann has carriages 3 and 4 and scores her 4 cards without the Cartwright:

# %%
quiz = Quiz(lessons.outcome_question(short_route, "carriage", ["3", "4", "5", "none"],
                                     action=Score(["Mannheim", "Carlsruhe"]),
                                     text="Which carriage does Ann take?"))
quiz


# %% [markdown]
# ### 3d. The hand limit
#
# > After scoring, the route's cards go to the discard pile, and the player chooses three cards to keep,
# > discarding the rest (001).
#
# The first English rulebook (000) says "down to *at most* three": with the rule option `hand_limit_at_most`
# the player may keep fewer (rules notes R11).
#
# There is no hand limit at any other time. Ann holds five cards and scores the Baden route Mannheim –
# Carlsruhe – Freiburg:

# %%
big_hand = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Basel", "Zürich", "Lodz", "Linz", "Pilsen"],
                 "route": ["Mannheim", "Carlsruhe", "Freiburg"]},
                "Ben"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
    "seed": 3,
})
must_keep = big_hand.apply(Score(["Mannheim", "Carlsruhe", "Freiburg"]))
must_keep.log()

# %% [markdown]
# Her turn isn't over yet. She is in the `keep` step, and chooses which 3 of her 5 cards to keep:

# %%
assert must_keep.step == "keep"
assert len(must_keep.legal_actions()) == 10      # 5 choose 3
must_keep.apply(Keep(["Basel", "Zürich", "Linz"])).log()[1]

# %% [markdown]
# Before scoring, the same action is refused, with the reason:

# %%
big_hand.why_illegal(Keep(["Basel", "Zürich", "Linz"]))

# %% [markdown]
# **Check.** After scoring, Ann holds five cards. What may she do?

# %%
quiz = Quiz(lessons.action_question(must_keep, ["keep basel+zurich+linz", "keep basel+zurich", "end"]))
quiz


# %% [markdown]
# ## The end of the game (Game End and Scoring)
#
# > When a player takes carriage 7, or places his last house, he takes the "game end" tile and the round is
# > played to its end, so that everyone has had the same number of turns. Each player then scores: **the
# > points of his highest carriage, plus his bonus tiles, minus his unplaced houses**.
#
# This is the rulebook's Cartwright example. Ann has carriage 6 and completes a route of 5 cards, and with the
# Cartwright she takes carriage 7. She is the first to take it, so the end of the game has begun. Her route
# also earns the "route of 5" tile.

# %%
before_end = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Basel", "Würzburg"], "carriages": [3, 4, 5, 6],
                 "route": ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg"]},
                "Ben", "Cat"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
    "seed": 5,
})
finale = before_end.apply(Score(["Mannheim", "Carlsruhe"], cartwright=True))
finale.log()[:2]

# %%
assert finale.end_triggered_by == "Ann" and ("game_end", 1) in finale.player("Ann").tiles
assert not finale.is_over and finale.to_move_name == "Ben"

# %% [markdown]
# **Check.** Before Ann scored: what happens after her turn?

# %%
quiz = Quiz(lessons.outcome_question(before_end, "next", ["over", "Ben"],
                                     action=Score(["Mannheim", "Carlsruhe"], cartwright=True),
                                     labels=["The game is over at once", "Ben plays next"],
                                     text="What happens after Ann's turn?"))
quiz


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
# **Ties.** Among the players tied for first place, the one holding the game-end tile wins. If none of them
# holds it, the tied player seated nearest to its holder, going clockwise, wins (base rules, Game End and
# Scoring). Here Ann and Ben are tied at −18 and Cat holds the tile. Clockwise after Cat comes Ann:

# %%
tie = thurn.GameState.from_position({
    "players": [{"name": "Ann", "tiles": [["route_5", 2]]},
                {"name": "Ben", "tiles": [["route_7", 2]]},
                {"name": "Cat", "tiles": [["game_end", 1]]}],
    "end_triggered_by": 2,
    "turn": {"step": "over"},
})
print(tie.returns(), "→ winner:", tie.winner())

# %%
assert tie.winner() == "Ann"

# %% [markdown]
# **Check.** The tie-break, asked the other way round:

# %%
quiz = Quiz(lessons.outcome_question(tie, "winner", ["Ann", "Ben", "Cat"], text="Who wins?"))
quiz


# %% [markdown]
# ## A whole game
#
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
# The log tells the game's story in sentences. Here is how it ended:

# %%
game.log()[-8:]

# %% [markdown]
# A finished game saves as JSON and loads back identical. The file holds the position, plus the setup and
# the actions that led to it:

# %%
saved = game.to_json()
assert thurn.GameState.from_json(saved) == game
len(game.history)

# %% [markdown]
# ## All the rules again, one click at a time
#
# The **rules stepper** goes through a turn one rule at a time: the rule with its citation, the position on
# the map, and a question to answer by clicking. **Next** and **Back** move between the steps. The first steps
# follow a real game (the seed deals it: `RulesStepper(seed=7)` deals another); the others are the rulebook's
# examples. Each step's position is a real engine state, reached by applying real actions, and the engine
# answers every question (the steps are in `data/base_lessons.json`, which holds no answers).

# %%
stepper = RulesStepper()
stepper

# %% [markdown]
# The steps, each with the section of the rules it teaches:

# %%
for stop in stepper.stops:
    print(f"{stop.rule:42} {stop.title}")

# %% [markdown]
# The stepper can also be driven from code (`stepper.go(step)`, `stepper.answer(choice)`); here it only moves to the
# "fits in" step and leaves its question for you:

# %%
stepper.go("fits_in")
print(stepper.state.route("Ann"))

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
