"""thurn.sim.simulate on a Dask cluster (the optional extra ``thurn[dask]``): the same tables as in-process.

Named to run after the folder's other files (pytest takes them in name order, ``--dist loadfile`` a file at a
time): a process pool forked later in the same process (tests/sim/test_interrupted.py, test_sim.py) hung with the
cluster's threads left behind."""
import pandas as pd
import pytest

distributed = pytest.importorskip("dask.distributed")

from thurn.sim import SimulationError, simulate  # noqa: E402


#: Each test starts or uses a Dask cluster on 127.0.0.1: make test-all's (tests/conftest.py).
pytestmark = pytest.mark.cluster

@pytest.fixture(scope="module")
def client():
    """Two worker processes on this machine (loopback only, no dashboard)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  host="127.0.0.1") as cluster, distributed.Client(cluster) as c:
        yield c


def test_a_dask_client_gives_the_same_tables_as_in_process(client):
    kw = dict(bots=["greedy", "random"], players=2, rotate=True, seed=8)
    local = simulate(6, workers=1, **kw)
    for chunksize in (None, 1, 4):
        sim = simulate(6, executor=client, chunksize=chunksize, **kw)
        pd.testing.assert_frame_equal(sim.players, local.players)
        pd.testing.assert_frame_equal(sim.games, local.games)


def test_bots_that_cannot_be_pickled_are_refused_before_anything_runs(client):
    with pytest.raises(SimulationError, match="pickled"):
        simulate(2, players=2, bots=lambda seed: None, executor=client)
