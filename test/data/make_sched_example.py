#!/usr/bin/env python3
"""Writes test/data/sched_example.systrace: a small, deterministic ftrace text
trace of 4 CPUs (sched_switch / sched_waking, cpu_frequency, atrace slices),
for the viewer's CPU tracks and thread states (test/viewer/sched_tracks.test.mjs)."""
import os
import random

THREADS = [  # (comm, tid, tgid)
    ("surfaceflinger", 500, 500), ("RenderThread", 512, 500),
    ("app.main", 1200, 1200), ("app.worker", 1201, 1200), ("app.io", 1202, 1200),
    ("kworker/1:0", 77, 77),
]


def line(comm, tid, tgid, cpu, ts_us, text):
    tgid_col = "-----" if tgid is None else f"{tgid:5d}"
    return f"{comm:>16}-{tid:<5} ({tgid_col}) [{cpu:03d}] d..3 {ts_us / 1e6:12.6f}: {text}\n"


def main():
    rng = random.Random(7)
    out = ["# tracer: nop\n#\n"]
    running = {cpu: None for cpu in range(4)}  # cpu -> thread index
    t = 1_000_000  # us
    for cpu in range(4):
        out.append(line("<idle>", 0, None, cpu, t, f"cpu_frequency: state={300000 + cpu * 100000} cpu_id={cpu}"))
    for step in range(400):
        t += rng.randint(50, 900)
        cpu = rng.randrange(4)
        cur = running[cpu]
        free = [i for i in range(len(THREADS)) if i not in running.values()]
        nxt = rng.choice(free + [None])
        prev = ("swapper/%d" % cpu, 0, 0) if cur is None else THREADS[cur]
        nc, ntid, _ = ("swapper/%d" % cpu, 0, 0) if nxt is None else THREADS[nxt]
        if nxt is not None:
            waker = prev if prev[1] else THREADS[5]
            out.append(line(waker[0], waker[1], waker[2] or None, cpu, t - 20,
                            f"sched_waking: comm={nc} pid={ntid} prio=120 target_cpu={cpu:03d}"))
        state = rng.choice(["S", "S", "R", "D"]) if cur is not None else "R"
        comm, tid, tgid = prev
        out.append(line(comm, tid, tgid or None, cpu, t,
                        f"sched_switch: prev_comm={comm} prev_pid={tid} prev_prio=120 "
                        f"prev_state={state} ==> next_comm={nc} next_pid={ntid} next_prio=120"))
        running[cpu] = nxt
        if nxt is not None and rng.random() < 0.5:
            c, tid2, tgid2 = THREADS[nxt]
            out.append(line(c, tid2, tgid2, cpu, t + 10, f"tracing_mark_write: B|{tgid2}|work {step % 5}"))
            out.append(line(c, tid2, tgid2, cpu, t + 40, f"tracing_mark_write: E|{tgid2}"))
        if step % 50 == 0:
            out.append(line("<idle>", 0, None, cpu, t + 1,
                            f"cpu_frequency: state={rng.choice([300000, 900000, 1800000])} cpu_id={cpu}"))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sched_example.systrace")
    with open(path, "w") as f:
        f.writelines(out)


if __name__ == "__main__":
    main()
