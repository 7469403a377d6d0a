"""The rules of *L'heure des 3 ombres*, one function per clause (spec/trois-ombres/).

`steps` is the entry point: `legal_actions`, `explain` and `apply` over a
`State`; the other modules hold the clauses it calls.
"""

from oracle.games.trois_ombres.rules.steps import apply, explain, legal_actions, sample_deal, to_act_kind

__all__ = ["apply", "explain", "legal_actions", "sample_deal", "to_act_kind"]
