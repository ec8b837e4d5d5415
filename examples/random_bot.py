"""An outside bot for a `puur serve` table: plays random legal actions (docs/protocol.md, *Bots*).

    python examples/random_bot.py ws://127.0.0.1:8000/ws/K7M2QX BOT_TOKEN [--games N]

Needs the standard library and the `websockets` library (in `puur[all]`). It plays until N
games (default 1) are over at its table, then leaves.
"""

import argparse
import json
import random

from websockets.sync.client import connect


def play(url: str, token: str, games: int = 1, seed: int | None = None) -> None:
    rng = random.Random(seed)
    with connect(url) as ws:
        ws.send(json.dumps({"v": 2, "type": "bot_hello", "bot_version": 1, "token": token,
                            "client": "random_bot.py/1"}))
        answered = None
        for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "error":
                print("refused:", msg["code"], msg["message"])
            elif msg["type"] == "game_over":
                games -= 1
                if games == 0:
                    return
            elif msg["type"] == "state" and msg["game"] and msg["game"]["legal"]:
                moment = (msg["game"]["game_id"], msg["seq"], msg["game"]["phase"])
                if moment != answered:  # a state repeated (a seat event) is answered once
                    answered = moment
                    action = rng.choice(msg["game"]["legal"])
                    ws.send(json.dumps({"v": 2, **action, "seq": msg["seq"]}))
            elif msg["type"] == "state" and msg["game"] and msg["game"]["phase"] == "over":
                ws.send(json.dumps({"v": 2, "type": "rematch"}))  # the next game


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("url", help="the table's WebSocket, ws://HOST:PORT/ws/CODE")
    p.add_argument("token", help="the bot token the table gave for this seat")
    p.add_argument("--games", type=int, default=1, help="games to play (default 1)")
    p.add_argument("--seed", type=int, default=None, help="seed of the random choices")
    args = p.parse_args()
    play(args.url, args.token, args.games, args.seed)
