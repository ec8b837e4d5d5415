"""The Jasstafel and Striche (rule book §2.11, §2.12).

The slate shows each team's points as a large Z: the top line carries a stroke per 100 (five
hundreds are drawn as one grouped mark, a ``V``), the diagonal a stroke per 50, the bottom line
a stroke per 20, and the remainder under 20 is written beside.

>>> tafel_strokes(336)
TafelStrokes(hundreds=3, fifties=0, twenties=1, rest=16)
"""

from __future__ import annotations

from dataclasses import dataclass

from puur._checks import MAX_POINTS, is_int_in, show

__all__ = ["Jasstafel", "ScoringError", "TafelStrokes", "render_jasstafel", "tafel_strokes"]



class ScoringError(ValueError):
    """Points, Striche or names on the slate that are not what they must be."""


def _pair(value: object, what: str) -> tuple[int, int]:
    if not (isinstance(value, tuple | list) and len(value) == 2
            and all(is_int_in(v, 0, MAX_POINTS) for v in value)):
        raise ScoringError(f"{what} must be two whole numbers from 0, not {show(value)}")
    return (value[0], value[1])


@dataclass(frozen=True)
class TafelStrokes:
    """The strokes of one team's half of the slate."""

    hundreds: int
    fifties: int
    twenties: int
    rest: int

    def __post_init__(self) -> None:
        for v in (self.hundreds, self.fifties, self.twenties, self.rest):
            if not is_int_in(v, 0, MAX_POINTS):
                raise ScoringError(f"strokes must be whole numbers from 0, not {show(v)}")

    @property
    def points(self) -> int:
        """The points these strokes stand for."""
        return 100 * self.hundreds + 50 * self.fifties + 20 * self.twenties + self.rest

    def hundreds_text(self) -> str:
        """The top line: ``V`` for each five hundreds, then single strokes."""
        return "V" * (self.hundreds // 5) + "|" * (self.hundreds % 5)


def tafel_strokes(points: int) -> TafelStrokes:
    """Split ``points`` into 100 / 50 / 20 strokes and the rest under 20."""
    if not is_int_in(points, 0, MAX_POINTS):
        raise ScoringError(f"points on the slate must be a whole number from 0, not {show(points)}")
    h, r = divmod(points, 100)
    f, r = divmod(r, 50)
    t, r = divmod(r, 20)
    return TafelStrokes(h, f, t, r)


@dataclass(frozen=True)
class Jasstafel:
    """Both halves of the slate, with the Striche when the rules count them."""

    names: tuple[str, str]
    points: tuple[int, int]
    striche: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        names = self.names
        if not (isinstance(names, tuple | list) and len(names) == 2
                and all(isinstance(n, str) for n in names)):
            raise ScoringError(f"the slate needs two team names, not {show(names)}")
        _pair(self.points, "points")
        _pair(self.striche, "Striche")

    def strokes(self, team: int) -> TafelStrokes:
        """The strokes of ``team``'s half."""
        if not is_int_in(team, 0, 1):
            raise ScoringError(f"a team is 0 or 1, not {show(team)}")
        return tafel_strokes(self.points[team])

    def as_dict(self) -> dict[str, object]:
        """Plain data for interfaces: per team the points, strokes and Striche."""
        teams = []
        for t in (0, 1):
            s = tafel_strokes(self.points[t])
            teams.append({
                "name": self.names[t],
                "points": self.points[t],
                "hundreds": s.hundreds,
                "fifties": s.fifties,
                "twenties": s.twenties,
                "rest": s.rest,
                "striche": self.striche[t],
            })
        return {"teams": teams}

    def render(self) -> str:
        """The slate as text (see :func:`render_jasstafel`)."""
        return render_jasstafel(self)


def _half(name: str, points: int, striche: int, width: int) -> list[str]:
    s = tafel_strokes(points)
    top = s.hundreds_text() or "·"
    diag = "/" * s.fifties or "·"
    bottom = "|" * s.twenties or "·"
    title = f"{name} — {points}" + (f"   Striche: {'X' * striche}" if striche else "")
    pad = width + 2

    def diagonal(col: int) -> str:
        return ("  " + " " * col + "╱").ljust(pad + 2)

    return [
        title,
        ("  " + "━" * width).ljust(pad + 2) + f"100: {top}",
        diagonal(width * 2 // 3) + f" 50: {diag}",
        diagonal(width // 3),
        ("  " + "━" * width).ljust(pad + 2) + f" 20: {bottom}   rest {s.rest}",
    ]


def render_jasstafel(tafel: Jasstafel, width: int = 14) -> str:
    """Draw both teams' halves as Zs with their strokes, one above the other.

    >>> print(render_jasstafel(Jasstafel(("Us", "Them"), (336, 118))).splitlines()[1])
      ━━━━━━━━━━━━━━  100: |||
    """
    if not isinstance(tafel, Jasstafel):
        raise ScoringError(f"not a Jasstafel: {show(tafel)}")
    if not is_int_in(width, 3, 200):
        raise ScoringError(f"width must be a whole number 3..200, not {show(width)}")
    out: list[str] = []
    for t in (0, 1):
        out.extend(_half(tafel.names[t], tafel.points[t], tafel.striche[t], width))
        if t == 0:
            out.append("")
    return "\n".join(out)
