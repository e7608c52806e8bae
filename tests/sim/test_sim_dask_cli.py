"""python -m thurn simulate | ladder --scheduler (and DASK_SCHEDULER_ADDRESS) on a local Dask cluster on 127.0.0.1:
the same tables as on this machine, and the refusals (thurn.cluster).

Named to run after test_sim_dask.py (pytest takes a folder's files in name order; see there): the cluster's threads
are gone before a later file forks a process pool. The cluster plays in this process (``processes=False``) over
TCP, so the command line reaches it as it reaches a remote one, and a subprocess can too."""
import os
import socket
import subprocess
import sys
import time

import pytest

distributed = pytest.importorskip("dask.distributed")

import dask.config  # noqa: E402

from thurn import cluster as cluster_module  # noqa: E402
from thurn.__main__ import main, tables_paths  # noqa: E402
from thurn.cluster import ClusterError, check_address, scheduler_address  # noqa: E402

from tests.support.paths import ROOT  # noqa: E402

SIMULATE = ["simulate", "--players", "2", "--games", "4", "--seed", "5", "--bots", "greedy", "random", "--rotate"]
LADDER = ["ladder", "--bots", "random", "greedy", "--players", "2", "--games", "2", "--seed", "3"]
#: The seconds a scheduler has to answer in these tests.
CONNECT = 1.0


def _cluster(n_workers=1):
    """A cluster in this process over TCP on 127.0.0.1; its scheduler's HTTP port any free one (not 8787)."""
    return distributed.LocalCluster(host="127.0.0.1", protocol="tcp://", n_workers=n_workers, threads_per_worker=1,
                                    processes=False, dashboard_address=None,
                                    scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})


@pytest.fixture(scope="module")
def local_cluster():
    """One worker thread in this process, listening on 127.0.0.1 only (on free ports), no dashboard."""
    with _cluster() as c:
        yield c


@pytest.fixture(autouse=True)
def quick_connect(monkeypatch):
    """No scheduler address from the environment unless a test sets one, and a short connect time."""
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", CONNECT)
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    with dask.config.set({"scheduler-address": None}):
        yield


def _free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tables(tmp_path, name, argv, capsys):
    """Run ``argv`` with ``--csv``; the per-player and per-game CSV texts, stdout and stderr."""
    out = tmp_path / name
    assert main([*argv, "--csv", str(out)]) == 0
    printed = capsys.readouterr()
    paths = tables_paths(out) if argv[0] == "simulate" else (out,)
    return [p.read_text(encoding="utf-8") for p in paths], printed


@pytest.mark.cluster
def test_simulate_on_the_cluster_gives_the_tables_of_this_machine(local_cluster, tmp_path, capsys):
    here, printed_here = _tables(tmp_path, "here.csv", [*SIMULATE, "--workers", "1"], capsys)
    there, printed_there = _tables(tmp_path, "there.csv", [*SIMULATE, "--scheduler", local_cluster.scheduler_address],
                                   capsys)
    assert there == here
    assert printed_there.out.replace("there", "here") == printed_here.out
    assert f"playing on the Dask cluster at {local_cluster.scheduler_address} (1 worker, 1 thread)" in \
        printed_there.err
    assert "Dask" not in printed_here.err


@pytest.mark.cluster
def test_the_ladder_on_the_cluster_gives_the_table_of_this_machine(local_cluster, tmp_path, capsys):
    here, _ = _tables(tmp_path, "here.csv", [*LADDER, "--workers", "1"], capsys)
    there, printed = _tables(tmp_path, "there.csv", [*LADDER, "--scheduler", local_cluster.scheduler_address], capsys)
    assert there == here
    assert "python -m thurn ladder: playing on the Dask cluster" in printed.err


@pytest.mark.cluster
def test_dask_scheduler_address_in_the_environment_is_read_as_dask_reads_it(local_cluster, tmp_path, capsys):
    """A fresh process, as a user runs it: Dask reads DASK_SCHEDULER_ADDRESS into its key scheduler-address."""
    here, _ = _tables(tmp_path, "here.csv", [*SIMULATE, "--workers", "1"], capsys)
    out = tmp_path / "env.csv"
    env = dict(os.environ, DASK_SCHEDULER_ADDRESS=local_cluster.scheduler_address)
    run = subprocess.run([sys.executable, "-m", "thurn", *SIMULATE, "--csv", str(out)], capture_output=True,
                         text=True, timeout=120, cwd=ROOT, env=env)
    assert run.returncode == 0, run.stderr[-3000:]
    assert f"playing on the Dask cluster at {local_cluster.scheduler_address}" in run.stderr
    assert [p.read_text(encoding="utf-8") for p in tables_paths(out)] == here


@pytest.mark.cluster
def test_the_configured_address_gives_way_to_workers_and_to_scheduler(local_cluster):
    with dask.config.set({"scheduler-address": local_cluster.scheduler_address}):
        assert scheduler_address() == local_cluster.scheduler_address
        assert scheduler_address(workers=2) is None                 # --workers: this machine's processes
        assert scheduler_address("tcp://10.0.0.5:8786") == "tcp://10.0.0.5:8786"
    assert scheduler_address() is None


def _clients(scheduler, expected: set) -> set:
    """The scheduler's clients once they are ``expected`` (a client's goodbye takes a moment), or after 10 s."""
    deadline = time.monotonic() + 10
    while set(scheduler.clients) != expected and time.monotonic() < deadline:
        time.sleep(0.05)
    return set(scheduler.clients)


@pytest.mark.cluster
def test_the_client_is_closed_after_the_run(local_cluster, tmp_path, capsys):
    before = set(local_cluster.scheduler.clients)
    _tables(tmp_path, "x.csv", [*LADDER, "--scheduler", local_cluster.scheduler_address], capsys)
    assert _clients(local_cluster.scheduler, before) == before


@pytest.mark.parametrize("address, words", [
    ("inproc://127.0.0.1/1/1", "inproc://"),
    ("ucx://127.0.0.1:8786", "ucx://"),
    ("tcp://127.0.0.1", "not SCHEME://HOST:PORT"),
    ("tcp://127.0.0.1:99999", "not SCHEME://HOST:PORT"),
    ("tcp://127.0.0.1:0", "not SCHEME://HOST:PORT"),
    ("tcp://127.0.0.1:8786/path", "not SCHEME://HOST:PORT"),
    ("tcp://ann:secret@127.0.0.1:8786", "not SCHEME://HOST:PORT"),
    ("tcp://bad host:8786", "not SCHEME://HOST:PORT"),
    ("tcp://" + "h" * 400 + ":8786", "at most 300"),
])
def test_an_address_dask_cannot_reach_is_refused_before_connecting(address, words, capsys):
    assert main([*SIMULATE, "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert err.startswith("python -m thurn simulate: error: ") and words in err
    assert len(err) < 600                                   # the address is not echoed whole
    with pytest.raises(ClusterError) as e:
        check_address(address)
    assert e.value.reason == "bad_scheduler_address"


@pytest.mark.cluster
def test_addresses_dask_takes(local_cluster):
    assert check_address("10.0.0.5:8786") == "tcp://10.0.0.5:8786"          # TCP, Dask's default
    assert check_address(" TLS://scheduler.example.org:8786 ") == "tls://scheduler.example.org:8786"
    assert check_address("tcp://[::1]:8786") == "tcp://[::1]:8786"
    assert check_address(local_cluster.scheduler_address) == local_cluster.scheduler_address


def test_the_configured_address_is_checked_too(capsys):
    with dask.config.set({"scheduler-address": "inproc://127.0.0.1/1/1"}):
        assert main([*LADDER]) == 2
    assert "inproc://" in capsys.readouterr().err


@pytest.mark.cluster
@pytest.mark.parametrize("command", [SIMULATE, LADDER])
def test_scheduler_with_workers_is_refused(command, local_cluster, capsys):
    assert main([*command, "--workers", "2", "--scheduler", local_cluster.scheduler_address]) == 2
    err = capsys.readouterr().err
    assert "--scheduler sends the games to a Dask cluster and --workers plays them in local processes" in err


@pytest.mark.cluster
def test_an_unreachable_scheduler_is_refused_within_the_connect_time(capsys):
    address = f"tcp://127.0.0.1:{_free_port()}"
    started = time.monotonic()
    assert main([*SIMULATE, "--scheduler", address]) == 2
    seconds = time.monotonic() - started
    err = capsys.readouterr().err
    assert f"error: no Dask scheduler answered at {address} within {CONNECT:g} s" in err
    assert "is `dask scheduler` running there" in err
    assert seconds < CONNECT + 30                   # bounded (not a speed figure: the machine may be loaded)
    with pytest.raises(ClusterError) as e:
        with cluster_module.cluster(address):
            pass
    assert e.value.reason == "scheduler_unreachable"


@pytest.mark.cluster
def test_a_scheduler_without_workers_is_refused(capsys):
    with _cluster(n_workers=0) as empty:
        before = set(empty.scheduler.clients)
        assert main([*LADDER, "--scheduler", empty.scheduler_address]) == 2
        assert _clients(empty.scheduler, before) == before                 # the client was closed
    err = capsys.readouterr().err
    assert f"has no worker (none came within {CONNECT:g} s): start one with `dask worker" in err


@pytest.mark.cluster
def test_workers_running_another_thurn_are_refused(local_cluster, monkeypatch, capsys):
    monkeypatch.setattr(cluster_module, "_thurn_version", lambda: "0.0.1")     # what the workers answer
    assert main([*SIMULATE, "--scheduler", local_cluster.scheduler_address]) == 2
    err = capsys.readouterr().err
    assert "run thurn 0.0.1 and this machine thurn" in err and "install the same version everywhere" in err


def test_without_dask_the_scheduler_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)         # import dask.distributed fails
    assert main([*SIMULATE, "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert "needs Dask: pip install 'thurn[dask]'" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "dask.config", None)
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", "tcp://127.0.0.1:8786")
    assert main([*SIMULATE]) == 2
    err = capsys.readouterr().err
    assert "DASK_SCHEDULER_ADDRESS is set" in err and "pip install 'thurn[dask]'" in err
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS")
    assert main([*SIMULATE, "--workers", "1"]) == 0                    # this machine needs no Dask


@pytest.mark.cluster
def test_workers_without_thurn_are_refused(local_cluster, monkeypatch, capsys):
    def no_thurn():
        raise ModuleNotFoundError("No module named 'thurn'")

    monkeypatch.setattr(cluster_module, "_thurn_version", no_thurn)        # what a worker without thurn answers
    assert main([*LADDER, "--scheduler", local_cluster.scheduler_address]) == 2
    err = capsys.readouterr().err
    assert "cannot import thurn (No module named 'thurn'): install thurn" in err and "on every worker" in err
