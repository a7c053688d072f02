/** Adds the milliseconds since the last lap to `timings[phase]`, and this process's CPU milliseconds to `timings['cpu ' + phase]`. */
export function phaseClock(timings: Record<string, number> | undefined) {
  let last = performance.now();
  let lastCpu = timings ? process.cpuUsage() : null;
  return (phase: string) => {
    if (!timings) return;
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu!);
    timings[phase] = (timings[phase] ?? 0) + now - last;
    timings[`cpu ${phase}`] = (timings[`cpu ${phase}`] ?? 0) + (cpu.user + cpu.system) / 1000;
    last = now;
    lastCpu = process.cpuUsage();
  };
}
