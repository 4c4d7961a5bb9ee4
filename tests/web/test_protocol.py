"""The web table's rules of play over HTTP and WebSocket, against SQLite and PostgreSQL."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import athanor
from athanor.web.service import Service
from tests.web.conftest import question_after, until, until_question, until_version


def open_table(
    client: TestClient,
    game: str = "potion-party",
    seats: list[dict[str, Any]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    seats = seats or [{"kind": "person"}, {"kind": "bot"}]
    body = {"game": game, "seats": seats, "you": 0, **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def hello(ws: Any, made: dict[str, Any], seen: int = 0) -> dict[str, Any]:
    you = made["you"]
    ws.send_text(
        json.dumps({"type": "hello", "seat": you["seat"], "token": you["token"], "seen": seen})
    )
    return until(ws, "welcome")


# -- tables and seats ---------------------------------------------------------------------


def test_a_table_is_listed_with_its_commitment_and_never_its_seed(client: TestClient) -> None:
    made = open_table(client)
    assert len(made["commitment"]) == 64 and "seed" not in made and "nonce" not in made
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [made["id"]]
    assert "seed" not in json.dumps(listed) and "token" not in json.dumps(listed)
    info = client.get(f"/api/tables/{made['id']}").json()
    assert info["commitment"] == made["commitment"] and "seed" not in info


def test_seats_are_claimed_with_their_invite_code_only(client: TestClient) -> None:
    made = open_table(client, seats=[{"kind": "person"}, {"kind": "person"}], public=False)
    url = f"/api/tables/{made['id']}/claim"
    assert client.post(url, json={"seat": 1, "code": "guess"}).status_code == 403
    assert client.post(url, json={"seat": 1}).status_code == 403  # invitation only
    ok = client.post(url, json={"seat": 1, "code": made["invites"]["1"]})
    assert ok.status_code == 200 and len(ok.json()["token"]) >= 40
    again = client.post(url, json={"seat": 1, "code": made["invites"]["1"]})
    assert again.status_code == 409  # taken: the invite is spent
    assert client.get(f"/api/tables/{made['id']}").json()["status"] == "running"


def test_bad_requests_get_clear_errors(client: TestClient) -> None:
    as_json = {"Content-Type": "application/json"}
    r = client.post("/api/tables", content=b"{not json", headers=as_json)
    assert r.status_code == 400 and "not JSON" in r.json()["message"]
    r = client.post("/api/tables", json={"game": "chess", "seats": []})
    assert r.status_code == 400 and "unknown game" in r.json()["message"]
    r = client.post("/api/tables", content=b"x" * 20000, headers=as_json)
    assert r.status_code == 413 and r.json()["error"] == "too_big"
    r = client.post("/api/tables", content=b"{}", headers={"Content-Type": "text/plain"})
    assert r.status_code == 415 and "JSON" in r.json()["message"]
    r = client.post(
        "/api/tables",
        json={
            "game": "dominion",
            "seats": [{"kind": "person"}, {"kind": "bot", "bot": "/etc/passwd.txt"}],
        },
    )
    assert r.status_code == 400
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables").status_code == 200


# -- moves ------------------------------------------------------------------------------------


def test_a_seat_plays_and_every_bad_move_is_refused_without_change(
    client: TestClient, service: Service
) -> None:
    # Two people and no bot, so that only this seat's moves change the version.
    made = open_table(client, seats=[{"kind": "person"}, {"kind": "person"}])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        assert hello(ws, made)["seat"] == 0
        msg = until(ws, "state")
        if not msg["your_turn"]:
            made["you"] = {
                "seat": 1,
                "token": client.post(
                    f"/api/tables/{made['id']}/claim",
                    json={"seat": 1, "code": made["invites"]["1"]},
                ).json()["token"],
            }
            hello(ws, made)  # the other seat is Player One: play it instead
            msg = until_question(ws)
        version = msg["version"]
        option = msg["decision"]["options"][0]["id"]
        # Illegal, out of date, and malformed moves: each answered, nothing stored.
        for bad, code in [
            ({"type": "move", "version": version, "option": "no-such"}, "illegal"),
            (
                {"type": "move", "version": version - 1 if version else 99, "option": option},
                "stale",
            ),
            ({"type": "move", "version": "1", "option": option}, "malformed"),
            ({"type": "move", "version": version, "option": ["x"]}, "malformed"),
            ({"type": "dance"}, "malformed"),
        ]:
            ws.send_text(json.dumps(bad))
            assert until(ws, "error")["code"] == code
            assert service.info(made["id"])["version"] == version
        for raw, code in [("{bad", "malformed"), ("[1]", "malformed"), ("x" * 5000, "too_big")]:
            ws.send_text(raw)
            assert until(ws, "error")["code"] == code
        ws.send_text(json.dumps({"type": "ping"}))
        assert until(ws, "pong")  # the connection stays usable
        ws.send_text(json.dumps({"type": "move", "version": version, "option": option}))
        after = until(ws, "state")
        assert after["version"] > version
        # The same move again is a duplicate: stale, and nothing changes.
        now = service.info(made["id"])["version"]
        ws.send_text(json.dumps({"type": "move", "version": version, "option": option}))
        assert until(ws, "error")["code"] == "stale"
        assert service.info(made["id"])["version"] == now


def test_a_wrong_token_gets_an_error_and_no_seat(client: TestClient) -> None:
    made = open_table(client)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": 0, "token": "not-the-token"}))
        assert until(ws, "error")["code"] == "bad_token"
        ws.send_text(json.dumps({"type": "move", "version": 0, "option": "lich"}))
        assert until(ws, "error")["code"] == "not_seated"
        ws.send_text(json.dumps({"type": "hello", "seat": 1, "token": made["you"]["token"]}))
        assert until(ws, "error")["code"] == "bad_token"  # a token holds only its own seat


def test_a_move_out_of_turn_is_refused(client: TestClient, service: Service) -> None:
    made = open_table(client, seats=[{"kind": "person"}, {"kind": "person"}])
    token1 = client.post(
        f"/api/tables/{made['id']}/claim", json={"seat": 1, "code": made["invites"]["1"]}
    ).json()["token"]
    tokens = [made["you"]["token"], token1]
    cached = service.state(made["id"])
    d = cached.state.decision
    assert d is not None
    idle = 1 - d.seat
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": idle, "token": tokens[idle]}))
        until(ws, "welcome")
        move = {"type": "move", "version": cached.version, "option": d.ids[0]}
        ws.send_text(json.dumps(move))
        assert until(ws, "error")["code"] == "not_your_turn"
        assert service.info(made["id"])["version"] == cached.version


def test_a_spectator_sees_no_hand_and_gets_no_question(client: TestClient) -> None:
    made = open_table(client, game="dominion", seats=[{"kind": "person"}, {"kind": "bot"}])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": None}))
        assert until(ws, "welcome")["seat"] is None
        msg = until(ws, "state")
        assert msg["decision"] is None and msg["can_undo"] is False
        assert all(p["hand"] is None for p in msg["view"]["players"])


def test_reconnecting_restores_the_seat_and_the_missed_lines(client: TestClient) -> None:
    made = open_table(client)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, made)
        first = until_question(ws)
        seen = first["log_start"] + len(first["log"])
        opt = first["decision"]["options"][0]["id"]
        ws.send_text(json.dumps({"type": "move", "version": first["version"], "option": opt}))
        until(ws, "state")
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        welcome = hello(ws, made, seen=seen)
        assert welcome["seat"] == 0 and welcome["missed_from"] == seen
        back = until(ws, "state")
        assert back["log_start"] == 0 and len(back["log"]) > seen  # the lines missed are there
        assert back["version"] > first["version"]


def test_undo_through_the_table(client: TestClient, service: Service) -> None:
    made = open_table(
        client,
        game="dominion",
        seats=[{"kind": "person"}, {"kind": "bot"}],
        options={"kingdom": "first-game"},
    )
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, made)
        q = until_question(ws)
        while "treasures" not in [o["id"] for o in q["decision"]["options"]]:
            end = q["decision"]["options"][0]["id"]
            ws.send_text(json.dumps({"type": "move", "version": q["version"], "option": end}))
            q = question_after(ws, q["version"])
        ws.send_text(json.dumps({"type": "move", "version": q["version"], "option": "treasures"}))
        played = until_version(ws, q["version"] + 1)
        assert played["can_undo"] is True
        ws.send_text(json.dumps({"type": "undo", "version": played["version"]}))
        back = until_version(ws, played["version"] + 1)
        assert back["version"] == played["version"] + 1
        assert "treasures" in [o["id"] for o in back["decision"]["options"]]
        assert back["log_reset"] is True and back["can_undo"] is False
        ws.send_text(json.dumps({"type": "undo", "version": back["version"]}))
        refused = until(ws, "error")["message"]
        assert "another player's" in refused or "nothing to take back" in refused
    # The undo is stored: a fresh rebuild from the moves gives the same game.
    service._cache.clear()
    assert "treasures" in service.state(made["id"]).state.legal()


# -- whole games, hidden information and the fair seed -----------------------------------------


def play_through(client: TestClient, service: Service, game: str, players: int) -> dict[str, Any]:
    """A whole game with every seat a person, each answering over its own connection as
    the game's default bot would, checking every message each seat is sent."""
    seats = [{"kind": "person"} for _ in range(players)]
    made = open_table(client, game=game, seats=seats, public=False)
    tokens = {0: made["you"]["token"]}
    for s in range(1, players):
        r = client.post(
            f"/api/tables/{made['id']}/claim", json={"seat": s, "code": made["invites"][str(s)]}
        )
        tokens[s] = r.json()["token"]
    spec = athanor.spec(game)
    bots = [athanor.catalog.bot(game, spec.default_bot, s) for s in range(players)]
    conns = [client.websocket_connect(f"/ws/{made['id']}") for _ in range(players)]
    socks = [c.__enter__() for c in conns]
    try:
        for s, ws in enumerate(socks):
            ws.send_text(json.dumps({"type": "hello", "seat": s, "token": tokens[s]}))
            until(ws, "welcome")
        latest: dict[int, dict[str, Any]] = {}  # the newest message each seat has read
        for _ in range(5000):
            cached = service.state(made["id"])
            state = cached.state
            if state.is_over:
                break
            d = state.decision
            assert d is not None
            ws = socks[d.seat]
            msg = latest.get(d.seat) or until(ws, "state")
            while msg["version"] < cached.version:
                msg = until(ws, "state")
            check_message(msg, state, d.seat)
            option = bots[d.seat].choose(state, d)
            ws.send_text(json.dumps({"type": "move", "version": msg["version"], "option": option}))
            latest[d.seat] = until_version(ws, msg["version"] + 1)  # stored before we look on
        assert service.state(made["id"]).state.is_over
        for s, ws in enumerate(socks):
            msg = latest.get(s) or until(ws, "state")
            while not msg["over"]:
                msg = until(ws, "state")
        made["tokens"] = tokens
        return made
    finally:
        for c in conns:
            c.__exit__(None, None, None)


def check_message(msg: dict[str, Any], state: Any, seat: int) -> None:
    """What a seat is sent is its view, its own question and its own log lines: no
    other seat's private line ever reaches it."""
    allowed = {
        "type",
        "version",
        "view",
        "decision",
        "waiting_for",
        "your_turn",
        "log",
        "log_kinds",
        "log_start",
        "log_reset",
        "can_undo",
        "over",
        "result",
    }
    assert set(msg) <= allowed
    assert msg["view"] == json.loads(json.dumps(state.view(seat)))
    assert msg["decision"] == state.decision.to_json()
    own = state.events_for(seat)
    assert msg["log"] == own[msg["log_start"] :]  # exactly this seat's own sentences
    # Each line's kind, which is public (the kinds say "play", never which card).
    assert msg["log_kinds"] == [e.kind for e in (state.log or [])[msg["log_start"] :]]
    text = json.dumps(msg)
    mine = set(own)
    for event in state.log or []:
        for other, line in event.private:
            if other != seat and line not in mine and len(line) > 12:
                assert line not in text, f"seat {seat} was sent seat {other}'s line: {line}"


@pytest.mark.parametrize(
    ("game", "players"), [(g.name, min(3, g.max_players)) for g in athanor.games()]
)
def test_whole_games_send_each_seat_only_what_it_may_know(
    client: TestClient, service: Service, game: str, players: int
) -> None:
    made = play_through(client, service, game, players)
    info = client.get(f"/api/tables/{made['id']}").json()
    assert info["status"] == "over" and info["seed"].isdecimal()  # text: JavaScript-safe


def test_the_record_proves_the_seed_and_replays(
    client: TestClient, service: Service, tmp_path: Path
) -> None:
    made = open_table(client)
    assert client.get(f"/api/tables/{made['id']}/record").status_code == 403  # not over yet
    made = play_through(client, service, "potion-party", 2)
    record = client.get(f"/api/tables/{made['id']}/record").json()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    out = subprocess.run(
        [sys.executable, "-m", "athanor", "replay", str(path)], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert f"matches the commitment {made['commitment']}" in out.stdout
    record["fairness"]["nonce"] = "0" * 32  # a record whose seed was swapped is caught
    path.write_text(json.dumps(record))
    out = subprocess.run(
        [sys.executable, "-m", "athanor", "replay", str(path)], capture_output=True, text=True
    )
    assert out.returncode == 2 and "does not match the commitment" in out.stderr


def test_an_option_that_reads_a_file_cannot_be_set_from_the_web(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={
            "game": "potion-making",
            "seats": [{"kind": "person"}, {"kind": "bot"}],
            "options": {"cards": "/etc/passwd"},
        },
    )
    assert r.status_code == 400 and "only be set at the terminal" in r.json()["message"]
    assert "root" not in r.text  # nothing of the file comes back
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert [o["local"] for o in games["potion-making"]["options"] if o["name"] == "cards"] == [True]


# -- the end of a game: its replay step by step, and play again --------------------------------


def test_the_replay_gives_each_step_as_athanor_replay_computes_it(
    client: TestClient, service: Service
) -> None:
    made = open_table(client)
    url = f"/api/tables/{made['id']}/replay"
    assert client.get(url).status_code == 403  # not over yet
    made = play_through(client, service, "dominion", 2)
    url = f"/api/tables/{made['id']}/replay"
    record = client.get(f"/api/tables/{made['id']}/record").json()
    rep = athanor.Replay(
        record["game"],
        record["players"],
        record["seed"],
        record["options"],
        record["names"],
        record["choices"],
    )
    steps = len(rep.choices)
    wanted = [
        (json.loads(json.dumps(s.view(0))), s.events_for(0), s.decision)
        for s in (st.clone() for st in rep.states())
    ]
    for step in sorted({0, 1, 2, steps // 2, steps - 1, steps}):
        got = client.get(url, params={"step": step, "seat": 0}).json()
        view, log, _ = wanted[step]
        assert (got["step"], got["steps"], got["view"], got["log"]) == (step, steps, view, log)
        d = wanted[step][2]
        assert (got["next"] is None) == (d is None)
        if d is not None and d.seat != 0:
            assert got["next"]["prompt"] == "a question you did not see"
    # All cards open: every seat's own view.
    got = client.get(url, params={"step": steps // 2, "seat": "open"}).json()
    mid = [st.clone() for st in rep.states()][steps // 2]
    assert got["views"] == [json.loads(json.dumps(mid.view(i))) for i in range(2)]
    for bad in ({"step": steps + 1}, {"step": "-1"}, {"step": "x"}, {"seat": "7"}, {"seat": "x"}):
        r = client.get(url, params=bad)
        assert r.status_code == 400 and r.json()["message"], bad


def test_play_again_opens_the_same_table_anew_for_the_same_players(
    client: TestClient, service: Service
) -> None:
    made = play_through(client, service, "potion-party", 2)
    tokens = made["tokens"]
    url = f"/api/tables/{made['id']}/again"
    assert client.post(url, json={"seat": 0, "token": "guess"}).status_code == 403
    assert client.post(url, json={"seat": 0}).status_code == 400
    r = client.post(url, json={"seat": 0, "token": tokens[0]})
    assert r.status_code == 201, r.text
    new = r.json()
    old = client.get(f"/api/tables/{made['id']}").json()
    assert old["next"] == new["id"] and new["previous"] == made["id"]
    assert new["you"]["seat"] == 0 and new["game"] == old["game"]
    assert new["options"] == old["options"] and new["public"] == old["public"]
    assert [s["name"] for s in new["seats"]] == [s["name"] for s in old["seats"]]
    assert new["commitment"] != old["commitment"]  # a new secret seed
    claim = f"/api/tables/{new['id']}/claim"
    # Seat 2 comes with the token it held before; a wrong one, or seat 1's, is refused.
    assert client.post(claim, json={"seat": 1, "previous": tokens[0]}).status_code == 403
    assert client.post(claim, json={"seat": 1, "previous": "x" * 40}).status_code == 403
    # The other player asking to play again gets the same new table (not a third one) and
    # sits down in it; their seat is then taken.
    again = client.post(url, json={"seat": 1, "token": tokens[1]})
    assert again.status_code == 201 and again.json()["id"] == new["id"]
    assert again.json()["you"]["seat"] == 1
    assert client.post(claim, json={"seat": 1, "previous": tokens[1]}).status_code == 409
    # A running table cannot be played again.
    r = client.post(
        f"/api/tables/{new['id']}/again", json={"seat": 0, "token": new["you"]["token"]}
    )
    assert r.status_code == 403 and "over" in r.json()["message"]


def test_every_step_of_a_replay_is_the_position_athanor_replay_computes(
    client: TestClient, service: Service
) -> None:
    made = play_through(client, service, "potion-party", 3)
    record = client.get(f"/api/tables/{made['id']}/record").json()
    rep = athanor.Replay(
        record["game"],
        record["players"],
        record["seed"],
        record["options"],
        record["names"],
        record["choices"],
    )
    url = f"/api/tables/{made['id']}/replay"
    for step, state in enumerate(rep.states()):
        for seat in (0, 2):
            got = client.get(url, params={"step": step, "seat": seat}).json()
            assert got["view"] == json.loads(json.dumps(state.view(seat))), (step, seat)
            assert got["log"] == state.events_for(seat), (step, seat)
    assert step == len(rep.choices)
