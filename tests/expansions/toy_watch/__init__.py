"""A toy expansion, a folder as docs/adding-an-expansion.md asks (issue 34): ``toy_watch`` counts the houses each
player places (a per-player value in ``state.ext``). Its rules (:mod:`.rules`), the parts the core reads
(:mod:`.parts`: a lesson question kind, a placement extra) and a module per layer: a map column (:mod:`.map`), a
column of the Play app's players table and a panel (:mod:`.panel`), ``simulate`` columns (:mod:`.columns`) and a
valuation the greedy bot asks (:mod:`.valuation`). The test registers it (tests/expansions/toy_watch/test_toy.py); nothing outside
this folder names it."""
