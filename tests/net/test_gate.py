"""The join gate against a served table, with plain HTTP and WebSocket clients (issue 10, item 2 and 3)."""

from __future__ import annotations

import asyncio
import gzip
import json
from pathlib import Path

import flet_web
import pytest
import websockets
from flet_wire import drawn, register
from websockets.exceptions import InvalidStatus

from companion import flet_fixes
from companion.flet_fixes import HEARTBEAT_SECONDS
from companion.flet_fixes.web_files import NO_RIVE
from companion.i18n import FONTS
from companion.net.gate import CLOSE_DROPPED, CLOSE_REFUSED, COOKIE, Gate
from companion.resources import assets_path

WEB = Path(flet_web.get_package_web_dir())


def _join(client, code: str) -> str:
    """The pass cookie ``/join?code=`` sets (``AssertionError`` if it sets none)."""
    response = client.get("/join", params={"code": code})
    assert response.status_code == 200, response.text
    return response.cookies[COOKIE]


def _socket_status(table, cookie: str | None, origin: str | None) -> int:
    """101 if the ``/ws`` handshake is accepted, else the HTTP status it was refused with."""
    async def attempt() -> int:
        headers = {"Cookie": f"{COOKIE}={cookie}"} if cookie else {}
        try:
            async with websockets.connect(f"ws://127.0.0.1:{table.port}/ws", origin=origin,
                                          additional_headers=headers):
                return 101
        except InvalidStatus as refused:
            return refused.response.status_code

    return asyncio.run(attempt())


def test_without_a_pass_there_is_only_the_join_page(table, client):
    web = client()
    page = web.get("/")
    assert page.status_code == 401 and 'action="/join"' in page.text
    assert "flutter" not in page.text.lower()
    for asset in ("/main.dart.wasm", "/flutter_bootstrap.js", "/assets/fonts/MaterialIcons-Regular.otf"):
        refused = web.get(asset, headers={"Accept-Encoding": "gzip"})
        assert refused.status_code == 401, asset
        assert refused.content != (WEB / asset.lstrip("/")).read_bytes()[: len(refused.content)]
    assert _socket_status(table, None, table.base_url) == 403


def test_a_wrong_code_sets_no_cookie_and_says_why(table, client):
    response = client("127.0.0.2").get("/join", params={"code": "WRONG2"})
    assert response.status_code == 403
    assert COOKIE not in response.cookies and "set-cookie" not in response.headers
    assert "That code is not this table" in response.text


def test_the_room_code_sets_an_httponly_strict_pass_that_opens_the_app(table, client):
    web = client("127.0.0.3")
    joined = web.get("/join", params={"code": table.room_code})
    cookie = joined.headers["set-cookie"]
    assert f"{COOKIE}=" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    page = web.get("/")
    assert page.status_code == 200 and "flutter_bootstrap.js" in page.text
    assert "companion-reconnecting" in page.text  # the reconnect banner's script
    assert "access-control-allow-origin" not in page.headers
    # A typed code is forgiving about case and spaces.
    assert COOKIE in client("127.0.0.3").post("/join", data={"code": " " + table.room_code.lower()}).cookies


def test_the_web_client_is_sent_gzipped_byte_for_byte(table, client):
    web = client("127.0.0.4")
    _join(web, table.room_code)
    response = web.get("/flutter_bootstrap.js", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    assert int(response.headers["content-length"]) < len((WEB / "flutter_bootstrap.js").read_bytes())
    assert response.content == (WEB / "flutter_bootstrap.js").read_bytes()  # httpx undid the gzip
    again = web.get("/flutter_bootstrap.js", headers={"If-None-Match": response.headers["etag"]})
    assert again.status_code == 304
    raw = web.get("/manifest.json", headers={"Accept-Encoding": "gzip"}).read()
    assert gzip.decompress(gzip.compress(raw)) == raw


def test_flutters_cjk_fallback_fonts_are_the_bundled_font_and_other_scripts_a_quick_404(table, client):
    """Issue 37 item 1: an English phone drawing a Chinese name asks for pieces of Noto Sans SC (JP, KR, TC, HK
    by the browser's language) under ``assets/fonts/``; before, it got the app's page and drew boxes."""
    web = client("127.0.0.13")
    _join(web, table.room_code)
    pieces = ["/assets/fonts/notosanssc/v37/k3kCo84MPvpLmixcA63oeAL7Iqp5IZJF9bmaG9_FnYkldv7Jjxkkg.115.woff2",
              "/assets/fonts/notosansjp/v53/-F6jfjtqLzI2JPCgQBnw7HFyzSD-AsregP8VFBEj75s.62.woff2"]
    for piece in pieces:
        answer = web.get(piece)
        assert answer.status_code == 302 and answer.headers["location"] == "/" + FONTS["zh_Hant"][1], piece
    font = web.get("/" + FONTS["zh_Hant"][1])
    assert font.status_code == 200 and font.content == assets_path(FONTS["zh_Hant"][1]).read_bytes()
    assert font.content.startswith(b"wOF2")
    other = web.get("/assets/fonts/notocoloremoji/v32/Yq6P-KqIXTD0t4D9z1ESnKM3-HpFabsE4tq3luCC7p-aXxcn.0.woff2")
    assert other.status_code == 404 and b"flutter" not in other.content


def test_the_socket_needs_the_pass_and_the_servers_own_origin(table, client):
    cookie = _join(client("127.0.0.5"), table.room_code)
    assert _socket_status(table, cookie, table.base_url) == 101
    assert _socket_status(table, cookie, "http://evil.example") == 403
    assert _socket_status(table, cookie, f"http://localhost:{table.port + 1}") == 403
    assert _socket_status(table, cookie, None) == 403


def test_an_app_socket_gets_a_heartbeat_counting_the_frames_the_server_received(table, client, monkeypatch):
    """Issue 10 item 6: text frames (Flet's are binary) tell the phone the link lives and what got through."""
    cookie = _join(client("127.0.0.12"), table.room_code)
    # Beats ten times as often for this socket (the table serves in this process): what they count is the same.
    monkeypatch.setattr(flet_fixes, "HEARTBEAT_SECONDS", HEARTBEAT_SECONDS / 10)

    async def heartbeats_until(socket, count: int) -> list[str]:
        seen: list[str] = []
        while not seen or int(seen[-1]) < count:
            frame = await asyncio.wait_for(socket.recv(), HEARTBEAT_SECONDS * 3)
            if isinstance(frame, str):
                seen.append(frame)
        return seen

    async def listen() -> tuple[list[str], list[str]]:
        async with websockets.connect(f"ws://127.0.0.1:{table.port}/ws", origin=table.base_url,
                                      additional_headers={"Cookie": f"{COOKIE}={cookie}"}) as socket:
            await socket.send(register("/"))
            registered = await heartbeats_until(socket, 1)
            for _ in range(2):
                await socket.send(b"\x02")  # a packet type Flet drops: counted all the same
            return registered, await heartbeats_until(socket, 3)

    registered, later = asyncio.run(listen())
    assert all(beat.isdigit() and len(beat) <= 3 for beat in registered + later)
    counts = [int(beat) for beat in registered + later]
    assert counts == sorted(counts) and counts[-1] == 3


def test_a_name_the_server_does_not_have_is_refused(table, client):
    assert client().get("/", headers={"Host": "evil.example"}).status_code == 421


def test_ten_wrong_codes_a_minute_then_even_the_right_one_waits(table, client):
    guesser = client("127.0.0.6")
    statuses = [guesser.get("/join", params={"code": f"WRNG{n:02d}".replace("0", "A").replace("1", "B")}).status_code
                for n in range(10)]
    assert statuses[:9] == [403] * 9 and statuses[9] == 429
    blocked = guesser.get("/join", params={"code": table.room_code})
    assert blocked.status_code == 429 and COOKIE not in blocked.cookies
    assert "Try again in" in blocked.text and int(blocked.headers["retry-after"]) > 0
    assert COOKIE in client("127.0.0.7").get("/join", params={"code": table.room_code}).cookies  # per address


def test_a_guest_pass_cannot_open_the_data_screen_the_host_pass_can(table, client):
    guest = _join(client("127.0.0.8"), table.room_code)
    host = _join(client("127.0.0.8"), table.keys.host_code)
    url = f"ws://127.0.0.1:{table.port}/ws"
    seen_by_guest = asyncio.run(drawn(url, "/data", f"{COOKIE}={guest}", table.base_url,
                                      until=b"Only the host can open this screen."))
    assert b"Only the host can open this screen." in seen_by_guest
    assert b"Export everything" not in seen_by_guest and b"Restore" not in seen_by_guest
    seen_by_host = asyncio.run(drawn(url, "/data", f"{COOKIE}={host}", table.base_url, until=b"Export everything"))
    assert b"Export everything" in seen_by_host


def test_a_socket_whose_first_frame_is_not_a_register_frame_is_closed_and_leaves_nothing(table, client, caplog):
    """Issue 35 item 6: such a socket was counted as a phone ("connected" on the Phones screen), its Flet handler
    and tasks kept, and a traceback printed for each."""
    cookie = _join(client("127.0.0.13"), table.room_code)

    def on_loop(read):
        async def run():
            return read()

        return asyncio.run_coroutine_threadsafe(run(), table.gate._loop).result(10)

    async def first_frame(frame: bytes | str) -> int | None:
        async with websockets.connect(f"ws://127.0.0.1:{table.port}/ws", origin=table.base_url,
                                      additional_headers={"Cookie": f"{COOKIE}={cookie}"}) as socket:
            await socket.send(frame)

            async def until_closed() -> None:
                while True:  # the heartbeat's text frames may come first
                    await socket.recv()

            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(until_closed(), 10)  # before: never closed, a TimeoutError here
            return socket.close_code

    tasks_before = on_loop(lambda: len(asyncio.all_tasks()))
    for frame in (b"\x00\x92\x05\x80", b"\x00\x92\x01", "hello", b"\x00" + b"\x91" * 64):
        assert asyncio.run(first_frame(frame)) == CLOSE_REFUSED
    for _ in range(100):  # the handlers end on the server's loop a moment after the close
        if on_loop(lambda: len(asyncio.all_tasks())) <= tasks_before and table.gate.connected() == 0:
            break
        asyncio.run(asyncio.sleep(0.05))
    assert table.gate.connected() == 0  # no phone on the Phones screen
    assert on_loop(lambda: len(asyncio.all_tasks())) <= tasks_before
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL") or r.exc_info]
    home = asyncio.run(drawn(f"ws://127.0.0.1:{table.port}/ws", "/", f"{COOKIE}={cookie}", table.base_url,
                             until=b"Score a finished game"))
    assert b"Score a finished game" in home  # a real phone still gets in with the same pass


def test_changing_the_room_code_drops_every_guest_and_keeps_the_host(table, client):
    web = client("127.0.0.9")
    guest = _join(web, table.room_code)
    host = _join(client("127.0.0.9"), table.keys.host_code)
    old_code = table.room_code

    async def dropped_while_open() -> int | None:
        async with websockets.connect(f"ws://127.0.0.1:{table.port}/ws", origin=table.base_url,
                                      additional_headers={"Cookie": f"{COOKIE}={guest}"}) as socket:
            await socket.send(register("/"))
            await socket.recv()
            await asyncio.to_thread(table.change_room_code)
            with pytest.raises(websockets.ConnectionClosed):
                while True:
                    await asyncio.wait_for(socket.recv(), 10)
            return socket.close_code

    assert asyncio.run(dropped_while_open()) == CLOSE_DROPPED
    assert table.room_code != old_code
    assert web.get("/").status_code == 401  # web still holds the guest's old pass
    assert _socket_status(table, guest, table.base_url) == 403
    assert client("127.0.0.10").get("/join", params={"code": old_code}).status_code == 403
    assert COOKIE in client("127.0.0.10").get("/join", params={"code": table.room_code}).cookies
    assert _socket_status(table, host, table.base_url) == 101


@pytest.mark.parametrize("encoding", ["gzip", "identity"])
def test_the_font_manifest_lists_only_fonts_the_app_draws_with(table, client, encoding):
    web = client("127.0.0.11")
    _join(web, table.room_code)
    response = web.get("/assets/FontManifest.json", headers={"Accept-Encoding": encoding})
    assert response.headers.get("content-encoding", "identity") == encoding
    families = [f["family"] for f in response.json()]
    assert "MaterialIcons" in families
    assert not [f for f in families if "KaTeX" in f or "Cupertino" in f]
    page = web.get("/table", headers={"Accept-Encoding": encoding})
    assert "companion-reconnecting" in page.text and "flutter_bootstrap.js" in page.text


@pytest.mark.parametrize("encoding", ["gzip", "identity"])
@pytest.mark.parametrize("client_file", ["/main.dart.js", "/main.dart.mjs"])
def test_the_served_clients_ask_no_other_origin_for_their_rive_runtime(table, client, encoding, client_file):
    """flet-web's clients (dart2js, and dart2wasm's loader, which gives the WebAssembly client its strings) fetched
    the Rive runtime from jsDelivr at every load of a phone's page, no_cdn or not."""
    web = client("127.0.0.11")
    _join(web, table.room_code)
    response = web.get(client_file, headers={"Accept-Encoding": encoding})
    assert response.headers.get("content-encoding", "identity") == encoding
    assert json.dumps(NO_RIVE) in response.text
    if client_file == "/main.dart.js":
        assert "cdn.jsdelivr.net" not in response.text
    assert len(response.text) > len((WEB / client_file.lstrip("/")).read_text()) - 100  # the whole file


@pytest.mark.parametrize(("accept", "lang", "title", "refusal"), [
    ("it-IT,it;q=0.9,en;q=0.5", "it", "Unisciti al tavolo", "Quel codice non è di questo tavolo"),
    ("zh-TW,zh;q=0.9", "zh-Hant", "加入牌桌", "該代碼不屬於此牌桌"),
    ("fr-FR", "en", "Join the table", "That code is not this table"),
])
def test_the_join_page_speaks_the_browsers_language(table, client, accept, lang, title, refusal):
    """Issue 10: the gate's own pages in the language the browser asks for (Accept-Language), English otherwise."""
    web = client("127.0.0.30")
    page = web.get("/", headers={"Accept-Language": accept})
    assert f'<html lang="{lang}">' in page.text and f"<h1>{title}</h1>" in page.text
    wrong = web.get("/join", params={"code": "WRONG3"}, headers={"Accept-Language": accept})
    assert refusal in wrong.text


def test_a_phone_gone_mid_send_ends_the_apps_socket_as_a_disconnect():
    """Flet marks a session disconnected (so that it can expire) only when its socket ends on a receive; a send
    that raises because the phone went away would skip that, so the gate drops the frame and reports the
    disconnect on the next receive."""
    seen: list[str] = []

    async def app(scope, receive, send) -> None:
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "bytes": b"the first draw"})  # the phone is gone by now
        seen.append((await receive())["type"])

    async def client_receive():
        await asyncio.sleep(5)  # the phone never speaks again
        return {"type": "websocket.disconnect", "code": 1006}

    connect = [{"type": "websocket.connect"}]

    async def receive():
        return connect.pop() if connect else await client_receive()

    async def send(message) -> None:
        if message["type"] == "websocket.send" and "bytes" in message:
            raise OSError("client disconnected")

    scope = {"type": "websocket", "path": "/ws", "query_string": b"",
             "headers": [(b"host", b"127.0.0.1:8550"), (b"origin", b"http://127.0.0.1:8550")]}
    asyncio.run(asyncio.wait_for(Gate(app, ["127.0.0.1:8550"])(scope, receive, send), 2))
    assert seen == ["websocket.disconnect"]


def test_no_page_the_gate_lets_out_may_be_framed_by_another(table, client):
    """Issue 25: ``frame-ancestors 'none'`` and ``X-Frame-Options: DENY`` on every page, joined or not."""
    web = client("127.0.0.7")
    answers = [web.get("/"), web.get("/join", params={"code": "WRONG7"}), web.get("/", headers={"Host": "evil:1"})]
    _join(web, table.room_code)
    answers += [web.get("/"), web.get("/flutter_bootstrap.js"), web.get("/join")]
    for answer in answers:
        assert answer.headers.get("content-security-policy") == "frame-ancestors 'none'", answer.url
        assert answer.headers.get("x-frame-options") == "DENY", answer.url


def test_a_forwarded_address_does_not_walk_round_the_wrong_code_limit(tmp_path):
    """Issue 25: ``--lan`` has no proxy, so ``X-Forwarded-For`` is not believed: ten wrong codes from one phone
    naming ten addresses still make it wait. (From 127.0.0.1, which uvicorn trusts as a proxy by default: a table
    of its own, so the limit it reaches holds up no other test.)"""
    import httpx

    from tests.support.serving import served

    with served(tmp_path) as own, httpx.Client(base_url=own.base_url, timeout=30) as web:
        for n in range(10):
            web.get("/join", params={"code": "WRONG8"}, headers={"X-Forwarded-For": f"10.9.9.{n}"})
        assert web.get("/join", params={"code": own.room_code}, headers={"X-Forwarded-For": "10.9.9.99"}
                       ).status_code == 429


def test_a_damaged_keys_file_is_moved_aside_and_the_host_joins(tmp_path):
    """Issue 28 item 4: a list where passes belong answered 500 to the host's own join link."""
    import httpx

    from companion.net.codes import KEYS_FILE
    from tests.support.serving import served

    (tmp_path / KEYS_FILE).write_text('{"codes": {}, "passes": []}')
    with served(tmp_path) as damaged:
        assert damaged.keys is not None and damaged.keys.damaged is not None
        with httpx.Client(base_url=damaged.base_url, timeout=30) as web:
            joined = web.get("/join", params={"code": damaged.keys.host_code})
            assert joined.status_code == 200 and COOKIE in joined.cookies
            assert web.get("/join", params={"code": damaged.keys.room_code}).status_code == 200
    assert list((tmp_path / "damaged").iterdir()) == [damaged.keys.damaged]
