"""The security helpers: tokens, origins, rate limits, log redaction."""

from __future__ import annotations

from fliptable.server.security import (
    TokenBucket,
    WindowLimiter,
    hash_token,
    new_table_id,
    new_token,
    origin_allowed,
    token_matches,
)
from fliptable.server.serve import redact


def test_tokens_are_random_and_matched_by_their_hash_only():
    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200 and all(len(t) >= 43 for t in tokens)
    t = new_token()
    assert token_matches(t, hash_token(t)) and not token_matches(t, hash_token(t + "x"))
    assert not token_matches(t, None) and hash_token(t) != t
    assert len({new_table_id() for _ in range(200)}) == 200


def test_origins():
    host = "cards.example.org:8000"
    assert origin_allowed(None, host, ())  # not a browser
    assert origin_allowed("http://cards.example.org:8000", host, ())  # same origin
    assert origin_allowed("https://CARDS.example.org:8000/", host, ())
    assert not origin_allowed("http://cards.example.org", host, ())  # another port
    assert not origin_allowed("https://evil.example", host, ())
    assert not origin_allowed("null", host, ())
    assert not origin_allowed("file://cards.example.org:8000", host, ())
    assert origin_allowed("https://friends.example", host, ("https://friends.example",))


def test_rate_limits():
    now = [0.0]
    bucket = TokenBucket(2.0, 3.0, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5  # one more token
    assert [bucket.take() for _ in range(2)] == [True, False]
    limiter = WindowLimiter(2, 60.0, clock=lambda: now[0])
    assert [limiter.allow("a") for _ in range(3)] == [True, True, False]
    assert limiter.allow("b")
    now[0] += 61
    assert limiter.allow("a")


def test_log_lines_lose_their_tokens():
    line = '127.0.0.1:5 - "WebSocket /ws/abc?token=Ien0n-_xyz&x=1" [accepted]'
    assert redact(line) == '127.0.0.1:5 - "WebSocket /ws/abc?token=***&x=1" [accepted]'
    assert "Ien0n" not in redact("GET /ws/abc?token=Ien0n-_xyz HTTP/1.1")
