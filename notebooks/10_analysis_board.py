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
# # The analysis board: play the moment again
#
# Chess players go back to the move that mattered and play it differently. This notebook does the same for a game of
# Thurn und Taxis: a game is reviewed, a line is played from one of its mistakes on a *fair* deal (nothing the player
# could not know is told to him), the same move is compared with the one played over many deals, the lines are kept
# in a tree saved with the game, and the mistakes become a drill.
#
# Everything here works in every ruleset (the base game, both rule sets of the northern board, The Princess'
# Messenger, Offices of Honor, Power and Glory, The Audience, SoloPlay); the game below is the base game.

# %%
import json
import textwrap

import thurn
from thurn.bots import make_bot
from thurn.drill import Drill
from thurn.game_review import review_game, said
from thurn.sim import play_game
from thurn.trials import compare_moves
from thurn.variations import Variations, public_view
from thurn.viz import board_figure
from thurn.widgets import AnalysisBoard


def say(sentences, width=96):
    """Print sentences (one, or a list), each wrapped between words to ``width`` columns."""
    for sentence in [sentences] if isinstance(sentences, (str, Exception)) else sentences:
        print(textwrap.fill(str(sentence), width, subsequent_indent="  "))


# %% [markdown]
# ## A game to analyse
#
# Ann plays at the *Casual* level (the greedy bot's choice, but any legal action in three decisions of ten) against
# a *Club* bot, Bob. The map shows the end of the game: both players' houses, and the routes still on the table.

# %%
game = play_game(["Ann", "Bob"], [make_bot("casual", seed=3), make_bot("club", seed=4)], seed=2006)
say(f"{game.result_text()} after {len(game.history)} moves.")
board_figure(game, title="the end of the game", height=430)

# %% [markdown]
# ## What the review found
#
# The review ranks each of Ann's decisions with the search bot on sampled futures (never the real deck) and looks
# again at the biggest losses before it calls them mistakes.

# %%
review = review_game(game, "Ann", bot={"iterations": 16}, samples=4)
say(review.summary())

# %% [markdown]
# ## The tree: the game, and the lines tried from it
#
# `Variations(game)` holds the game as played (line 0) and every line tried from any of its positions. The review's
# words become comments on the positions where the search bot would have played otherwise. We go to the biggest
# mistake: the position before it, as Ann saw it.

# %%
tree = Variations(game)
tree.add_review(review)
k = review.mistake_moves(1)[0]
before = tree.main.state(k)
say(f"Before move {k + 1}: {before.to_move_name} to move; Ann played “{said(before, game.history[k])}”.")
say(tree.main.comments[k])
board_figure(before, title=f"before move {k + 1}, as Ann saw it", height=430, viewer=0)

# %% [markdown]
# ## Continue from here, on a fair deal
#
# A branch deals again what Ann could not know at that position: Bob's hand (but for the cards she saw him take
# from the display), the order of the deck, the seed of later shuffles. Everything she could see stays as it was, so
# her view of the branch's start is her view of the game there, and the branch never tells her a hidden card. (A
# *same deck* branch keeps the real cards: for teaching, once the game is over.)

# %%
line = tree.branch(0, k, seed=1, name="the review's move")
say(f"{line.describe()}")
say(f"Ann's view of the branch's start is her view of the game there: "
    f"{public_view(line.start, 0) == public_view(before, 0)}.")
say(f"Bob's hand dealt again: {line.start.players[1].hand != before.players[1].hand}; "
    f"the deck dealt again: {line.start.deck != before.deck}.")

# %% [markdown]
# Now Ann plays the review's move instead, and both seats play on at the Club level to the end of the game (each bot
# is handed its player's view).

# %%
best = review.table.loc[k, "best_notation"]
tree.play(line, best)
end = tree.play_bots(line, "club", seed=5)
say(f"After “{said(before, before.ruleset.parse(best))}”: {len(line)} moves to the end; {end.result_text()}.")
say([f"{r['player']}: {r['total']} points" for r in end.score_records()])

# %% [markdown]
# ## Over many deals
#
# One branch is one deal. `compare_moves` plays both moves on the same 40 fair deals, the bots playing on to the end,
# and tables Ann's points, her lead over Bob and how often she won, each beside the move she played.

# %%
table = compare_moves(before, [game.history[k], best], deals=40, seed=1)
table

# %%
gain = table.points_vs_first[1]
say(f"“{table.move[1]}” instead of “{table.move[0]}”: over {table.deals[1]} deals, {gain:+.1f} points on average "
    f"for Ann, and her lead over Bob {table.lead_vs_first[1]:+.1f}.")

# %% [markdown]
# ## Names, notes, and the file
#
# Lines have names and notes on any of their positions; the tree is saved in the game file under `"variations"`, and
# loaded back identical. A file from someone else is checked: every move replayed, every fair deal compared with what
# its player could see where it branches off.

# %%
tree.note(line, 1, "Scoring here keeps the carriage coming: remember it.")
text = tree.to_json()
back = Variations.from_json(text)
print(back)
say(f"Loaded back identical: {back.to_json() == text}.")

# %%
tampered = json.loads(text)
start = tampered["variations"]["lines"][0]["start"]
hand = start["players"][0]["hand"]                             # Ann's hand swapped for the deck's top cards
start["players"][0]["hand"], start["deck"][:len(hand)] = start["deck"][:len(hand)], hand
try:
    Variations.from_json(tampered)
except thurn.PositionError as e:
    say(f"Refused: {e}")

# %% [markdown]
# ## Learn from your mistakes
#
# The drill goes through the mistakes the review confirmed, each as Ann saw it then: find a better move among the
# legal actions. The first exercise is the mistake above; here is the second. Which would you play? The answer is
# not below: try it in the board, or with `drill.answer(1, "...")` in a cell of your own.

# %%
drill = Drill(review, tree=tree)
exercise = drill.exercise(1)
say(exercise.question)
say([f"- {said(exercise.state, a)}" for a in exercise.choices])

# %% [markdown]
# ## The board
#
# The same, with buttons: pick a line, step through it, "Continue from here" (against the level you choose, or
# hotseat), rename, promote or delete a line, write a note, compare over 40 deals, save the game with its lines, and
# the drill below. (The game app's "Analyse from here" and the review's "Analysis board from here" open it too.)

# %%
board = AnalysisBoard(tree, "Ann", review=review)
board.drill_go(1)
board

# %% [markdown]
# ## Your turn
#
# Pick another of Ann's mistakes (`review.mistake_moves()`), branch from it, and compare her move with the review's
# over 40 deals: is the review's move better on most deals, or only on average?
