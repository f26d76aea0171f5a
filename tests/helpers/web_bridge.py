"""A test-only web server that lets a real browser talk to real libqi services.

Pepper's tablet loads a package's page from ``/apps/<package uuid>/`` and QiMessaging from
``/libs/qimessaging/2/qimessaging.js``, which talks to NAOqi over socket.io. A desktop
browser has neither, so this bridge serves the repository's ``html/`` at
``/apps/animate-behaviour/``, ``tests/helpers/qimessaging_standin.js`` in place of QiMessaging, and
forwards the stand-in's requests to a ``qi.Session`` (Python 3 only; never shipped):

- ``GET /bridge/describe?service=Name``: {"result": {"methods": [...], "signals": [...],
  "properties": [...]}} from the service's ``metaObject()``, or {"error": "..."} when the
  service is not registered (libqi's own message).
- ``POST /bridge/call`` {"service", "method", "args", "page", "order"}: {"result": value} or
  {"error": "..."}. Each request is a connection of its own and may overtake an earlier one,
  but QiMessaging sends a page's calls down one socket: the bridge starts a page's calls in
  the stand-in's ``order`` (waiting at most MAX_WAIT for a missing one) and waits for their
  answers apart, so they reach the service as they would on Pepper.
- ``POST /bridge/connect`` {"service", "signal"}: connects a real qi signal link, kept until
  ``/bridge/disconnect`` {"link"} or ``close()``; {"result": link}.
- ``GET /bridge/events?after=N[&wait=seconds]``: long poll; {"events": [{"id", "link",
  "service", "signal", "args"}, ...], "last": the newest event id}, once any event newer than
  N is queued or ``wait`` (at most MAX_WAIT) has passed.

``set_online(False)`` answers every ``/bridge/`` request with 503, as if the tablet had lost
its connection to NAOqi, until ``set_online(True)``. ``hold_answers(method)`` keeps the
answers of ``method``'s calls (made at once, their results fixed) and ``release_newest()``
sends them one by one, the newest first: each call is a request of its own, so on a busy
network an older answer may arrive after a newer one. ``answer_instead(method, answer)``
answers ``method``'s calls with ``answer(call)`` (``call()`` makes the real call), for a
service that refuses or reports what the real one cannot yet; ``calls(method)`` lists the
arguments the page sent.
"""
import collections
import contextlib
import functools
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from socketserver import ThreadingMixIn
from urllib.parse import parse_qs, urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
APP_PREFIX = "/apps/animate-behaviour/"
QIMESSAGING_PATH = "/libs/qimessaging/2/qimessaging.js"
STANDIN = os.path.join(HERE, "qimessaging_standin.js")
MAX_WAIT = 10.0
# The failures a qi call, look-up or link reports for a caller's mistake or a vanished
# service; the browser gets them as the promise's error, as from QiMessaging.
QI_ERRORS = (RuntimeError, AttributeError, TypeError, ValueError)
CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "application/javascript",
                 ".css": "text/css", ".png": "image/png", ".json": "application/json",
                 ".svg": "image/svg+xml"}


def _raise(error):
    raise error


class _Server(ThreadingMixIn, HTTPServer):
    daemon_threads = True  # a long poll still open never keeps the tests from ending
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        """A browser that closed its side (a long poll when the page goes) is no error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            HTTPServer.handle_error(self, request, client_address)


class WebBridge(object):
    """Serves the page and bridges the browser to ``session``'s services on
    http://127.0.0.1:<free port>; ``close()`` disconnects every signal link and stops."""

    def __init__(self, session, html_dir=os.path.join(ROOT, "html")):
        self._session = session
        self._html_dir = os.path.realpath(html_dir)
        self._lock = threading.Condition()
        # The session's look-ups, calls and links are made one at a time: libqi 3.1.5
        # crashed (a segmentation fault, in a fresh CI run) when the handler's threads
        # looked services up and connected signals on one session at once. The page's
        # QiMessaging sends them over one socket, one after the other, as well.
        self._qi = threading.Lock()
        self._links = {}  # link -> (service proxy, signal name, qi link)
        self._next_link = 1
        self._events = []
        self._online = True
        self._closed = False
        self._lookups = collections.Counter()  # service name -> how often the page looked it up
        self._answered = collections.Counter()  # method -> calls answered
        self._holding = None  # the method whose answers are held, or None
        self._held = []  # [(release, sent)] Events of each held answer, oldest first
        self._sending = threading.local()  # the held answer this handler thread sends
        self._instead = {}  # method -> answer(call) given in place of the real call's
        self._calls = collections.defaultdict(list)  # method -> [args of each call]
        self._turns = {}  # page -> the order of its next call to start
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.bridge = self
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        name="web_bridge", kwargs={"poll_interval": 0.1})
        self._thread.daemon = True
        self._thread.start()

    @property
    def url(self):
        return "http://127.0.0.1:%d" % self._server.server_address[1]

    @property
    def page_url(self):
        return self.url + APP_PREFIX + "index.html"

    @property
    def online(self):
        return self._online

    def lookups(self, service):
        """How often the page has looked ``service`` up."""
        with self._lock:
            return self._lookups[service]

    def set_online(self, online):
        """False: every bridge request fails (503) as if the connection to NAOqi broke."""
        with self._lock:
            self._online = online
            self._lock.notify_all()  # open long polls answer (and fail) at once

    # -- what the handler asks ---------------------------------------------------------

    def describe(self, service):
        """The names of ``service``'s methods, signals and properties (the page's
        ``session.service``, counted, found or not)."""
        with self._lock:
            self._lookups[service] += 1
        with self._qi:
            meta = self._session.service(service).metaObject()
        return dict((kind, sorted(set(member["name"] for member in meta[kind].values())))
                    for kind in ("methods", "signals", "properties"))

    def answered(self, method):
        """How many calls of ``method`` the bridge has answered."""
        with self._lock:
            return self._answered[method]

    def held(self):
        """How many answers are held now."""
        with self._lock:
            return len(self._held)

    def hold_answers(self, method):
        """Keep the answers of ``method``'s calls until release_newest() sends them."""
        with self._lock:
            self._holding = method

    def release_newest(self):
        """Send the newest held answer, once it is sent return; the older ones stay held
        (holding goes on until none is left)."""
        with self._lock:
            release, sent = self._held.pop()
            if not self._held:
                self._holding = None
        release.set()
        sent.wait(MAX_WAIT)

    def answer_instead(self, method, answer):
        """Answer ``method``'s calls with ``answer(call)``; ``call()`` makes the real one."""
        with self._lock:
            self._instead[method] = answer

    def calls(self, method):
        """The arguments of each call of ``method`` the page made, oldest first."""
        with self._lock:
            return list(self._calls[method])

    @contextlib.contextmanager
    def in_turn(self, page, order):
        """Runs the block once the page's calls before ``order`` have run theirs."""
        with self._lock:
            if order is not None:
                self._lock.wait_for(lambda: self._turns.get(page, 0) >= order, MAX_WAIT)
        try:
            yield
        finally:
            with self._lock:
                if order is not None:
                    self._turns[page] = max(self._turns.get(page, 0), order + 1)
                    self._lock.notify_all()

    def start_call(self, service, method, args):
        """Starts ``service.method(*args)`` over qi, from the session's own look-up each time
        (a service registered again is found, a vanished one fails as it would on Pepper).
        Returns a function that waits for the result or raises the call's error."""
        with self._lock:
            self._calls[method].append(list(args))
            answer = self._instead.get(method)

        def send():
            with self._qi:  # the call is started, not waited for
                return getattr(self._session.service(service), method)(*args, _async=True)
        if answer is not None:
            return lambda: answer(lambda: send().value())
        try:
            return send().value
        except QI_ERRORS as err:
            return functools.partial(_raise, err)

    def wait_if_held(self, method):
        """Before an answer of ``method`` is sent: wait while such answers are held."""
        with self._lock:
            if method != self._holding:
                return
            release, sent = threading.Event(), threading.Event()
            self._held.append((release, sent))
            self._sending.sent = sent
        release.wait(MAX_WAIT)

    def count_answer(self, method):
        """An answer of ``method`` has been sent."""
        with self._lock:
            self._answered[method] += 1
        sent = getattr(self._sending, "sent", None)
        if sent is not None:
            self._sending.sent = None
            sent.set()

    def connect(self, service, signal):
        """Connect ``service.signal``; its emissions are queued as events. Returns the link."""
        with self._qi:
            proxy = self._session.service(service)
        with self._lock:
            link = self._next_link
            self._next_link += 1

        def queue(*args):
            with self._lock:
                if link in self._links:
                    self._events.append({"id": len(self._events) + 1, "link": link,
                                         "service": service, "signal": signal,
                                         "args": list(args)})
                    self._lock.notify_all()
        # Registered before connecting: an emission right after connect is not lost.
        with self._lock:
            self._links[link] = None
        try:
            with self._qi:
                qi_link = getattr(proxy, signal).connect(queue)
        except QI_ERRORS:
            with self._lock:
                del self._links[link]
            raise
        with self._lock:
            self._links[link] = (proxy, signal, qi_link)
        return link

    def disconnect(self, link):
        """Disconnect the link; True if it was connected."""
        with self._lock:
            entry = self._links.pop(link, None)
        if entry is None:
            return False
        proxy, signal, qi_link = entry
        try:
            with self._qi:
                getattr(proxy, signal).disconnect(qi_link)
        except QI_ERRORS:
            pass  # the service is gone, and its links with it
        return True

    def events_after(self, after, wait):
        """Events newer than ``after``, waiting up to ``wait`` s for one."""
        with self._lock:
            self._lock.wait_for(lambda: (len(self._events) > after or self._closed
                                         or not self._online), min(wait, MAX_WAIT))
            if not self._online:
                raise _Offline()
            return self._events[after:], len(self._events)

    def close(self):
        """Disconnect every signal link, end the open long polls and stop serving."""
        with self._lock:
            links = list(self._links)
        for link in links:
            self.disconnect(link)
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5.0)

    def file_for(self, path):
        """The file served at ``path``, or None."""
        if path == QIMESSAGING_PATH:
            return STANDIN
        if not path.startswith(APP_PREFIX):
            return None
        relative = path[len(APP_PREFIX):] or "index.html"
        full = os.path.realpath(os.path.join(self._html_dir, relative))
        if not full.startswith(self._html_dir + os.sep) or not os.path.isfile(full):
            return None
        return full


class _Offline(Exception):
    """The bridge plays a lost connection."""


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass  # keep pytest's output for the tests' own failures

    @property
    def bridge(self):
        return self.server.bridge

    def do_GET(self):  # noqa: N802 (http.server's name)
        parts = urlsplit(self.path)
        query = dict((key, values[-1]) for key, values in parse_qs(parts.query).items())
        if parts.path == "/bridge/describe":
            self._answer_qi(lambda: self.bridge.describe(query.get("service", "")))
        elif parts.path == "/bridge/events":
            try:
                events, last = self.bridge.events_after(int(query.get("after", "0")),
                                                        float(query.get("wait", MAX_WAIT)))
            except _Offline:
                self._send(503, {"error": "offline"})
                return
            self._send(200, {"events": events, "last": last})
        else:
            self._send_file(parts.path)

    def do_POST(self):  # noqa: N802 (http.server's name)
        length = int(self.headers.get("Content-Length") or 0)
        try:
            request = json.loads(self.rfile.read(length).decode("utf-8") or "{}")
        except ValueError as err:
            self._send(400, {"error": "bad JSON: %s" % err})
            return
        path = urlsplit(self.path).path
        if path == "/bridge/call":
            self._answer_call(request)
        elif path == "/bridge/connect":
            self._answer_qi(lambda: self.bridge.connect(request["service"], request["signal"]))
        elif path == "/bridge/disconnect":
            self._answer_qi(lambda: self.bridge.disconnect(request["link"]))
        else:
            self._send(404, {"error": "no such bridge request: %s" % path})

    def _answer_call(self, request):
        method = request.get("method")
        try:
            with self.bridge.in_turn(request.get("page"), request.get("order")):
                if not self.bridge.online:
                    self._send(503, {"error": "offline"})
                    return
                if "service" not in request:
                    self._send(400, {"error": "missing field 'service'"})
                    return
                result = self.bridge.start_call(request["service"], method,
                                                request.get("args", []))
            self._answer_qi(result, before_sending=lambda: self.bridge.wait_if_held(method))
        finally:
            self.bridge.count_answer(method)

    def _answer_qi(self, action, before_sending=None):
        if not self.bridge.online:
            self._send(503, {"error": "offline"})
            return
        try:
            answer = {"result": action()}
        except QI_ERRORS as err:
            answer = {"error": str(err)}
        except KeyError as err:
            self._send(400, {"error": "missing field %s" % err})
            return
        if before_sending is not None:
            before_sending()
        self._send(200, answer)

    def _send(self, status, body):
        data = json.dumps(body, default=repr).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def _send_file(self, path):
        full = self.bridge.file_for(path)
        if full is None:
            data = b"not found"
            self.send_response(404)
            self.send_header("Content-Type", "text/plain")
        else:
            with open(full, "rb") as stream:
                data = stream.read()
            self.send_response(200)
            self.send_header("Content-Type", CONTENT_TYPES.get(
                os.path.splitext(full)[1], "application/octet-stream"))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)
