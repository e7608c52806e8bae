"""The researchers' interfaces (issue 37; ``pip install 'thurn[research]'``): every ruleset as an OpenSpiel game
(:mod:`thurn.research.openspiel`, registered as ``python_thurn_und_taxis``), with explicit chance
(:mod:`thurn.research.table`) and actions as words (:mod:`thurn.research.words`). They sit on the rules core,
like the bots; the core never imports them."""
