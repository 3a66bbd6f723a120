"""What a chain search may follow in a position's link graph (``solver.techniques.links``): a
view of its strong and weak links, as the successors of each state, and their closure.

Glossary (``solver.techniques.links`` has the rest):
  state    ``2 * node + value``: the node false (value 0) or true (value 1).
"""

from __future__ import annotations

from solver.closure import Closure


def state(node: int, value: bool) -> int:
    """The state id of ``node`` being true (``value``) or false."""
    return (node << 1) | value


class View:
    """The links one technique may follow: ``strong[node]`` and ``weak[node]``, tuples of node ids.

    Both relations are symmetric, so the same tuples list a node's predecessors in a chain.
    ``targets[state]`` lists the states one link from ``state`` makes true (from a false
    node, by its strong links) or false (from a true node, by its weak links). A link may
    count as longer than one (``lengths``, HoDoKu's penalty for links through an ALS); those
    are listed in ``longer[state]`` as (state, length) instead.
    """

    __slots__ = ("_closure", "lengths", "longer", "strong", "targets", "weak")

    def __init__(
        self,
        strong: list[tuple[int, ...]],
        weak: list[tuple[int, ...]],
        lengths: dict[tuple[int, int], int] | None = None,
    ):
        """``lengths``: (node, node) -> length of a strong link longer than 1 (both ways)."""
        self.strong, self.weak = strong, weak
        self.lengths = lengths or {}
        lengths = self.lengths
        targets: list[tuple[int, ...]] = [()] * (2 * len(strong))
        longer: list[tuple[tuple[int, int], ...]] = [()] * (2 * len(strong))
        targets[1::2] = [tuple([y << 1 for y in ys]) for ys in weak]
        if not lengths:
            targets[0::2] = [tuple([(y << 1) | 1 for y in ys]) for ys in strong]
        for node, ys in enumerate(strong if lengths else ()):
            targets[node << 1] = tuple([(y << 1) | 1 for y in ys if (node, y) not in lengths])
            longer[node << 1] = tuple([((y << 1) | 1, lengths[(node, y)]) for y in ys if (node, y) in lengths])
        self.targets, self.longer = targets, longer
        self._closure: Closure | None = None

    def closure(self) -> Closure:
        """The transitive closure of ``targets`` (``solver.closure.Closure``), made once per
        view: the Grouped Nice Loop search and the Forcing Chains' tables read the same one."""
        closure = self._closure
        if closure is None:
            closure = self._closure = Closure(self.targets)
        return closure
