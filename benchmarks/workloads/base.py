"""What a workload is: a name, a table label, a unit, a target and one function per cell."""
from benchmarks.libs import NotApplicable  # noqa: F401 - re-exported for the workloads

HIGHER_IS_BETTER = {"GB/s", "TFLOP/s", "Gelem/s", "Gnum/s", "Gkeys/s", "% of add"}


class Workload:
    """One row of the table.

    fn(lib, cfg) returns the cell's value in ``unit`` (or (value, info_dict)). ``peers``
    are the libraries measured by default (BENCHMARKS.md's columns); ``extra_peers`` are
    measured too with --all-peers. ``target`` is (op, number), (op, "cupy") or (op, "best"),
    the best of the peers.
    """

    def __init__(self, name, title, unit, fn, target=None, peers=("cupy", "torch"),
                 extra_peers=()):
        self.name = name
        self.title = title
        self.unit = unit
        self.fn = fn
        self.target = target
        self.peers = tuple(peers)
        self.extra_peers = tuple(extra_peers)

    def libraries(self, cfg):
        peers = self.peers + (self.extra_peers if cfg.all_peers else ())
        return set(peers) | {"ndgpu"}

    @property
    def higher_is_better(self):
        return self.unit in HIGHER_IS_BETTER


def torch_only_if(lib, ok):
    if lib.name == "torch" and not ok:
        raise NotApplicable("no PyTorch equivalent")
