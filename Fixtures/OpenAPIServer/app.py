"""A small FastAPI application for Scripts/openapi-check.sh.

FastAPI writes its own OpenAPI 3.1 document at /openapi.json; the check generates
Argonaut services from it, compiles them, and calls every operation below.

It covers: tags (one service class each, and an untagged operation), path, query
and header parameters (optional and required, arrays, booleans, UUIDs, dates,
enums), JSON bodies, 201 and 204 responses, string enums, nullable fields
(`anyOf: [X, null]`), an int64 beyond 2^53, date-time, a map
(`additionalProperties`), a discriminated union (`oneOf` + `discriminator`) and a
recursive model (a `$ref` cycle), an `application/x-www-form-urlencoded` body (FastAPI's
`Form()`, with a repeated key), a union without a discriminator, and a `multipart/form-data` upload (`UploadFile`, a list of
files, text fields), a `text/event-stream` response (a StreamingResponse whose content is
declared in `responses=`, ending with `data: [DONE]`), and an operation with its own
`servers` (through `openapi_extra`).

Usage: python3 app.py PORT   (serves on 127.0.0.1:PORT until killed)
"""

import sys
import uuid
from datetime import datetime, timezone
from enum import Enum
from typing import Annotated, Dict, List, Literal, Optional, Union

import uvicorn
from fastapi import FastAPI, File, Form, Header, HTTPException, Query, Request, Response, UploadFile
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field


# The port, for the servers the document lists (the top-level one, and an operation's own).
PORT = int(sys.argv[1]) if len(sys.argv) > 1 else 8000

app = FastAPI(
    title="Pet Store",
    servers=[{"url": f"http://127.0.0.1:{PORT}", "description": "This app"}],
    version="1.0.0",
    # Operation ids are the handlers' names (list_pets), as a person would name them.
    generate_unique_id_function=lambda route: route.name,
    openapi_tags=[
        {"name": "pets", "description": "Pets and their details."},
        {"name": "owners", "description": "The people who own pets."},
    ],
)


class Species(str, Enum):
    cat = "cat"
    dog = "dog"
    red_panda = "red panda"


class Owner(BaseModel):
    id: uuid.UUID
    name: str
    email: Optional[str] = None


class Cat(BaseModel):
    pet_type: Literal["cat"]
    meows: int


class Dog(BaseModel):
    pet_type: Literal["dog"]
    good_boy: bool


class PetCreate(BaseModel):
    name: str
    species: Species
    details: Annotated[Union[Cat, Dog], Field(discriminator="pet_type")]
    nickname: Optional[str] = None
    tags: List[str] = []
    attributes: Dict[str, int] = {}


class Pet(BaseModel):
    id: int = Field(json_schema_extra={"format": "int64"})
    name: str
    species: Species
    born_at: datetime
    # Required and nullable: always present, sometimes null.
    nickname: Optional[str]
    tags: List[str]
    attributes: Dict[str, int]
    details: Annotated[Union[Cat, Dog], Field(discriminator="pet_type")]
    owner: Optional[Owner] = None


class Category(BaseModel):
    name: str
    parent: Optional["Category"] = None
    children: List["Category"] = []


class Echo(BaseModel):
    item_id: int
    token: uuid.UUID
    q: Optional[str]
    flags: List[int]
    active: bool
    since: Optional[datetime]
    species: Optional[Species]
    trace: Optional[str]


OWNER = Owner(id=uuid.UUID("6f1c2a7e-0b4d-4c8e-9a51-3d2f7e8b9c10"), name="Ada", email=None)
BORN = datetime(2020, 5, 17, 8, 30, tzinfo=timezone.utc)
PETS: Dict[int, Pet] = {
    505874924095815681: Pet(
        id=505874924095815681, name="Tom", species=Species.cat, born_at=BORN, nickname=None,
        tags=["indoor", "grey"], attributes={"lives": 9}, details=Cat(pet_type="cat", meows=3), owner=OWNER),
    2: Pet(
        id=2, name="Rex", species=Species.dog, born_at=BORN, nickname="Rexy", tags=[], attributes={},
        details=Dog(pet_type="dog", good_boy=True)),
}


@app.get("/pets", tags=["pets"], response_model=List[Pet])
def list_pets(
    species: Optional[Species] = None,
    tag: Annotated[Optional[List[str]], Query()] = None,
    limit: int = 10,
    x_request_id: Annotated[Optional[str], Header()] = None,
) -> List[Pet]:
    """List the pets, filtered."""
    pets = [pet for pet in PETS.values() if species is None or pet.species == species]
    if tag:
        pets = [pet for pet in pets if all(t in pet.tags for t in tag)]
    if x_request_id is not None and x_request_id != "req-42":
        raise HTTPException(status_code=400, detail="unexpected X-Request-Id")
    return pets[:limit]


@app.get("/pets/{pet_id}", tags=["pets"])
def get_pet(pet_id: int) -> Pet:
    """One pet."""
    if pet_id not in PETS:
        raise HTTPException(status_code=404, detail="no such pet")
    return PETS[pet_id]


@app.post("/pets", tags=["pets"], status_code=201)
def create_pet(body: PetCreate) -> Pet:
    new_id = max(PETS) + 1
    pet = Pet(id=new_id, born_at=datetime.now(timezone.utc).replace(microsecond=0), **body.model_dump())
    PETS[new_id] = pet
    return pet


@app.put("/pets/{pet_id}", tags=["pets"])
def update_pet(pet_id: int, body: PetCreate) -> Pet:
    if pet_id not in PETS:
        raise HTTPException(status_code=404, detail="no such pet")
    old = PETS[pet_id]
    pet = Pet(id=pet_id, born_at=old.born_at, owner=old.owner, **body.model_dump())
    PETS[pet_id] = pet
    return pet


@app.delete("/pets/{pet_id}", tags=["pets"], status_code=204)
def delete_pet(pet_id: int) -> Response:
    if PETS.pop(pet_id, None) is None:
        raise HTTPException(status_code=404, detail="no such pet")
    return Response(status_code=204)


@app.get("/owners/{owner_id}", tags=["owners"])
def get_owner(owner_id: uuid.UUID) -> Owner:
    if owner_id != OWNER.id:
        raise HTTPException(status_code=404, detail="no such owner")
    return OWNER


@app.get("/categories/tree", tags=["categories"])
def category_tree() -> Category:
    """A recursive model: categories hold their parent and children."""
    return Category(name="animals", children=[
        Category(name="mammals", parent=Category(name="animals"), children=[Category(name="cats")]),
    ])


@app.get("/echo/{item_id}/{token}", tags=["debug tools"])
def echo(
    item_id: int,
    token: uuid.UUID,
    active: bool,
    flags: Annotated[List[int], Query()],
    q: Optional[str] = None,
    since: Optional[datetime] = None,
    species: Optional[Species] = None,
    x_trace: Annotated[Optional[str], Header()] = None,
) -> Echo:
    """Every parameter as the server received it."""
    return Echo(item_id=item_id, token=token, q=q, flags=flags, active=active, since=since, species=species,
                trace=x_trace)


@app.get("/mixed", tags=["debug tools"])
def mixed() -> List[Union[int, str, List[str], Owner]]:
    """A union without a discriminator (anyOf): each element is the first variant it fits."""
    return [7, "seven", ["a", "b"], OWNER]


@app.get("/health")
def health() -> Dict[str, str]:
    """An operation without a tag: DefaultService."""
    return {"status": "ok"}


class Message(BaseModel):
    to: str
    body: str
    media_urls: List[str]
    priority: int
    urgent: bool


@app.post("/messages", tags=["messages"], status_code=201)
def send_message(
    to: Annotated[str, Form()],
    body: Annotated[str, Form()],
    media_url: Annotated[List[str], Form()] = [],
    priority: Annotated[int, Form()] = 0,
    urgent: Annotated[bool, Form()] = False,
) -> Message:
    """An application/x-www-form-urlencoded body, as Twilio's API takes: the list repeats its key."""
    return Message(to=to, body=body, media_urls=media_url, priority=priority, urgent=urgent)


class Upload(BaseModel):
    filename: str
    content_type: str
    text: str
    description: Optional[str]
    extras: List[str]
    tags: List[str]


@app.post("/documents", tags=["messages"], status_code=201)
async def upload_document(
    file: UploadFile,
    description: Annotated[Optional[str], Form()] = None,
    extras: Annotated[Optional[List[UploadFile]], File()] = None,
    tags: Annotated[List[str], Form()] = [],
) -> Upload:
    """A multipart/form-data upload: a file, optional files and text fields."""
    names = [f"{extra.filename}:{(await extra.read()).decode()}" for extra in extras or []]
    return Upload(filename=file.filename or "", content_type=file.content_type or "",
                  text=(await file.read()).decode(), description=description, extras=names, tags=tags)


class Tick(BaseModel):
    n: int
    word: str


@app.get(
    "/ticks",
    tags=["streams"],
    response_class=StreamingResponse,
    responses={200: {"description": "One tick per event, then [DONE]",
                     "content": {"text/event-stream": {"schema": Tick.model_json_schema()}}}},
)
def ticks(count: int = 3) -> StreamingResponse:
    """A text/event-stream response: each event's data is a Tick; `data: [DONE]` ends it."""
    def events():
        yield ": a comment the client skips\n\n"
        for n in range(count):
            yield f"event: tick\nid: {n}\ndata: {Tick(n=n, word='tick' * (n + 1)).model_dump_json()}\n\n"
        yield "data: [DONE]\n\n"
        yield "data: {\"n\": -1, \"word\": \"after the end\"}\n\n"
    return StreamingResponse(events(), media_type="text/event-stream")


# The per-operation server is this app under /mirror: an absolute URL, as a document gives.
@app.get("/elsewhere", tags=["streams"], openapi_extra={"servers": [{"url": f"http://127.0.0.1:{PORT}/mirror"}]})
def elsewhere(request: Request) -> Dict[str, str]:
    """An operation with its own `servers`: the check serves it on the same app, under /mirror."""
    return {"path": request.url.path}


@app.get("/mirror/elsewhere", include_in_schema=False)
def mirror_elsewhere(request: Request) -> Dict[str, str]:
    return {"path": request.url.path}


if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=PORT, log_level="warning")
