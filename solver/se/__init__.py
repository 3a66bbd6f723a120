"""The Sudoku Explainer estimate: Sudoku Explainer's rules, in its order and rated as it rates
them. ``rating`` drives them (``rating.rate``); ``chains`` holds the propagation that the
chaining rules (``static``, ``multiple``, ``nested``) and the human solver's forcing chains
(``solver.techniques.forcing``) share; ``basic`` holds the table of the rules below the chains
and how they are searched, ``rules``, ``exclusion``, ``bug`` and ``loops`` the rules themselves.
Nothing is imported here, so a module of this package can be imported alone.
"""
