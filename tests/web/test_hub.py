"""The hub's bot runner: a wake-up that comes while the runner is looking is not lost, and
the bots of a table nobody looks at wait until someone comes."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from athanor.web.app import Hub


def test_a_move_made_while_the_bot_runner_looks_still_gets_the_bots_moving() -> None:
    looks: list[int] = []

    class Service:
        is_postgres = False

        def __init__(self) -> None:
            self.loop: asyncio.AbstractEventLoop | None = None
            self.hub: Hub | None = None

        def bot_choice(self, table_id: str) -> Any:
            looks.append(1)
            if len(looks) == 1:
                # While the runner is looking (no bot to move yet), a person moves and
                # wakes the bots; the runner must look again rather than stop.
                assert self.loop is not None and self.hub is not None
                self.loop.call_soon_threadsafe(self.hub.wake_bots, table_id)
                time.sleep(0.05)
            return None

    async def scenario() -> None:
        service = Service()
        hub = Hub(service, 0)  # type: ignore[arg-type]
        service.loop, service.hub = asyncio.get_running_loop(), hub
        hub.seen("t")  # someone is looking at the table
        hub.wake_bots("t")
        for _ in range(50):
            await asyncio.sleep(0.02)
            if len(looks) >= 2 and hub.bot_tasks["t"].done():
                break

    asyncio.run(scenario())
    assert len(looks) == 2


def test_the_bots_of_a_table_nobody_looks_at_wait_until_someone_comes() -> None:
    looks: list[str] = []

    class Service:
        is_postgres = False

        def bot_choice(self, table_id: str) -> Any:
            looks.append(table_id)
            return None

    async def scenario() -> None:
        hub = Hub(Service(), 0, idle=0.2)  # type: ignore[arg-type]
        hub.wake_bots("unseen")  # say, resumed when the server started: nobody looks
        hub.seen("seen")
        hub.wake_bots("seen")
        await asyncio.sleep(0.1)
        assert looks == ["seen"]
        await asyncio.sleep(0.25)  # past the idle time: the bots stop spending
        hub.wake_bots("seen")
        await asyncio.sleep(0.05)
        assert looks == ["seen"]
        hub.seen("seen")  # someone comes back
        hub.wake_bots("seen")
        await asyncio.sleep(0.05)
        assert looks == ["seen", "seen"]

    asyncio.run(scenario())
