"""``KeptByIdentity``: what was made of the newest few objects, by identity."""

from __future__ import annotations

from tui.base.kept import KeptByIdentity


def test_made_once_per_object_the_newest_kept_and_a_stale_one_made_again() -> None:
    made: list[int] = []

    def make(obj: list[int]) -> int:
        made.append(id(obj))
        return sum(obj)

    kept = KeptByIdentity(make, 2)
    a, b, c = [1], [2], [3]
    assert kept(a) == 1 and kept(a) == 1 and made == [id(a)]
    assert kept([1]) == 1 and len(made) == 2  # equal but another object: made again
    kept(b)
    kept(a)  # a is the newest again
    kept(c)  # b, the oldest, goes
    made.clear()
    kept(a)
    kept(b)
    assert made == [id(b)]
    a.append(5)  # grown in place: a ``still`` check tells, and it is made again
    assert kept(a, still=lambda obj, total: total == sum(obj)) == 6
