"""The Salzburg deck on the web server: a Kreuzjass table shows it unless the body names a deck,
every deck style is accepted, a bad one refused, and the lobby learns each preset's deck."""

from __future__ import annotations

import json

import pytest

from puur.server.app import variants_meta
from puur.server.bodies import DECKS, CreateTable, parse_create
from puur.server.protocol import ProtocolError


def create(**fields: object) -> CreateTable:
    return parse_create(json.dumps({"v": 2, **fields}).encode(), ["random"])


def test_a_kreuzjass_table_shows_its_own_pack_unless_one_is_named() -> None:
    assert create(variant="kreuzjass").deck == "salzburg"
    romand = create(variant="kreuzjass", rules="kreuzjass_romand")
    assert romand.deck == "french"
    named = create(variant="kreuzjass", deck="swiss")
    assert named.deck == "swiss"
    assert create(variant="coiffeur", deck="salzburg").deck == "salzburg"
    assert create().deck == "swiss"
    assert DECKS == ("swiss", "french", "salzburg")
    with pytest.raises(ProtocolError, match="salzburg"):
        create(variant="kreuzjass", deck="german_vorarlberg")


def test_the_lobby_learns_the_deck_of_every_preset() -> None:
    meta = {v["key"]: v for v in variants_meta()}
    assert meta["kreuzjass"]["preset_decks"] == {
        "vorarlberg": "salzburg", "cut": "salzburg", "kreuzjass_romand": "french"}
    assert set(meta["schieber"]["preset_decks"].values()) == {"swiss"}
