"""The coach's review of a finished game over HTTP (``GET /api/tables/ID/review?seat=N``):
its lines and decisions, the refusals (a game not over, a bad seat), one review computed
at a time per process, each kept once made, and the per-address limit."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from starlette.testclient import TestClient

from athanor import catalog
from athanor.replay import Replay
from athanor.review import Coach, Review
from athanor.web.app import create_app
from athanor.web.guard import Limits
from athanor.web.service import Service

GAME = "potion-party"


def make_client(service: Service, **limits: Any) -> TestClient:
    return TestClient(
        create_app(service, bot_delay=0, limits=replace(Limits(review_playouts=2), **limits))
    )


@pytest.fixture
def quick(service: Service) -> Iterator[TestClient]:
    """An app whose coach plays 2 playouts per option (a test's budget)."""
    with make_client(service) as c:
        yield c


def open_table(client: TestClient) -> str:
    seats = [{"kind": "person"}, {"kind": "person"}]
    r = client.post("/api/tables", json={"game": GAME, "seats": seats, "you": 0})
    assert r.status_code == 201, r.text
    table_id: str = r.json()["id"]
    return table_id


def finish(service: Service, table_id: str, seed: int = 1) -> None:
    """Play both seats to the end with random bots, straight through the service."""
    players = [catalog.bot(GAME, "random", seed + s) for s in range(2)]
    for _ in range(5000):
        cached = service.state(table_id)
        d = cached.state.decision
        if d is None:
            return
        service.move(table_id, d.seat, cached.version, players[d.seat].choose(cached.state, d))
    raise AssertionError("the game did not end")


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seats the coach has reviewed (each a real run)."""
    seen: list[int] = []
    real = Coach.review

    def counted(self: Coach, replay: Replay, seat: int, progress: Any = None) -> Review:
        seen.append(seat)
        return real(self, replay, seat, progress)

    monkeypatch.setattr(Coach, "review", counted)
    return seen


def test_a_finished_games_review_tells_its_lines_and_is_computed_once(
    quick: TestClient, service: Service, runs: list[int]
) -> None:
    table_id = open_table(quick)
    finish(service, table_id)
    r = quick.get(f"/api/tables/{table_id}/review", params={"seat": 0})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["seat"] == 0 and got["playouts"] == 2
    lines = got["lines"]
    assert lines[0].startswith("Review of Player 1's game")
    assert "decisions judged" in lines[1]
    assert lines[-1].startswith("How the coach judged: 2 playouts per option")
    indexes = {d["index"] for d in got["decisions"]}
    assert got["decisions"] and set(got["worst"]) <= indexes
    for d in got["decisions"]:
        assert d["sentence"] and d["prompt"] and isinstance(d["agreed"], bool)
    # Each judged index is a step of the record where seat 1 was asked: the replay there,
    # seen by that seat, shows its question.
    for index in got["worst"] or [got["decisions"][0]["index"]]:
        step = quick.get(f"/api/tables/{table_id}/replay", params={"step": index, "seat": 0})
        assert step.json()["next"]["seat"] == 0
    # Asked again: served from memory, not computed again.
    again = quick.get(f"/api/tables/{table_id}/review", params={"seat": "0"})
    assert again.status_code == 200 and again.json() == got
    assert runs == [0] and quick.app.state.reviews.computed == 1  # type: ignore[attr-defined]
    # Another seat is a review of its own.
    other = quick.get(f"/api/tables/{table_id}/review", params={"seat": 1}).json()
    assert other["lines"][0].startswith("Review of Player 2's game")
    assert runs == [0, 1]


def test_a_game_not_over_is_refused(quick: TestClient, runs: list[int]) -> None:
    table_id = open_table(quick)
    r = quick.get(f"/api/tables/{table_id}/review", params={"seat": 0})
    assert r.status_code == 403 and r.json()["error"] == "not_over"
    assert "over" in r.json()["message"]
    assert quick.get("/api/tables/nosuchtable/review", params={"seat": 0}).status_code == 404
    assert runs == []


def test_a_bad_seat_is_refused_and_changes_nothing(
    quick: TestClient, service: Service, runs: list[int]
) -> None:
    table_id = open_table(quick)
    finish(service, table_id)
    url = f"/api/tables/{table_id}/review"
    for bad in ({"seat": 2}, {"seat": 999}, {"seat": "-1"}, {"seat": "x"}, {"seat": ""}, {}):
        r = quick.get(url, params=bad)
        assert r.status_code == 400, bad
        assert r.json()["error"] == "bad_request" and "seat" in r.json()["message"], bad
    r = quick.get(url, params={"seat": "1" * 10})
    assert r.status_code == 400
    reviews = quick.app.state.reviews  # type: ignore[attr-defined]
    assert runs == [] and reviews.computed == 0 and not reviews.done and not reviews.running


def test_one_review_is_computed_at_a_time(
    quick: TestClient, service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = open_table(quick)
    finish(service, table_id)
    started, release = threading.Event(), threading.Event()
    seats: list[int] = []

    def slow(self: Coach, replay: Replay, seat: int, progress: Any = None) -> Review:
        seats.append(seat)
        started.set()
        assert release.wait(30)
        return Review(replay.game, seat, "Player 1", self.playouts, self.rollout)

    monkeypatch.setattr(Coach, "review", slow)
    url = f"/api/tables/{table_id}/review"
    answers: list[Any] = []
    first = threading.Thread(target=lambda: answers.append(quick.get(url, params={"seat": 0})))
    first.start()
    assert started.wait(30)
    # The same review, asked again while it is computed: waits for that one.
    same = threading.Thread(target=lambda: answers.append(quick.get(url, params={"seat": 0})))
    same.start()
    # Another review meanwhile: told the coach is busy, and when to come back.
    busy = quick.get(url, params={"seat": 1})
    assert busy.status_code == 503 and busy.json()["error"] == "busy"
    assert "try again in a moment" in busy.json()["message"]
    assert int(busy.headers["Retry-After"]) > 0
    release.set()
    first.join(30)
    same.join(30)
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json() == answers[1].json()
    assert answers[0].json()["lines"][0].startswith("Review of Player 1's game")
    assert seats == [0]  # computed once for both
    # Once it is done, the other review may be computed.
    assert quick.get(url, params={"seat": 1}).status_code == 200
    assert seats == [0, 1]


def test_the_reviews_an_address_may_have_computed_are_limited(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    def quick_review(self: Coach, replay: Replay, seat: int, progress: Any = None) -> Review:
        return Review(replay.game, seat, "someone", self.playouts, self.rollout)

    monkeypatch.setattr(Coach, "review", quick_review)
    with make_client(service, reviews_per_hour=1) as client:
        table_id = open_table(client)
        finish(service, table_id)
        url = f"/api/tables/{table_id}/review"
        assert client.get(url, params={"seat": 0}).status_code == 200
        r = client.get(url, params={"seat": 1})
        assert r.status_code == 429 and r.json()["error"] == "too_many"
        assert int(r.headers["Retry-After"]) > 0
        assert client.get(url, params={"seat": 0}).status_code == 200  # kept: not counted
