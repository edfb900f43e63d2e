#!/usr/bin/python3
"""Execute one Jupyter notebook headless with the Deno kernel, keeping every output.

The Deno kernel sometimes sends a cell's last outputs just after its "idle"
status message; stock nbconvert/nbclient stop reading at "idle" and lose them
(about 10% of outputs). This runner keeps reading the IOPub channel for a short
grace period after idle and files late messages under their cell.

A cell whose output carries the MIME type application/vnd.mbi.stop+json (see
stopHere in display.ts) ends the run there, successfully: the remaining cells
are left unexecuted and without outputs (e.g. notebooks 04-05 for an engine
without self-play).

Usage: run_notebook.py INPUT.ipynb OUTPUT.ipynb [--cwd DIR] [--grace S] [--timeout S]
Exit status: 0 on success, 1 when a cell raised (the executed notebook is still written).
"""

import argparse
import queue
import sys

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionComplete, CellExecutionError
from nbclient.util import ensure_async


STOP_MIME = "application/vnd.mbi.stop+json"


class GraceClient(NotebookClient):
    """NotebookClient that keeps reading IOPub for `grace` seconds after idle,
    and executes no further cell once a cell has displayed STOP_MIME."""

    grace = 0.5
    stopped = False

    async def async_execute_cell(self, cell, cell_index, execution_count=None, store_history=True):
        if self.stopped:
            # Not executed: no output, not even what the notebook file held from an earlier render.
            if cell.get("cell_type") == "code":
                cell["outputs"] = []
                cell["execution_count"] = None
            return cell
        cell = await super().async_execute_cell(cell, cell_index, execution_count, store_history)
        if any(STOP_MIME in out.get("data", {}) for out in cell.get("outputs", [])):
            self.stopped = True
        return cell

    async def _async_poll_output_msg(self, parent_msg_id, cell, cell_index):
        await super()._async_poll_output_msg(parent_msg_id, cell, cell_index)
        while True:
            try:
                msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=self.grace))
            except queue.Empty:
                return
            if msg["parent_header"].get("msg_id") != parent_msg_id:
                continue
            try:
                self.process_message(msg, cell, cell_index)
            except CellExecutionComplete:
                pass


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--cwd", default=None)
    ap.add_argument("--grace", type=float, default=0.5)
    ap.add_argument("--timeout", type=int, default=-1)
    ap.add_argument("--kernel", default="deno")
    args = ap.parse_args()
    nb = nbformat.read(args.input, as_version=4)
    client = GraceClient(
        nb,
        kernel_name=args.kernel,
        timeout=None if args.timeout < 0 else args.timeout,
        resources={"metadata": {"path": args.cwd}} if args.cwd else {},
        allow_errors=False,
    )
    client.grace = args.grace
    status = 0
    try:
        client.execute()
    except CellExecutionError as e:
        print(str(e).strip().splitlines()[-1] if str(e).strip() else "cell error", file=sys.stderr)
        status = 1
    nbformat.write(nb, args.output)
    return status


if __name__ == "__main__":
    sys.exit(main())
