"""Gridbook's Python plugin host: runs GridOS-format plugins out of the server's process.

Protocol: one JSON object per line on stdin (requests, each with an "id") and on stdout
(replies echoing that id, plus one "ready" line at start). Only protocol lines reach stdout:
anything a plugin prints, or a library or child process writes to file descriptor 1, goes to
stderr, which the server reads as diagnostics.

Stdlib only. Until the version check below, the syntax must stay readable by older Pythons so
that they can say what is wrong instead of failing on a SyntaxError.
"""

import json
import sys

MINIMUM_PYTHON = (3, 9)
PYTHON_VERSION = "%d.%d.%d" % tuple(sys.version_info[:3])

if sys.version_info < MINIMUM_PYTHON:
    sys.stdout.write(
        json.dumps(
            {
                "ready": False,
                "python": PYTHON_VERSION,
                "error": "Python %d.%d or newer is required, found %s"
                % (MINIMUM_PYTHON + (PYTHON_VERSION,)),
            }
        )
        + "\n"
    )
    sys.stdout.flush()
    sys.exit(1)

import ast  # noqa: E402  (after the version check on purpose)
import importlib.util  # noqa: E402
import math  # noqa: E402
import os  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

# Plugin folders belong to their authors: no __pycache__ written into them.
sys.dont_write_bytecode = True

MODULE_PREFIX = "_gridbook_plugin_"
# Integers beyond this lose precision as JavaScript numbers.
LARGEST_EXACT_INTEGER = 2**53
# Nested plugin data (model specs) deeper than this is sent as text.
MAX_JSON_DEPTH = 32
PARENT_POLL_SECONDS = 1.0


class ProtocolStreams:
    """The host's private copies of stdin and stdout, taken before any plugin code runs.

    File descriptors 0 and 1 are then pointed at /dev/null and stderr, so a plugin calling
    input(), print(), os.system("echo") or a C library writing to stdout cannot read or corrupt
    protocol lines. os.dup's copies are not inherited by processes that plugins start.
    """

    def __init__(self):
        self.requests = os.fdopen(os.dup(0), "rb")
        self.replies = os.fdopen(os.dup(1), "wb")
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        os.dup2(2, 1)
        sys.stdout = sys.stderr

    def send(self, message):
        try:
            line = json.dumps(message, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
        except (TypeError, ValueError) as error:
            line = json.dumps(
                {"id": message.get("id"), "ok": False, "error": "internal error: %s" % error}
            )
        self.replies.write(line.encode("ascii") + b"\n")
        self.replies.flush()


def describe_exception(error):
    """'ValueError: bad input', as a call's error; the type alone when the message is empty."""
    message = str(error)
    name = type(error).__name__
    return "%s: %s" % (name, message) if message else name


def exception_message(error):
    """GridOS's load errors carry the message only; an empty one still says what happened."""
    return str(error) or type(error).__name__


def json_safe(value, depth=0):
    """Plugin data (model specs) as JSON the server can parse: no NaN, no objects, no tuples."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value if abs(value) <= LARGEST_EXACT_INTEGER else str(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if depth >= MAX_JSON_DEPTH:
        return str(value)
    if isinstance(value, (list, tuple)):
        return [json_safe(item, depth + 1) for item in value]
    if isinstance(value, dict):
        return {str(key): json_safe(item, depth + 1) for key, item in value.items()}
    return str(value)


def engine_argument(value):
    """Numbers arrive as JSON integers when whole; GridOS's engine passes floats, and plugins
    such as hello_world compare or format them as floats."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return float(value)
    if isinstance(value, list):
        return [engine_argument(item) for item in value]
    return value


def result_to_wire(name, value):
    """A formula's return value as a reply: scalars as they are, anything else as text."""
    if value is None or isinstance(value, (bool, str)):
        return {"ok": True, "value": value}
    if isinstance(value, int):
        if abs(value) <= LARGEST_EXACT_INTEGER:
            return {"ok": True, "value": value}
        try:
            value = float(value)
        except OverflowError:
            return {"ok": False, "error": "OverflowError: %s returned a number too large" % name}
    if isinstance(value, float):
        if math.isfinite(value):
            return {"ok": True, "value": value}
        return {"ok": False, "error": "ValueError: %s returned %s, not a finite number" % (name, value)}
    try:
        return {"ok": True, "value": str(value)}
    except Exception as error:
        return {"ok": False, "error": describe_exception(error)}


class Formula:
    def __init__(self, slug, function):
        self.slug = slug
        self.function = function


class Registry:
    """What every loaded plugin registered, and the secrets of the call now running."""

    def __init__(self):
        self.formulas = {}  # NAME -> Formula
        self.agents = {}  # slug -> [agent dict]
        self.models = {}  # slug -> [model dict]
        self.call_secrets = {}
        # False in SaaS mode: the environment holds the operator's credentials, not the caller's.
        self.call_environment = True

    def owner_of(self, name):
        formula = self.formulas.get(name)
        return None if formula is None else formula.slug

    def remove(self, slug):
        for name in [name for name, formula in self.formulas.items() if formula.slug == slug]:
            del self.formulas[name]
        self.agents.pop(slug, None)
        self.models.pop(slug, None)
        sys.modules.pop(MODULE_PREFIX + slug, None)

    def commit(self, slug, staged):
        for name, function in staged.formulas.items():
            self.formulas[name] = Formula(slug, function)
        self.agents[slug] = staged.agents
        self.models[slug] = staged.models

    def secret(self, plugin_slug, key_name, env_fallback):
        per_plugin = self.call_secrets.get(plugin_slug)
        if isinstance(per_plugin, dict):
            value = per_plugin.get(key_name)
            if isinstance(value, str) and value != "":
                return value
        if not self.call_environment:
            return ""
        if env_fallback:
            value = os.environ.get(str(env_fallback))
            if value:
                return value
        return os.environ.get("%s_%s" % (str(plugin_slug).upper(), key_name)) or ""


class Staged:
    """One plugin's registrations while its register() runs: committed only if it succeeds, so
    a failing plugin leaves nothing behind (GridOS kept the formulas registered before the
    failure)."""

    def __init__(self):
        self.formulas = {}
        self.agents = []
        self.models = []


class PluginKernel:
    """The `kernel` GridOS plugins receive in register(kernel), with GridOS's checks and errors."""

    def __init__(self, registry, slug):
        self._registry = registry
        self._slug = slug
        self._staged = Staged()
        self._open = True

    def formula(self, name=None):
        if callable(name):  # a bare @kernel.formula: the function's own name
            return self.formula()(name)

        def decorator(function):
            self._require_open()
            key = str(name or function.__name__).upper()
            self._staged.formulas[key] = function
            return function

        return decorator

    def agent(self, spec):
        self._require_open()
        if not isinstance(spec, dict) or "id" not in spec or "system_prompt" not in spec:
            raise ValueError("Plugin agent spec requires 'id' and 'system_prompt'")
        self._staged.agents.append(
            {
                "id": str(spec["id"]),
                "display_name": str(spec.get("display_name") or spec["id"]),
                "router_description": str(spec.get("router_description") or ""),
                "system_prompt": str(spec["system_prompt"]),
            }
        )
        return spec

    def model(self, entry):
        self._require_open()
        if not isinstance(entry, dict):
            raise ValueError("Plugin model entry must be a dict")
        for required in ("id", "provider", "display_name", "description"):
            if required not in entry:
                raise ValueError("Plugin model entry missing '%s'" % required)
        wire = json_safe(entry)
        for required in ("id", "provider", "display_name", "description"):
            wire[required] = str(entry[required])
        self._staged.models.append(wire)
        return entry

    def get_secret(self, plugin_slug, key_name, env_fallback=None):
        return self._registry.secret(plugin_slug, key_name, env_fallback)

    def close(self):
        self._open = False
        return self._staged

    def _require_open(self):
        # The server learns a plugin's formulas from its load reply; a later registration
        # would be invisible to it, so it fails loudly instead.
        if not self._open:
            raise RuntimeError("plugins register formulas, agents and models inside register(kernel)")


def read_manifest(directory):
    """None when the manifest is absent or valid; otherwise why it is not."""
    path = os.path.join(directory, "manifest.json")
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as handle:
            manifest = json.load(handle)
    except (ValueError, OSError) as error:
        return str(error)
    return None if isinstance(manifest, dict) else "expected a JSON object"


def import_plugin(slug, directory):
    """(module, None) or (None, error)."""
    module_name = MODULE_PREFIX + slug
    sys.modules.pop(module_name, None)
    spec = importlib.util.spec_from_file_location(module_name, os.path.join(directory, "plugin.py"))
    if spec is None or spec.loader is None:
        return None, "import failed: could not build import spec"
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as error:
        sys.modules.pop(module_name, None)
        return None, "import failed: %s" % exception_message(error)
    return module, None


class Host:
    def __init__(self):
        self.registry = Registry()

    def handle(self, request):
        operation = request.get("op")
        handler = {
            "load": self.load,
            "unload": self.unload,
            "check": self.check,
            "call": self.call,
            "ping": self.ping,
        }.get(operation)
        if handler is None:
            return {"ok": False, "error": "unknown op %r" % (operation,)}
        return handler(request)

    def load(self, request):
        slug, directory = request.get("slug"), request.get("dir")
        if not isinstance(slug, str) or not isinstance(directory, str):
            return {"ok": False, "error": "bad request: load needs slug and dir"}
        # A re-load replaces the previous version; if it fails, the plugin is not loaded.
        self.registry.remove(slug)
        problem = read_manifest(directory)
        if problem is not None:
            return {"ok": False, "error": "manifest: %s" % problem}
        module, error = import_plugin(slug, directory)
        if error is not None:
            return {"ok": False, "error": error}
        staged, error = self.register(slug, module)
        if error is not None:
            sys.modules.pop(MODULE_PREFIX + slug, None)
            return {"ok": False, "error": error}
        self.registry.commit(slug, staged)
        return {
            "ok": True,
            "formulas": list(staged.formulas),
            "agents": staged.agents,
            "models": staged.models,
        }

    def register(self, slug, module):
        """(staged registrations, None) or (None, error)."""
        register = getattr(module, "register", None)
        if not callable(register):
            return None, "missing register(kernel) function"
        kernel = PluginKernel(self.registry, slug)
        try:
            register(kernel)
        except (Exception, SystemExit) as error:
            kernel.close()
            return None, "register() failed: %s" % exception_message(error)
        staged = kernel.close()
        for name in staged.formulas:
            owner = self.registry.owner_of(name)
            if owner is not None and owner != slug:
                return None, "register() failed: formula %s is already registered by plugin %s" % (
                    name,
                    owner,
                )
        return staged, None

    def unload(self, request):
        slug = request.get("slug")
        if isinstance(slug, str):
            self.registry.remove(slug)
        return {"ok": True}

    def check(self, request):
        source = request.get("source")
        if not isinstance(source, str):
            return {"ok": False, "error": "bad request: check needs source"}
        try:
            compile(source, "plugin.py", "exec", dont_inherit=True)
            tree = ast.parse(source, "plugin.py")
        except SyntaxError as error:
            return {"ok": False, "error": "SyntaxError: %s (line %s)" % (error.msg, error.lineno)}
        except ValueError as error:  # null bytes, before Python 3.12 made them a SyntaxError
            return {"ok": False, "error": "SyntaxError: %s" % error}
        except (RecursionError, MemoryError) as error:
            return {"ok": False, "error": describe_exception(error)}
        defines_register = any(
            isinstance(node, ast.FunctionDef) and node.name == "register" for node in tree.body
        )
        return {"ok": True} if defines_register else {"ok": False, "error": "missing register(kernel) function"}

    def call(self, request):
        name = str(request.get("name", "")).upper()
        arguments = request.get("args", [])
        if not isinstance(arguments, list):
            return {"ok": False, "error": "bad request: args must be a list"}
        formula = self.registry.formulas.get(name)
        if formula is None:
            return {"ok": False, "error": "unknown function %s" % name}
        secrets = request.get("secrets")
        # A formula sees only its own plugin's secrets, whatever the caller sent.
        own = secrets.get(formula.slug) if isinstance(secrets, dict) else None
        self.registry.call_secrets = {formula.slug: own} if isinstance(own, dict) else {}
        self.registry.call_environment = request.get("environment") is not False
        try:
            value = formula.function(*[engine_argument(item) for item in arguments])
        except (Exception, SystemExit) as error:
            return {"ok": False, "error": describe_exception(error)}
        finally:
            self.registry.call_secrets = {}
            self.registry.call_environment = True
        return result_to_wire(name, value)

    def ping(self, _request):
        return {"ok": True, "python": PYTHON_VERSION}


def exit_when_orphaned():
    """A server killed while a formula loops never closes our stdin; without this watch the
    host would spin on, orphaned, forever."""
    parent = os.getppid()

    def watch():
        while True:
            time.sleep(PARENT_POLL_SECONDS)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="gridbook-parent-watch", daemon=True).start()


def parse_request(raw):
    """(request, None) or (None, error reply)."""
    try:
        request = json.loads(raw.decode("utf-8"))
    except ValueError as error:
        return None, {"id": None, "ok": False, "error": "bad request: %s" % error}
    if not isinstance(request, dict):
        return None, {"id": None, "ok": False, "error": "bad request: expected a JSON object"}
    return request, None


def serve(streams, host):
    for raw in streams.requests:
        if not raw.strip():
            continue
        request, bad = parse_request(raw)
        if bad is not None:
            streams.send(bad)
            continue
        try:
            reply = host.handle(request)
        except Exception as error:  # a bug of this host, not of a plugin: answer and go on
            reply = {"ok": False, "error": "internal error: %s" % describe_exception(error)}
        reply["id"] = request.get("id")
        streams.send(reply)


def main():
    streams = ProtocolStreams()
    exit_when_orphaned()
    # The interpreter's own path lets the server respawn it without a launcher in between
    # (pyenv's shim costs half a second per start).
    streams.send({"ready": True, "python": PYTHON_VERSION, "executable": sys.executable or None})
    serve(streams, Host())


if __name__ == "__main__":
    main()
