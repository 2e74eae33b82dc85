"""The hand calculator: one winning hand as it lies on the table, valued by its best reading.

``tiles`` reads the tile notation, ``input`` the ``scorekeeper.hand/1`` document
(``docs/hand.md``), ``readings`` finds every reading and its yaku, ``fu`` counts fu by
seed 001's checklist, and ``score`` chooses the reading that pays most and writes the answer.
The game's side of the engine (``scoring.game``, ``scoring.record``) does not depend on it.
"""
