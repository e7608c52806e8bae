"""Offices of Honor: its rules (:mod:`.rules`), the parts the core reads (:mod:`.parts`) and a module per layer above
(docs/adding-an-expansion.md)."""
