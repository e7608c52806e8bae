"""Code more than one expansion shares, by layer: the bots' valuation of The Princess' Messenger and Offices of
Honor together (:mod:`.valuation`: their values interact)."""
