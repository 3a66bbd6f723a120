"""Mini-rows and mini-columns in whole-board bit sets: Locked Candidates by shifts and masks.

A mini-row is the 3 cells a row shares with a box, a mini-column the 3 cells a column shares
with a box. Each lies in two groups of three: the mini-rows of its row and those of its box
(the mini-columns of its column and those of its box). When every cell owns the same run of
bits at a fixed offset in one int (``MiniLines``), a mini-row's digits gather in its first
cell's run (column 0, 3 or 6) and a mini-column's in its top cell's (row 0, 3 or 6), and "the
other two members of my group" is four shifts and masks (``others``), for the whole board
at once.

Used by the exact solver (``solver.exact``: 11-bit cell fields, one copy) and by the Locked
Candidates finders (``solver.techniques.intersections``: one bit a cell, nine copies, one per
digit), so that both sweep the board with a few big-int operations instead of a loop over
houses.
"""

from __future__ import annotations

from collections.abc import Callable

Group = tuple[int, int, int, int, int]
"""A group of three as (step, first_two, first, last_two, last): members ``step`` bits apart,
and the masks of the members at places 0 and 1, 0, 1 and 2, and 2 of their group."""


def others(x: int, group: Group) -> int:
    """At each member of ``group``'s groups, the OR of the other two members' bits of ``x``."""
    step, first_two, first, last_two, last = group
    return ((x >> step) & first_two) | ((x >> 2 * step) & first) | ((x << step) & last_two) | ((x << 2 * step) & last)


class MiniLines:
    """The masks and groups of one bit layout: cell ``9 * r + c`` owns ``unit << width * cell``,
    repeated ``copies`` times ``stride`` bits apart (say once per digit).

    Attributes:
        rows, columns: the runs of the first cell of every mini-row, of the top cell of every
            mini-column, where ``gather_rows`` and ``gather_columns`` put their bits.
        row_group, row_box_group: the mini-rows of a row, of a box (``Group``).
        column_group, column_box_group: the mini-columns of a column, of a box.
    """

    def __init__(self, unit: int, width: int, copies: int = 1, stride: int = 0):
        def mask(keep: Callable[[int, int], bool]) -> int:
            cells = sum(unit << width * (9 * r + c) for r in range(9) for c in range(9) if keep(r, c))
            return sum(cells << stride * k for k in range(copies))

        def group(step: int, place: Callable[[int, int], int]) -> Group:
            def member(q: int) -> int:
                return mask(lambda r, c: place(r, c) == q)

            at = [member(q) for q in range(3)]
            return step, at[0] | at[1], at[0], at[1] | at[2], at[2]

        self.width = width
        self.rows = mask(lambda r, c: c % 3 == 0)
        self.columns = mask(lambda r, c: r % 3 == 0)
        self.row_group = group(3 * width, lambda r, c: c // 3)
        self.row_box_group = group(9 * width, lambda r, c: r % 3)
        self.column_group = group(27 * width, lambda r, c: r // 3)
        self.column_box_group = group(width, lambda r, c: c % 3)

    def gather_rows(self, x: int) -> int:
        """Each mini-row's bits ORed into its first cell's run; every other run cleared."""
        w = self.width
        return (x | x >> w | x >> 2 * w) & self.rows

    def gather_columns(self, x: int) -> int:
        """Each mini-column's bits ORed into its top cell's run; every other run cleared."""
        w = 9 * self.width
        return (x | x >> w | x >> 2 * w) & self.columns

    def pointing(self, rows: int, columns: int) -> tuple[int, int]:
        """From gathered ``rows`` and ``columns``: at each mini-row (mini-column), the bits of
        the digits that another mini-row of its row (column) holds alone in its box; Pointing
        removes them. Each result still needs ANDing with its input to keep what is there."""
        return (
            others(rows & ~others(rows, self.row_box_group), self.row_group),
            others(columns & ~others(columns, self.column_box_group), self.column_group),
        )

    def claiming(self, rows: int, columns: int) -> tuple[int, int]:
        """As ``pointing``, for the digits that another mini-row of its box holds alone in its
        row (column): Claiming removes them."""
        return (
            others(rows & ~others(rows, self.row_group), self.row_box_group),
            others(columns & ~others(columns, self.column_group), self.column_box_group),
        )
