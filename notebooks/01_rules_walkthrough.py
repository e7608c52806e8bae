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
# *Thurn und Taxis* (Karen & Andreas Seyfarth, 2006) is a game about building postal routes through southern
# Germany and its neighbours. This notebook plays through the rules with **thurn**, a rules engine that knows
# every rule of the base game and explains, in words, why a move is not allowed.
#
# Each section quotes the rule it teaches (the English rulebook's sections: 1 draw, 2 play, 3 score) and shows
# it on a real position. Other rulebooks use other words: a *house* is a **Branch**, a *carriage* a **Coach
# card**, the *Administrator* the **Bailiff**, the *Postal Carrier* the **Coachman**, the *Cartwright* the
# **Wainwright**.

# %%
import thurn
from thurn import CallOfficial, Draw, EndTurn, Keep, Play, Score

board = thurn.load_board("base")
board

# %% [markdown]
# ## The board
#
# 22 cities in 9 provinces, joined by 45 roads. The roads are a `networkx` graph, so ordinary graph questions
# have ordinary answers: how many roads leave München, and what is the shortest way from Basel to Lodz?

# %%
import networkx as nx

print(board)
print("München:", ", ".join(board.neighbours("München")))
print("Basel to Lodz:", " – ".join(board.graph.nodes[c]["name"]
                                   for c in nx.shortest_path(board.graph, "basel", "lodz")))

# %% [markdown]
# ## Setting up (Preparation)
#
# The 66 city cards (3 of each city) are shuffled; 6 lie face up. The bonus tiles lie in stacks, highest on
# top. Every player has 20 houses. A game is made from a list of names and a **seed**: the same seed deals
# the same cards, so everything below is reproducible.

# %%
state = thurn.new_game(["Ann", "Ben", "Cat"], seed=2006)
state

# %%
state.stacks_left()

# %% [markdown]
# ## Turn step 1: draw a card — and the Postmaster
#
# > The player must take either a face-up card or the top card of the deck (base rules, 1).
#
# Nobody holds a card at the start, and a player whose hand is empty **must** call the Postmaster, who lets
# him draw two cards. The engine takes such forced steps itself and says so in the log:

# %%
state.log()

# %%
state.legal_actions()

# %% [markdown]
# Ann takes Nürnberg from the display (its slot is refilled from the deck at once) and then the top card of
# the deck:

# %%
state = state.apply(Draw("Nürnberg"))
state = state.apply(Draw())
state.hand("Ann")

# %% [markdown]
# ## Turn step 2: play a card
#
# > The player must play a card: start a new route, or add it to the left or the right end of the current
# > route. A card *fits* when its city has a direct road to the city at that end and is not in the route yet
# > (base rules, 2).
#
# Ann has no route yet, so any card starts one:

# %%
state.legal_actions()

# %%
state = state.apply(Play("Nürnberg", "new"))
state.log()[-2:]

# %% [markdown]
# A route of one card is too short to score and Ann has no official left (the Postmaster helped her), so
# her turn ends by itself.
#
# ### Which cards fit? The rulebook's example
#
# The rulebook shows a route Carlsruhe – Stuttgart – Nürnberg – Regensburg. We can build that exact
# situation as a *position* (a readable dict) and ask the engine about the cards in the example:

# %%
example = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Innsbruck", "Würzburg", "Stuttgart", "Passau"],
                 "route": ["Carlsruhe", "Stuttgart", "Nürnberg", "Regensburg"]}, "Ben"],
    "turn": {"step": "play", "draws": 1},
})
example.route("Ann")

# %%
for action in [Play("Innsbruck", "right"), Play("Würzburg", "left"), Play("Stuttgart", "right"),
               Play("Passau", "right")]:
    print(f"{str(action):35} →", example.why_illegal(action) or "legal")

# %% [markdown]
# Würzburg has roads to Stuttgart and to Nürnberg, but it could only go *between* them, and a route is never
# rearranged. The engine's list of legal moves agrees:

# %%
[str(a) for a in example.legal_actions()]

# %% [markdown]
# A player who cannot, or does not want to, extend the route discards it and starts a new one with any card
# ("start a new route with ..."): the old cards go to the discard pile, unscored.
#
# ## Turn step 3: score the route
#
# > A route of at least 3 cards may be scored: place houses, take bonus tiles, take a carriage, and keep at
# > most three cards in hand (base rules, 3a–3d).
#
# ### Houses (3a)
#
# Either **one house in one city of each province** on the route, or **one house in every city of one
# province** on the route. The rulebook's example route runs Sigmaringen – Stuttgart – Nürnberg – Regensburg
# – Ingolstadt – Augsburg:

# %%
route = ["Sigmaringen", "Stuttgart", "Nürnberg", "Regensburg", "Ingolstadt", "Augsburg"]
for option in thurn.placement_options(board, route):
    print(option)

# %% [markdown]
# A city where you already have a house is skipped, and you cannot place more houses than you have left:

# %%
for option in thurn.placement_options(board, route, owned=["Nürnberg"], houses_left=2):
    print(option)

# %% [markdown]
# ### Bonus tiles (3b) and carriages (3c)
#
# Houses in **every** city of a province (or of a province pair) win that province's tile, once per player;
# long routes win a length tile; a house in every province outside Baiern wins the "outside Baiern" tile.
# A route at least as long as your next carriage wins that carriage — carriages come in order, 3, 4, 5, 6, 7.
#
# The rulebook's example: a house already in Stuttgart, and a new route through Sigmaringen and Ulm.

# %%
scoring = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Basel"], "route": ["Sigmaringen", "Ulm", "Augsburg"],
                 "houses": ["Stuttgart"]}, "Ben"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
})
[str(a) for a in scoring.legal_actions()]

# %%
after = scoring.apply(Score(["Sigmaringen", "Ulm", "Augsburg"]))
after.log()

# %%
assert ("wurttemberg_hohenzollern", 3) in after.player("Ann").tiles
assert after.player("Ann").carriages == (3,)
after.player("Ann")

# %% [markdown]
# ## The other officials
#
# Once per turn one official may help (base rules, Game Play):
#
# | official | other names | helps with |
# | --- | --- | --- |
# | Postmaster | Postmeister | a second card in step 1 |
# | Administrator | Bailiff, Amtmann | replaces the six face-up cards before you draw |
# | Postal Carrier | Coachman, Postillion | a second card in step 2 |
# | Cartwright | Wainwright, Wagner | a carriage with a route up to two cards short |
#
# The Cartwright is called while scoring. With carriage 6 and a route of five cards he brings carriage 7 —
# the rulebook's example — and taking carriage 7 first ends the game:

# %%
cartwright = thurn.GameState.from_position({
    "players": [{"name": "Ann", "hand": ["Basel", "Würzburg"], "carriages": [3, 4, 5, 6],
                 "route": ["Mannheim", "Carlsruhe", "Stuttgart", "Ulm", "Augsburg"]}, "Ben"],
    "turn": {"step": "score", "draws": 1, "plays": 1},
})
done = cartwright.apply(Score(["Mannheim", "Carlsruhe"], cartwright=True))
done.log()

# %% [markdown]
# One official per turn: had Ann called the Postal Carrier to add Würzburg, the Cartwright could not help too.

# %%
longer = cartwright.apply(CallOfficial("Postal Carrier")).apply(Play("Würzburg", "left"))
print(longer.route("Ann"))
print(longer.why_illegal(Score(["Würzburg", "Augsburg"], cartwright=True)))

# %% [markdown]
# ## The end of the game and the final score
#
# > When a player takes carriage 7 or places his last house, the round is played to its end. Then each player
# > scores: the points of his highest carriage, plus his bonus tiles, minus his unplaced houses (Game End).
#
# Ties go to the holder of the "game end" tile, or else to the tied player nearest to him clockwise.
# Let's play a whole game with a simple seeded rule: score whenever you can (with the most houses), otherwise
# extend the route if a card fits, otherwise take whatever comes first.

# %%
import random


def simple_choice(state, rng):
    actions = state.legal_actions()
    scores = [a for a in actions if a.kind == "score"]
    if scores:
        return max(scores, key=lambda a: (len(a.houses), a.cartwright))
    extend = [a for a in actions if a.kind == "play" and a.end != "new"]
    return rng.choice(extend or actions)


game = thurn.new_game(["Ann", "Ben", "Cat"], seed=2006)
rng = random.Random(1)
while not game.is_over:
    game = game.apply(simple_choice(game, rng))

game.scores()

# %%
print(f"{game.winner()} wins after {game.turns_taken('Ann')} turns each.")
game.log()[-6:]

# %% [markdown]
# Every score is the rule's formula, and every player had the same number of turns:

# %%
for row in game.score_records():
    assert row["total"] == row["carriage"] + row["tiles"] + row["unplaced_houses"]
assert len({game.turns_taken(p) for p in game.player_names}) == 1

# %% [markdown]
# A game saves to JSON and loads back identical — the position, and the actions that led to it:

# %%
saved = game.to_json()
assert thurn.GameState.from_json(saved) == game
print(f"{len(saved):,} characters, {len(game.history)} actions")
