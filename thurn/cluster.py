"""The command line's way to a Dask cluster: ``python -m thurn simulate | ladder --scheduler tcp://host:8786``.

The scheduler's address comes from ``--scheduler``, or else from Dask's own configuration, read as Dask's tools read
it: the key ``scheduler-address`` (``dask.config``), which the environment variable ``DASK_SCHEDULER_ADDRESS`` or a
Dask YAML file sets. With an address the games go to a ``dask.distributed.Client`` that
:func:`thurn.sim.simulate` takes as its ``executor``; the tables are the same as in-process for the same seed (the
games are seeded one by one and come back in game order). The address is checked before anything is sent (at most
:data:`MAX_ADDRESS` characters, ``tcp://`` or ``tls://``, a host and a port), the scheduler must answer within
:data:`CONNECT_SECONDS` and have a worker that runs this version of thurn, and the client is closed afterwards::

    with cluster("tcp://10.0.0.5:8786") as client:       # None when no address is given or configured
        sim = simulate(1000, bots="greedy", executor=client)

Dask is the optional extra ``thurn[dask]`` (``pip install 'thurn[dask]'``); without it an address is refused with
that sentence.
"""
from __future__ import annotations

import ipaddress
import os
import re
from contextlib import contextmanager
from urllib.parse import urlsplit

from .errors import SimulationError, short_repr

__all__ = ["ClusterError", "cluster", "scheduler_address", "check_address", "open_client", "describe",
           "MAX_ADDRESS", "CONNECT_SECONDS", "SCHEMES", "ENV"]

#: The longest scheduler address taken (a host name is at most 253 characters, a port 5 digits).
MAX_ADDRESS = 300
#: The seconds a scheduler has to answer, and then to show a worker, before the run is refused.
CONNECT_SECONDS = 10.0
#: The protocols a scheduler is reached by from another process: plain TCP and TCP with TLS (``inproc://`` lives
#: inside one process, ``ucx://`` and ``ws://`` need more than thurn's extra installs).
SCHEMES = ("tcp", "tls")
#: The environment variable Dask reads the key ``scheduler-address`` from.
ENV = "DASK_SCHEDULER_ADDRESS"
#: How to install Dask.
INSTALL = "pip install 'thurn[dask]'"

_HOST = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?")


class ClusterError(SimulationError):
    """A Dask cluster that cannot be used: a bad address, Dask not installed, a scheduler that does not answer, no
    worker, or workers without this thurn. ``reason`` says which."""

    reason = "cluster"


def check_address(address) -> str:
    """The scheduler address ``address`` as Dask takes it (``tcp://host:port`` or ``tls://host:port``; a bare
    ``host:port`` is TCP, Dask's default), or :class:`ClusterError` saying what is wrong with it."""
    if not isinstance(address, str):
        raise ClusterError(f"a scheduler address is a text like tcp://host:8786, not {short_repr(address)}.",
                           "bad_scheduler_address")
    text = address.strip()
    if len(text) > MAX_ADDRESS:
        raise ClusterError(f"the scheduler address is {len(text):,} characters long; an address has at most "
                           f"{MAX_ADDRESS} (tcp://host:8786).", "bad_scheduler_address")
    if "://" not in text:
        text = "tcp://" + text
    scheme = text.split("://", 1)[0].lower()
    if scheme not in SCHEMES:
        raise ClusterError(f"the scheduler address {short_repr(address)} uses {scheme}://; a Dask scheduler is "
                           f"reached from the command line by {' or '.join(s + '://' for s in SCHEMES)} "
                           f"(e.g. tcp://host:8786, as `dask scheduler` prints it).", "bad_scheduler_address")
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        port, parts = None, None
    host = parts.hostname if parts is not None else None
    if (parts is None or not host or port is None or port < 1 or parts.path or parts.query or parts.fragment
            or parts.username is not None or parts.password is not None or not _host(host)):
        raise ClusterError(f"the scheduler address {short_repr(address)} is not SCHEME://HOST:PORT: give the address "
                           f"`dask scheduler` prints, e.g. tcp://192.168.1.5:8786.", "bad_scheduler_address")
    host = f"[{host}]" if ":" in host else host
    return f"{scheme}://{host}:{port}"


def _host(host: str) -> bool:
    """A host name or an IP address (v4 or v6)."""
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return len(host) <= 253 and _HOST.fullmatch(host) is not None


def scheduler_address(address=None, workers=None) -> str | None:
    """The scheduler to play on: ``address`` (``--scheduler``) when given, else the address Dask is configured
    with (the key ``scheduler-address``: ``DASK_SCHEDULER_ADDRESS`` or a Dask YAML file), checked by
    :func:`check_address`; None for local play. An address given together with local ``workers`` is refused; a
    configured one gives way to them (``--workers`` asks for local processes)."""
    if address is not None:
        if workers is not None:
            raise ClusterError("--scheduler sends the games to a Dask cluster and --workers plays them in local "
                               "processes: give one of them (the cluster's workers are started with `dask worker`).",
                               "scheduler_and_workers")
        return check_address(address)
    if workers is not None:
        return None
    try:
        import dask.config
    except ImportError:
        configured = os.environ.get(ENV) or None
        if configured is not None:
            raise ClusterError(f"{ENV} is set ({short_repr(configured)}), but Dask is not installed here: "
                               f"{INSTALL}, or unset {ENV} to play on this machine.", "needs_dask")
        return None
    configured = dask.config.get("scheduler-address", None)
    return check_address(configured) if configured else None


def open_client(address: str, timeout: float | None = None):
    """A ``dask.distributed.Client`` of the scheduler at ``address`` (checked), with at least one worker that runs
    this version of thurn; :class:`ClusterError` when Dask is missing, the scheduler does not answer or shows no
    worker within ``timeout`` seconds (:data:`CONNECT_SECONDS`), or a worker lacks thurn or runs another version."""
    address = check_address(address)
    timeout = CONNECT_SECONDS if timeout is None else timeout
    try:
        from dask.distributed import Client
    except ImportError:
        raise ClusterError(f"playing on a Dask cluster (--scheduler, {ENV}) needs Dask: {INSTALL}.",
                           "needs_dask") from None
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except Exception as e:      # OSError, TimeoutError, a TLS set-up error: Dask's own sentence follows
        raise ClusterError(f"no Dask scheduler answered at {address} within {timeout:g} s: is `dask scheduler` "
                           f"running there, and can this machine reach it? (Dask: {str(e)[:200]})",
                           "scheduler_unreachable") from None
    try:
        _check_workers(client, address, timeout)
    except BaseException:
        client.close()
        raise
    return client


def _check_workers(client, address: str, timeout: float) -> None:
    from . import __version__

    try:
        client.wait_for_workers(1, timeout=timeout)
    except Exception:
        raise ClusterError(f"the Dask scheduler at {address} has no worker (none came within {timeout:g} s): start "
                           f"one with `dask worker {address}` on a machine where thurn is installed.",
                           "no_workers") from None
    try:
        versions = client.run(_thurn_version)
    except Exception as e:
        raise ClusterError(f"the workers of the Dask scheduler at {address} cannot import thurn "
                           f"({str(e)[:200]}): install thurn {__version__} on every worker.",
                           "thurn_missing_on_workers") from None
    other = sorted({v for v in versions.values() if v != __version__})
    if other:
        raise ClusterError(f"the workers of the Dask scheduler at {address} run thurn {', '.join(other)} and this "
                           f"machine thurn {__version__}: install the same version everywhere, so that a seed gives "
                           f"the same games.", "thurn_version_differs")


def _thurn_version() -> str:
    """The version of thurn a worker imports (run on every worker by :func:`open_client`)."""
    from . import __version__

    return __version__


def describe(client) -> str:
    """``'2 workers, 8 threads'``: what a client's cluster plays on."""
    threads = client.nthreads()
    n, t = len(threads), sum(threads.values())
    return f"{n} worker{'s' if n != 1 else ''}, {t} thread{'s' if t != 1 else ''}"


@contextmanager
def cluster(address=None, workers=None, timeout: float | None = None):
    """The client of the scheduler :func:`scheduler_address` names (``--scheduler``, else ``DASK_SCHEDULER_ADDRESS``
    as Dask reads it), open for the ``with`` block and closed after it; None when there is none (local play)."""
    address = scheduler_address(address, workers)
    if address is None:
        yield None
        return
    client = open_client(address, timeout)
    try:
        yield client
    finally:
        client.close()
