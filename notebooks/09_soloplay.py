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
# # SoloPlay: Thurn and Taxis for one player
#
# **SoloPlay** turns Thurn and Taxis into a puzzle for one. There is nobody to race: the game is rated on its points,
# and 48 are needed for a victory. The board, the cities, the roads and the bonus tiles are the base game's, but the
# houses come in four colours, each route is completed in one of them (one route of each colour before any colour
# comes back), a route takes the coach card of its own length, and every card that is not completed into a route
# costs half a point at the end.
#
# This notebook teaches the rules one per cell, each on a real position of the engine (`thurn`), with the questions
# left for you to answer; then a bot plays a whole game, and a small simulation asks how much harder the harder
# setups are.

# %%
import os
import textwrap

import pandas as pd
import plotly.express as px

import thurn
from thurn import effects
from thurn.expansions.solo import rules as solo
from thurn.lessons import load_lesson
from thurn.piles import pile
from thurn.sim import game_seed, play_game
from thurn.viz import board_figure
from thurn.widgets import Quiz, RulesStepper

SOLO = thurn.Rules(expansions=("solo",))
LESSON = load_lesson("solo")                # the positions of the rules stepper's lesson, used below too
STEP = {s.step.id: s for s in LESSON.stops()}
C = solo.components()                       # SoloPlay's components and tables (data/solo.json)


def say(sentences, width=96):
    """Print the engine's sentences (one, or a list), each wrapped between words to ``width`` columns."""
    for sentence in [sentences] if isinstance(sentences, (str, Exception)) else sentences:
        print(textwrap.fill(str(sentence), width, subsequent_indent="  "))


# %% [markdown]
# ## The map first: one player, four colours
#
# A new game at the default difficulty. Before the first card is drawn, the setup has placed 8 houses of each colour
# on cities drawn at random (never one that would complete a region in that colour): the map shows them, one marker
# per colour. A city may hold a house of each colour.

# %%
game = thurn.new_game(["Ann"], rules=SOLO, seed=2026)
board_figure(game, title="SoloPlay: Ann's houses after the setup, in four colours").show()

# %%
pd.DataFrame({"houses on the map": [len(game.player("Ann").colours[k][1]) for k in range(len(C.colours))],
              "houses left to place": [left for _, _, left in game.players[0].colours]},
             index=pd.Index(C.colours, name="colour"))

# %% [markdown]
# ## Learn by clicking: the rules stepper
#
# The rules stepper goes through SoloPlay one rule at a time: the manual's words with their section, the position on
# the map, and a question to answer by clicking; **Next** and **Back** move between the steps, and after the last one
# **Play a game** starts a solo game of your own. The sections below take the same rules one per cell, in code.

# %%
RulesStepper("solo")

# %% [markdown]
# ## The goal: 48 points, rated
#
# > **Goal**: Score 48 or more victory points. Achieve one of three victory ratings: 48–53: Minor Victory; 54–59:
# > Major Victory; 60+: Complete Victory. (SoloPlay, 1)
#
# The engine's result of a solo game is a rating, not a winner (`state.result()`: `{"rating": ..., "score": ...}`).
# The ratings, from `data/solo.json`:

# %%
pd.DataFrame([{"rating": r, "from points": least} for least, r in C.ratings]
             + [{"rating": C.below, "from points": "below 48"}]).set_index("rating")

# %% [markdown]
# The end of a game. Ann holds bonus tiles worth 19 points and coach cards 3 to 7 (a full set, 10 points); she has five
# houses left, two of them green, and one card in hand. She completes Basel–Zürich–Kempten in green and places her last
# two green houses: a colour used up ends the game. The route takes coach card 3, which starts a second set (2 points),
# and three houses left score 15 points.

# %%
Quiz(STEP["goal"].question)

# %% [markdown]
# ### The engine's answer: the final score
#
# The score is the manual's sum: bonus tiles + coach sets + remaining houses − the discard penalty
# (`effects.score_record`); the hand goes to discard pile 1 first.

# %%
end = STEP["goal"].state.apply("score basel+zurich colour=green")
say([line for line in end.log()[len(STEP["goal"].state.log()):] if line.startswith(("Ann scores", "Final steps"))])
say(f"{effects.score_record(end, 0)} · {end.result_text()}")

# %% [markdown]
# ## The setup: houses on the map, tiles sorted
#
# > Draw 8 unique cities per color (normal difficulty) ... Variant difficulties: Easy = 10 cities, Intermediate = 9,
# > Hard = 7. (SoloPlay, 3)
#
# Each colour has 20 houses; one is its route house, so 19 can be placed, and the setup places 7 to 10 of them. The
# difficulty is a rule option: `thurn.Rules(expansions=("solo",), options={"difficulty": "hard"})`.

# %%
pd.DataFrame({"houses of each colour at setup": C.cities,
              "left to place, all colours": {d: len(C.colours) * (C.houses - n) for d, n in C.cities.items()}})

# %% [markdown]
# > Distance tiles (5, 6, 7) in **descending** order (highest on top). All other bonus tiles in **ascending** order
# > (lowest on top). Limit to 3 of each type; remove lowest-value extras if needed. (SoloPlay, 3)
#
# The base game's Baiern stack holds 5, 4, 3 and 2, highest on top.

# %%
Quiz(STEP["setup"].question)

# %% [markdown]
# ### The engine's answer: every stack, top first

# %%
pd.Series({k: ", ".join(map(str, v)) for k, v in game.stacks_left().items()}, name="tiles, top first").to_frame()

# %% [markdown]
# ## One official, every turn
#
# > On each turn, perform the following in order: 1. **Use One Official (Mandatory)**: Must use exactly one postal
# > official per turn. Cannot skip this action. (SoloPlay, 4.1)
#
# Drawing and playing are the base game's: one card drawn (two with the Postmaster), one played at an end of the
# route (two with the Postal Carrier). But an official is no longer a help to take or leave: one must help every
# turn, and only one, and the manual lists him first among the turn's steps. A new turn begins: Ann's route is
# Ulm–Augsburg–München, and she holds Passau and Basel.

# %%
Quiz(STEP["one_official"].question)

# %% [markdown]
# ### The engine's answer: the official first, his help later
#
# The turn begins in the step `solo_official`: its choices are the officials who can help this turn (not the
# Administrator with no card face up, nor the Postmaster with no card left to draw), and nothing else comes first.
# The one chosen helps later in the turn: the Postmaster at the draw (two cards, both from the deck or both from the
# display), the Postal Carrier at the play (a second card, if one can be played), the Cartwright at the completion
# (a coach card one or two longer); the Administrator replaces the face-up cards at once. No other official may be
# called after him. (An empty hand makes the Postmaster the turn's official, as in the base game. Option
# `official=when_used` is the other reading: each official is called when his help is used, and a turn in which none
# can help any more ends without one.)

# %%
first = STEP["one_official"].state
say(f"{first.step}: " + ", ".join(str(a) for a in first.legal_actions()))
say(first.why_illegal("end"))
later = first.apply("call postal_carrier")
print(later.step, "->", later.log()[-1])
say(later.why_illegal("call cartwright"))

# %% [markdown]
# ## A route is completed in a colour, one of each in a series
#
# > Must complete one route of **each color** before reusing any color. After completing a route, move its route house
# > to the **face-down principal firm card** (Route Completion space). When all 4 colors are used (one route each),
# > move all route houses back to the **face-up card** (Route Planner). (SoloPlay, 4.5)
#
# This series Ann has completed a blue route and a red one. Her route is Ulm–Augsburg–München.

# %%
Quiz(STEP["colour"].question)

# %% [markdown]
# ### The engine's answer: the colours of the completions it allows
#
# `solo.series_text` says where the series stands; the legal completions are those in a colour still on the Route
# Planner.

# %%
colour = STEP["colour"].state
print(solo.series_text(solo.solo(colour), C.colours))
print(sorted({a.colour for a in colour.legal_actions() if a.kind == "score"}))

# %% [markdown]
# ## Coach cards: the exact length, or the Cartwright
#
# > Must take coach card matching **exact route length** (e.g., 5-card route → take Coach 5). **Cartwright
# > (Wainwright)**: May take coach card if route is **1 or 2 cards short** (e.g., 4-card route → take Coach 5 or 6).
# > Must take a coach card upon completion. If no matching or eligible coach card exists, **must abandon the route**.
# > (SoloPlay, 4.4d)
#
# The coach cards are the base game's carriages, four of each; but they are not taken in order from 3. Ann holds
# coach cards 3 and 4. Her route is Ulm–Augsburg–München–Salzburg, and she chose the Cartwright at the start of this
# turn (4.1: without him chosen, the route takes only its exact length); her one card, Basel, fits neither end.

# %%
Quiz(STEP["cartwright"].question)

# %% [markdown]
# ### The engine's answer: which coach cards a route may take
#
# `solo.coach_choices` reads the rule for any route length, with and without the Cartwright (only cards left in the
# supply count). A route of 8 cards has no coach card (option `long_routes=coach_7` lets it take coach 7).

# %%
left = (4,) * 5
pd.DataFrame({"route of": range(3, 9),
              "takes": [", ".join(map(str, solo.coach_choices(game.board, SOLO, left, n, False))) or "none: abandon"
                        for n in range(3, 9)],
              "with the Cartwright": [", ".join(map(str, solo.coach_choices(game.board, SOLO, left, n, True)))
                                      or "none" for n in range(3, 9)]}).set_index("route of")

# %% [markdown]
# ## Coach sets
#
# > Score at end based on **consecutive sets** starting at 3: Set (3,4,5,6,7) = 10 pts; Set (3,4,5,6) = 7 pts; Set
# > (3,4,5) = 5 pts; Set (3,4) = 3 pts; Single (3) = 2 pts. Higher cards without lower ones do not score. (SoloPlay, 5)
#
# The manual's example, and a few more, by the engine's `solo.coach_points`:

# %%
examples = [[3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7], [3, 4, 5, 6, 7], [4, 5, 6, 7], [3, 3, 4, 7], [5, 5, 5]]
pd.DataFrame({"coach cards": [", ".join(map(str, e)) for e in examples],
              "sets (highest card of each)": [", ".join(map(str, solo.coach_sets(e))) or "none" for e in examples],
              "points": [solo.coach_points(e) for e in examples]}).set_index("coach cards")

# %% [markdown]
# Ann holds a full set, coach cards 3 to 7. She completes Ulm–Augsburg–München, three cards.

# %%
Quiz(STEP["coach_sets"].question)

# %% [markdown]
# ## Two discard piles, and the penalty
#
# > Place all route cards into **Discard Pile 2** (completed routes). Reduce hand to **3 cards max**; excess go to
# > **Discard Pile 1**. (SoloPlay, 4.4e) ... If draw deck runs out, shuffle **Discard Pile 2** (completed route cards)
# > to form a new deck. **Do not** use Discard Pile 1. (SoloPlay, 4.7) ... **Discard Penalty**: ... **1 point per 2
# > cards discarded**. (SoloPlay, 5)
#
# A route given up, the cards over the hand limit, the six cards the Administrator replaces and the hand at the end
# go to pile 1 (`thurn.piles.pile(state, "penalty")`). Ann's route is Ulm–Augsburg; pile 1 holds 3 cards, and she
# holds Basel and Linz.

# %%
Quiz(STEP["discard_piles"].question)

# %% [markdown]
# ## The Bonus Scoring Tile
#
# > **Bonus Scoring Tile**: If you now have **one tile from each province**, take the 1-point "Game End" tile. Then:
# > Place it on any province stack. Take the top tile from that stack. You may continue using this ability each time
# > you complete a region in a stack containing the 1-point tile. (SoloPlay, 4.4c)
#
# A region is completed by the houses of one colour (option `regions=any`: of every colour). Ann holds a tile of four
# provinces: Baden, Württemberg/Hohenzollern, Schweiz/Tyrol and Baiern. Her red houses stand in Salzburg and Pilsen,
# and her route is Salzburg–Linz–Budweis–Pilsen.

# %%
Quiz(STEP["bonus_tile"].question)

# %% [markdown]
# ### The engine's answer, and the stack it marks
#
# After the tiles Ann puts the 1-point tile on a province stack (the step `solo_bonus`, action `bonus baiern`) and
# takes its top tile at once. The tile stays hers on the stack it marks and scores its point at the end: the final
# scoring sums "all collected bonus tiles (distance, region, game end)" (SoloPlay, 6), so the players' table lists
# it where it lies, "1-point tile 1 (on the Baiern stack)", and counts it in the score.

# %%
bonus = STEP["bonus_stack"].state
say(STEP["bonus_stack"].played)
say("May put it on: " + ", ".join(a.stack for a in bonus.legal_actions()))
say(bonus.apply("bonus baiern").log()[-1])

# %% [markdown]
# ## An empty hand: cards under the deck
#
# > If you complete a route **and end with 0 cards in hand**, you may: Take up to 3 cards from the **faceup board
# > cards** and place them in **any order** on the bottom of the draw deck. (SoloPlay, 4.6)
#
# Ann has just completed a route with her last card. The display shows Basel, Zürich, Linz, Lodz, Passau and Kempten.

# %%
Quiz(STEP["hand_bonus"].question)

# %% [markdown]
# ## The end, and the houses left
#
# > **End Game Conditions**: City card supply deck is exhausted (after possible shuffle of Discard Pile 2). One color
# > of houses is exhausted during route completion. ... Place all cards in hand onto **Discard Pile 1**. (SoloPlay, 6)
#
# The houses left score by the manual's table, all colours together (option `houses_left=per_colour`: each colour's,
# added):

# %%
pd.DataFrame({"houses left": range(2, 13), "points": [solo.houses_left_points(n) for n in range(2, 13)]}
             ).set_index("houses left").T

# %% [markdown]
# Ann has one red house left, two blue, three green and two yellow; she holds Basel and Linz. She completes
# Ulm–Augsburg–München in red, with a house in Augsburg (München has a red one already).

# %%
Quiz(STEP["end"].question)

# %% [markdown]
# ---
#
# # A whole game, played by a bot
#
# The greedy bot plays a seeded solo game at the default difficulty; below, every route it completed (its colour,
# the houses, the coach card and the tiles it took), then the final score and the rating. (The bots know the rules
# from the engine; a bot that plans for SoloPlay's colours and coach sets is another piece of work.)

# %%
BOT = "greedy"
played = play_game(["Ann"], [BOT], seed=2026, rules=SOLO)


def completions(state):
    """A row for every route completed in the game: its colour, cards, houses, coach card and tiles."""
    rows, s = [], state.root
    for a in state.history:
        after = s.apply(a)
        if a.kind == "score":
            p, q = s.players[0], after.players[0]
            rows.append({"turn": s.turn_number + 1, "colour": a.colour, "cards": len(p.route),
                         "houses in": ", ".join(a.houses), "coach card": q.carriages[-1],
                         "tiles": ", ".join(f"{s.board.stacks[si].name} {v}" for si, v in q.tiles[len(p.tiles):])
                         or "—"})
        s = after
    return pd.DataFrame(rows)


completions(played)

# %%
record = effects.score_record(played, 0)
print(f"{played.turn_number} turns; the game ended because "
      f"{'a colour was used up' if solo.solo(played).ended == 'houses' else 'the deck was exhausted'}.")
say(f"{record} · {played.result_text()}")
board_figure(played, title=f"The bot's game at its end: {played.result_text()}").show()

# %% [markdown]
# ---
#
# # What-if: how hard is hard?
#
# The four difficulties differ only in the houses the setup places: 10, 9, 8 or 7 of each colour. Fewer houses on the
# map means more to place, and more left at the end (each house over 8 left costs a point). How much does that cost a
# player? The experiment: the same seeded games (the same decks) at each difficulty, played by the bot above. **Small
# by default**: 48 games per difficulty, a few seconds; `THURN_SIZE=full` (or `SIZE = "full"`) plays 500. Every game
# is seeded, so the numbers are the same on any machine for the same bot.

# %% tags=["nbval-ignore-output"]
SIZE = os.environ.get("THURN_SIZE", "small").strip().lower()
if SIZE not in ("small", "full"):
    raise ValueError(f'SIZE should be "small" or "full", not {SIZE!r}.')
GAMES = 500 if SIZE == "full" else 48
DIFFICULTIES = [d for d in solo.OPTIONS["difficulty"][1]]
DIFFICULTIES.sort(key=lambda d: -C.cities[d])              # easy (10 houses) first, hard (7) last
print(f"{SIZE} size: {GAMES} games per difficulty, {BOT} bot")


# %%
def measure(difficulty, k):
    """Game ``k`` at ``difficulty``: its score's items and its rating."""
    rules = thurn.Rules(expansions=("solo",), options={"difficulty": difficulty})
    end = play_game(["Ann"], [BOT], seed=game_seed(26, k), rules=rules)
    return {"difficulty": difficulty, "game": k, **effects.score_record(end, 0), "rating": end.result()["rating"],
            "houses left": end.players[0].houses_left, "pile 1": len(pile(end, "penalty")),
            "routes": sum(1 for a in end.history if a.kind == "score")}


found = pd.DataFrame([measure(d, k) for d in DIFFICULTIES for k in range(GAMES)])
found["victory"] = found["total"] >= min(least for least, _ in C.ratings)

# %% tags=["nbval-ignore-output"]
table = (found.groupby("difficulty", sort=False)
         .agg(games=("total", "size"), mean_score=("total", "mean"), victories=("victory", "mean"),
              tiles=("tiles", "mean"), coach_sets=("coach_sets", "mean"), houses_left=("houses left", "mean"),
              houses_points=("houses_left", "mean"), pile_1=("pile 1", "mean"), routes=("routes", "mean"))
         .round(2))
table

# %% tags=["nbval-ignore-output"]
fig = px.box(found, x="difficulty", y="total", points="all", category_orders={"difficulty": DIFFICULTIES},
             title=f"Final scores by difficulty ({GAMES} games each, the same decks, {BOT} bot)",
             labels={"total": "final score", "difficulty": "difficulty (houses of each colour at setup)"})
fig.add_hline(y=min(least for least, _ in C.ratings), line_dash="dash", annotation_text="48: a minor victory")
fig.show()

# %% [markdown]
# The games are paired: game `k` has the same deck at every difficulty, so the difference of a game's score between
# two difficulties is the cost of the houses alone (and of the play they change). The mean cost per difficulty, from
# easy:

# %% tags=["nbval-ignore-output"]
wide = found.pivot(index="game", columns="difficulty", values="total")[DIFFICULTIES]
paired = pd.DataFrame({"mean change from easy": [(wide[d] - wide[DIFFICULTIES[0]]).mean() for d in DIFFICULTIES],
                       "games scoring less than on easy": [(wide[d] < wide[DIFFICULTIES[0]]).mean()
                                                           for d in DIFFICULTIES]},
                      index=pd.Index(DIFFICULTIES, name="difficulty")).round(2)
paired

# %% tags=["nbval-ignore-output"]
easy, hard = table.loc["easy", "mean_score"], table.loc["hard", "mean_score"]
say(f"Measured here: the {BOT} bot scores {easy:.1f} points on average on easy and {hard:.1f} on hard; "
    f"{table.loc['hard', 'houses_left']:.1f} houses are left at the end of a hard game against "
    f"{table.loc['easy', 'houses_left']:.1f} on easy.")
assert set(found["difficulty"]) == set(C.cities) and len(found) == GAMES * len(C.cities)
assert (found["total"] == found[["tiles", "coach_sets", "houses_left", "discard_penalty"]].sum(axis=1)).all()

# %% [markdown]
# How to read it. The setup's houses are a head start: every house on the map is one fewer to place, and the houses
# left are scored at the end, 15 points for 3 left and a point lost for each over 8. A bot that completes few routes
# leaves many houses, and a harder setup leaves it more. The measured figures (and the search bot's, which is slower)
# are in BENCHMARKS.md, "Issue 26: SoloPlay"; a bot that knows SoloPlay (the colours, the coach sets, the penalty) moves
# the whole table up.
#
# ## Your experiment
#
# Change the question: another bot (`BOT = "search"`, about a second a game), another reading of the rules
# (`options={"difficulty": d, "houses_left": "per_colour"}` in `measure`), or your own position: below, the end of the
# goal's game with the other reading of the remaining houses, beside the default, and why the two differ.

# %%
changed = STEP["goal"].state.position()
changed["rules"]["options"] = {"houses_left": "per_colour"}
changed = thurn.GameState.from_position(changed).apply("score basel+zurich colour=green")
played = STEP["goal"].state.apply("score basel+zurich colour=green")      # the same move, the default reading
say(f"per colour: {effects.score_record(changed, 0)} · {changed.result_text()}")
say(f"combined (the default): {effects.score_record(played, 0)} · {played.result_text()}")
left = {C.colours[k]: n for k, (_, _, n) in enumerate(changed.players[0].colours)}
each = [f"{colour} {n} left: {solo.houses_left_points(n)}" for colour, n in left.items()]
say(f"Why: per colour, the table (SoloPlay, 6.3) scores each colour's houses left on its own, and {C.fewest} or "
    f"fewer score as {C.fewest}, its best row: {'; '.join(each)} — "
    f"{sum(solo.houses_left_points(n) for n in left.values())} points. Combined, the {sum(left.values())} houses "
    f"left of all colours score once: {solo.houses_left_points(sum(left.values()))}. Read per colour, the table "
    f"pays its best row up to {len(left)} times; the other parts of the score are the same.")

# %% [markdown]
# ## The readings this engine chose
#
# The manual leaves some rules open. Each open point is a rule option of SoloPlay: the default is the reading the
# engine plays, the other the plausible alternative, both tested (`tests/expansions/solo/test_rules.py`). The README's
# "SoloPlay" section says why each default was chosen, and BENCHMARKS.md "Issue 26: SoloPlay" measures what each
# reading does to a strong bot's score over 1,000 games a difficulty.

# %%
for name, (default, allowed, meaning) in solo.OPTIONS.items():
    if name != "difficulty":
        others = ", ".join(v for v in allowed if v != default)
        say(f"{name}: {default} (default), or {others} — {meaning}")
