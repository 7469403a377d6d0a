"""The games for game-AI frameworks: OpenSpiel (`oracle.adapters.openspiel`) and PettingZoo
(`oracle.adapters.pettingzoo`), each in an optional extra (``pip install -e ".[open-spiel]"``,
``[pettingzoo]``).

Both reach every game through the common interface only (`oracle.interface.Game` and its
`oracle.interface.Encoding`), so every game of the registry comes at once.  What they share,
seating a game and keeping the history of a play, is `oracle.adapters.table`, which needs
nothing beyond the standard library; importing `oracle` or running a query never imports them.
"""
