"""Fuzz: game tokens and resume links (QR codes, ?r= links, CLI replay) through codec.from_token."""

from __future__ import annotations

import base64
import hashlib
import zlib
from typing import Any

from hypothesis import strategies as st

from companion.core import codec
from companion.core.canonical import canonical_bytes

from .fuzzing import GAMES, fuzz_tests, tokens
from .outcomes import Recorder
from .strategies import mutated


def pack(payload: bytes, prefix: str = codec.TOKEN_PREFIX) -> str:
    payload += hashlib.sha256(payload).digest()[:8]
    return prefix + base64.urlsafe_b64encode(zlib.compress(payload, 9)).decode("ascii").rstrip("=")


def unpack(token: str) -> bytes:
    raw = token[4:]
    return zlib.decompress(base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)))[:-8]


@st.composite
def crafted(draw: st.DrawFn, token: str) -> str:
    """A token whose check code is right but whose contents are not: only the checks inside can refuse it."""
    body = unpack(token)
    hlen, pos = codec._read_varint(body, 0)
    header: Any = __import__("json").loads(body[pos:pos + hlen])
    rest = body[pos + hlen:]
    how = draw(st.sampled_from(["header", "header", "count", "indices", "bomb"]))
    if how == "header":
        header = draw(mutated(header))
    try:
        head = canonical_bytes(header)
    except (TypeError, ValueError, RecursionError):
        head = b"{}"
    if how == "count":
        rest = codec._varint(draw(st.sampled_from([10**6, 2**35 - 1, codec.MAX_ACTIONS + 1]))) + rest[1:]
    if how == "indices":
        rest = rest + bytes(draw(st.lists(st.integers(0, 255), max_size=20)))
    if how == "bomb":
        return pack(codec._varint(len(head)) + head + b"\0" * draw(st.sampled_from([70_000, 5_000_000])))
    return pack(codec._varint(len(head)) + head + rest, draw(st.sampled_from(list(codec.TOKEN_PREFIXES))))


@st.composite
def token_texts(draw: st.DrawFn) -> Any:
    token = draw(st.sampled_from(tokens(draw(st.sampled_from(GAMES)))))
    how = draw(st.sampled_from(["crafted", "crafted", "chars", "link", "odd"]))
    if how == "crafted":
        return draw(crafted(token))
    if how == "chars":
        i = draw(st.integers(0, len(token)))
        return token[:i] + draw(st.text(max_size=5)) + token[i + draw(st.integers(0, 3)):]
    if how == "link":
        return draw(st.sampled_from(["https://x/?r=", "r=", "https://x/?a=1&r="])) + token + \
            draw(st.sampled_from(["", "&x=1", "r=" * 3000]))
    return draw(st.sampled_from(["", "CP2.", "CP1.====", "CP9.abc", "x" * 30_000, None, 42, b"CP2.",
                                 "CP2." + "A" * 19_990]))


def check(recorder: Recorder, token: Any) -> None:
    recorder.run(lambda: codec.from_token(token), token)


test_tokens_fuzz, test_tokens_soak = fuzz_tests("tokens (codec.from_token)", token_texts(), check)


def load(token: Any) -> None:  # for debugging scripts
    codec.from_token(token)
