"""Play records for the apps players keep their plays in, from history entries (SPEC §11).

BG Stats takes one play through its documented push link, `createPlay.html?data=`
and the play as URL-encoded JSON (game, date, duration, board, players with the
winner, comments); many plays go in its import file (players, games, plays by
reference). BoardGameGeek's plays have the XML shape of its plays list
(`<plays><play date length ...><item name>...<players><player win>`). All
offline: we write links and files, we never call a service. Times are the
player's local time, as the apps show them.
"""

from __future__ import annotations

import json
import uuid
import xml.etree.ElementTree as ET
from datetime import datetime
from typing import Any
from urllib.parse import quote

GAME = "A Rusty Throne"
SOURCE = "throne_pnp"
BGSTATS_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
ME = "Me"
EXPORTS = ("bgstats", "bgg")


def _local(game: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(game["date"]).astimezone()


def _minutes(game: dict[str, Any]) -> int:
    seconds = game.get("duration_s")
    return max(1, round(seconds / 60)) if isinstance(seconds, int) else 0


def comments(game: dict[str, Any]) -> str:
    """What a play's comment says: level, cards, result, turns, seed and the review."""
    turns = f"{game['turns']} turn{'' if game['turns'] == 1 else 's'}"
    words = [game["level"], f"{game['mode']} cards", f"{game['result']} after {turns}",
             f"seed {game['seed']}", f"edition {game['edition']}"]
    review = game.get("review")
    if review:
        words.append("review: " + ", ".join(
            f"{review[k]} {one if review[k] == 1 else k}" for one, k in (
                ("blunder", "blunders"), ("mistake", "mistakes"),
                ("inaccuracy", "inaccuracies"))))
    return "; ".join(words)


def bgstats_play(game: dict[str, Any]) -> dict[str, Any]:
    """One game as BG Stats' createPlay JSON."""
    return {"sourceName": SOURCE,
            "playDate": f"{_local(game):%Y-%m-%d %H:%M:%S}",
            "durationMin": _minutes(game),
            "game": {"name": GAME, "sourceGameId": "a-rusty-throne", "cooperative": False,
                     "highestWins": True, "noPoints": True},
            "board": f"{game['edition']}, {game['level']}",
            "players": [{"name": ME, "sourcePlayerId": "me", "winner": game["result"] == "won"}],
            "comments": comments(game)}


def bgstats_link(game: dict[str, Any]) -> str:
    """The push link that opens BG Stats with the play filled in."""
    data = json.dumps(bgstats_play(game), separators=(",", ":"), ensure_ascii=False)
    return BGSTATS_LINK + quote(data, safe="")


def _uuid(name: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"throne_pnp/{name}"))


def bgstats_file(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Many games as a BG Stats import file."""
    plays = []
    for game in games:
        play = bgstats_play(game)
        plays.append({"uuid": _uuid(f"play/{game['id']}"), "playDate": play["playDate"],
                      "durationMin": play["durationMin"], "gameRefId": 1,
                      "board": play["board"], "comments": play["comments"],
                      "ignored": False, "manualWinner": False, "rounds": 0,
                      "playerScores": [{"playerRefId": 1, "winner": game["result"] == "won",
                                        "score": "", "newPlayer": False, "startPlayer": True,
                                        "rank": 0, "seatOrder": 0}]})
    return {"about": f"Plays of {GAME} written by {SOURCE}: open it with Board Game Stats.",
            "userInfo": {"meRefId": 1},
            "players": [{"id": 1, "uuid": _uuid("player/me"), "name": ME,
                         "isAnonymous": False}],
            "locations": [],
            "games": [{"id": 1, "uuid": _uuid("game"), "name": GAME, "cooperative": False,
                       "highestWins": True, "noPoints": True}],
            "plays": plays}


def bgg_xml(games: list[dict[str, Any]]) -> str:
    """The games as BoardGameGeek-style plays XML."""
    root = ET.Element("plays", username="", userid="0", total=str(len(games)), page="1")
    for number, game in enumerate(games, start=1):
        play = ET.SubElement(root, "play", id=str(number), date=f"{_local(game):%Y-%m-%d}",
                             quantity="1", length=str(_minutes(game)), incomplete="0",
                             nowinstats="0", location="")
        item = ET.SubElement(play, "item", name=GAME, objecttype="thing", objectid="0")
        ET.SubElement(ET.SubElement(item, "subtypes"), "subtype", value="boardgame")
        ET.SubElement(play, "comments").text = comments(game)
        players = ET.SubElement(play, "players")
        ET.SubElement(players, "player", username="", userid="0", name=ME, startposition="1",
                      color="", score="", new="0", rating="0",
                      win="1" if game["result"] == "won" else "0")
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, "unicode") + "\n"
