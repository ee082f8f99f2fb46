"""Each game's rating board (`GET /api/ratings/{game}`): the best established ratings of
people who agreed to appear on public boards. How ratings are made: storage/ratings.py."""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from klubovna.server.http.errors import ApiError, error_responses
from klubovna.server.storage import ratings
from klubovna.tables.registry import REGISTRY

router = APIRouter(prefix="/api/ratings", tags=["ratings"])


class Standing(BaseModel):
    nickname: str
    rating: int = Field(description="1500 at the start (storage/ratings.py).")
    games: int = Field(description="Rated games played.")
    provisional: bool = Field(description="Always false here: the board shows only "
                              "established ratings.")


class Computer(BaseModel):
    name: str = Field(description="The computer player's id (its level).")
    rating: int = Field(description="Fixed, from the computer players' ladder.")


class Board(BaseModel):
    ratings: list[Standing] = Field(description=f"At most {ratings.BOARD}, best first.")
    computer: list[Computer] = Field(description="The game's computer players, weakest "
                                     "first, on the same scale (docs/decisions/0158).")


@router.get("/{game}", response_model=Board, responses=error_responses(404))
async def rating_board(game: str, request: Request) -> Board:
    if game not in REGISTRY:
        raise ApiError(404, "unknown_game", "There is no such game.")
    engine = request.app.state.hub.store.engine

    def read() -> list[ratings.Standing]:
        with Session(engine) as session:
            return ratings.board(session, game)

    rows = await run_in_threadpool(read)
    return Board(ratings=[Standing(nickname=row.nickname, rating=row.rating, games=row.games,
                                   provisional=row.provisional) for row in rows],
                 computer=[Computer(name=name, rating=rating)
                           for name, rating in REGISTRY[game].ratings.items()])
