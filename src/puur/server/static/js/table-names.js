// Who sits where at an open table and what the page calls them: the page's own seat at the
// bottom, the others around it (two to seven seats, as the table's variant has), each seat's
// and each side's name (a team of two, or a player alone), and who won.
//
// The sides come from the server (the state's `game.sides`, the table summary's `variant`):
// the page never works out who plays with whom.

import { reasonText, t } from "./i18n.js";

/** Where a seat sits, counted from the seat at the bottom, at a table of `n` seats (the seats
 * go round counter-clockwise, as in the terminal: two face each other, at five North-East and
 * North-West take the place of North, at six North sits between them, at seven the last
 * player sits South-West, beside the page's own seat). */
export function positions(n) {
  if (n === 2) return ["bottom", "top"];
  if (n === 3) return ["bottom", "right", "left"];
  if (n === 5) return ["bottom", "right", "top-right", "top-left", "left"];
  if (n === 6) return ["bottom", "right", "top-right", "top", "top-left", "left"];
  if (n === 7) return ["bottom", "right", "top-right", "top", "top-left", "left", "bottom-left"];
  return ["bottom", "right", "top", "left"];
}

/** The seats of each side from a state's `sides` (or, before the first state, by the
 * variant's count of sides: alone when there are as many sides as seats, else partners
 * opposite). */
export function sideSeats(game, variant) {
  if (game?.sides) return game.sides;
  const n = variant?.players ?? 4;
  const k = variant?.sides ?? 2;
  if (k === n) return Array.from({ length: n }, (_, i) => [i]);
  return Array.from({ length: k }, (_, i) => Array.from({ length: n / k }, (_, j) => i + j * k));
}

/**
 * Who won a game (a state's `result`), as a sentence starts, with how where the variant says
 * (Schieber's reason): "We win", "They win" to a player of a team; "You win", "Vreni wins"
 * where each plays alone; "Anna & Beat win" to others; who share first place when no side won
 * alone. `mySide` is the reader's side (null: a spectator, a replay); `variant` (its key) words
 * the reason where a variant says it its own way.
 */
export function winnerText(r, sides, seatName, teamName, mySide, variant) {
  let text;
  if (r.winner === null || r.winner === undefined) {
    const first = (r.places || []).map((p, i) => (p === 1 ? i : -1)).filter((i) => i >= 0);
    text = t("gameover.shared", { who: first.map(teamName).join(", ") });
  } else if (sides[r.winner].length === 1) {
    const seat = sides[r.winner][0];
    text = r.winner === mySide ? t("gameover.won_you") : t("gameover.won_one", { who: seatName(seat) });
  } else if (mySide !== null) {
    text = t(r.winner === mySide ? "gameover.won_us" : "gameover.won_them");
  } else {
    text = t("gameover.won", { team: teamName(r.winner) });
  }
  return r.reason ? t("pair", { a: text, b: reasonText(r.reason, variant) }) : text;
}

/** The naming functions of the open table `st` (table-state.js). */
export function seating(st) {
  const mySeat = () => (st.you && st.you.role === "player" ? st.you.seat : null);
  const bottomSeat = () => mySeat() ?? 0;
  const seatCount = () => st.table?.variant?.players ?? st.game?.hand_sizes?.length ?? 4;
  const pos = () => positions(seatCount());
  /** A seat counted from the seat at the bottom of the page (0 bottom, 1 right, …). */
  const rel = (seat) => (seat - bottomSeat() + seatCount()) % seatCount();
  const where = (seat) => pos()[rel(seat)];
  const seatInfo = (seat) => st.table?.seats?.[seat] || { seat, name: t(`seat.${seat}`), taken: false };
  const sides = () => sideSeats(st.game, st.table?.variant);
  const alone = () => sides().every((s) => s.length === 1);
  const sideOf = (seat) => sides().findIndex((s) => s.includes(seat));

  function seatName(seat) {
    if (seat === mySeat()) return t("you");
    const s = seatInfo(seat);
    return s.taken && s.name ? s.name : t(`seat.${seat}`);
  }

  /** A seat's name, null for the page's own seat (for texts that say "you" apart). */
  const notMe = (seat) => (seat === mySeat() ? null : seatName(seat));

  /** A side's name: "Us" / "Them" to a player of a team game, the players' names otherwise. */
  function teamName(side) {
    const me = mySeat();
    const seats = sides()[side] || [side];
    if (seats.length === 1) return seatName(seats[0]);
    if (me !== null) return t(side === sideOf(me) ? "team.us" : "team.them");
    return seats.map(seatName).join(" & ");
  }

  /** Who won the game (a `result`), as the page's reader is told. */
  function wonText(r) {
    const me = mySeat();
    return winnerText(r, sides(), seatName, teamName, me === null ? null : sideOf(me),
      st.table?.variant?.key);
  }

  function trickBy(seat) {
    return seat === mySeat() ? t("trick_by_you") : t("trick_by", { who: seatName(seat) });
  }

  return {
    mySeat, bottomSeat, seatCount, pos, rel, where, seatInfo, sides, alone, sideOf, seatName,
    notMe, teamName, wonText, trickBy,
  };
}
