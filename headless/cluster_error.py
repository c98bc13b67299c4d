"""ClusterError, apart from cluster.py: the runner and the tournament catch it in every run,
and import cluster.py (the code it ships, the Dask client) only for --cluster."""


class ClusterError(Exception):
    """The cluster could not be used for this run, phrased as one line."""
