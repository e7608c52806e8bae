"""A player's observation as numbers (issue 37): what his view in thurn holds (:meth:`Table.view`), as counts of
cards by kind and place, each player's houses and supply, the deck's size, who is to move, and the observation's
text (the view as JSON) byte by byte, so that the tensor holds everything the view holds and an expansion's parts
need no encoding of their own. Numpy only: OpenSpiel's observer and the PettingZoo environment both use it."""
from __future__ import annotations

import json

import numpy as np

#: Bytes of the observation text in the tensor (a longer text is an error, never cut).
MAX_OBSERVATION_BYTES = 6000


def pieces(board, players: int, memory: bool = False) -> list[tuple[str, tuple]]:
    """The tensor's parts: (name, shape), in order; ``memory``: and what the player remembers that the position
    does not show (the cards of the last shuffle of the discard pile into the deck: only they can be in it)."""
    cards, cities = len(board.cards), len(board.cities)
    return ([("last_shuffle", (cards,))] if memory else []) + [("hand", (cards,)), ("display", (cards,)), ("discard", (cards,)), ("routes", (players, cards)),
            ("seen_taken", (players, cards)), ("hand_sizes", (players,)), ("houses", (players, cities)),
            ("houses_left", (players,)), ("deck", (1,)), ("to_move", (players,)), ("text", (MAX_OBSERVATION_BYTES,))]


class Observation:
    """A flat float32 ``tensor`` and named views of its parts (``dict``), set from a table for a seat. ``memory``:
    with what the player remembers (OpenSpiel's information-state tensor, see :func:`pieces`)."""

    def __init__(self, board, players: int, memory: bool = False):
        self.board = board
        self.pieces = pieces(board, players, memory)
        size = sum(int(np.prod(shape)) for _, shape in self.pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {}
        k = 0
        for name, shape in self.pieces:
            m = int(np.prod(shape))
            self.dict[name] = self.tensor[k:k + m].reshape(shape)
            k += m
        self.index = {name: i for i, name in enumerate(board.card_names)}

    def set_from(self, table, seat: int) -> np.ndarray:
        """The tensor of what ``seat`` sees at ``table`` (a :class:`thurn.research.table.Table`)."""
        self.tensor.fill(0)
        s = table.state
        if not self.pieces or s is None:
            return self.tensor
        index, d = self.index, self.dict
        v = table.view(seat)
        for name in v["players"][seat]["hand"]:
            d["hand"][index[name]] += 1
        for name in v["display"]:
            if name is not None:
                d["display"][index[name]] += 1
        for name in v["discard"]:
            d["discard"][index[name]] += 1
        for i, p in enumerate(v["players"]):
            for name in p["route"]:
                d["routes"][i, index[name]] += 1
            if i != seat:
                for name in p["hand"]:
                    if name is not None:          # a card he saw this player take face up
                        d["seen_taken"][i, index[name]] += 1
            d["hand_sizes"][i] = len(p["hand"])
            d["houses_left"][i] = p["houses_left"]
            houses = s.players[i].houses          # (on the table for everyone)
            for c in range(len(self.board.cities)):
                if houses >> c & 1:
                    d["houses"][i, c] = 1
        d["deck"][0] = len(v["deck"])
        if "last_shuffle" in d and table.watch is not None and table.watch.shuffled is not None:
            for c in table.watch.shuffled:
                d["last_shuffle"][index[s.board.card_names[c]]] += 1
        if table.to_move is not None and table.to_move >= 0:
            d["to_move"][table.to_move] = 1
        text = json.dumps(v, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
        if len(text) > MAX_OBSERVATION_BYTES:
            raise ValueError(f"an observation of {len(text)} bytes; the tensor holds {MAX_OBSERVATION_BYTES}")
        d["text"][:len(text)] = np.frombuffer(text, np.uint8) / 255.0
        return self.tensor
