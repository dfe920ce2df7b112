"""The peers' side of the bench's interleaving protocol (`peer.ts`): after the ready line, each command line
"<command> N" runs `run_pass(command)` N times and answers {"wall_ms", "cpu_ms"} for the N passes; "quit" ends."""
import json, sys, time


def serve(run_pass):
    for line in sys.stdin:
        command, *times = line.split()
        if command == "quit":
            break
        c0, w0 = time.process_time(), time.perf_counter()
        for _ in range(int(times[0]) if times else 1):
            run_pass(command)
        wall, cpu = (time.perf_counter() - w0) * 1000, (time.process_time() - c0) * 1000
        print(json.dumps({"wall_ms": wall, "cpu_ms": cpu}), flush=True)
