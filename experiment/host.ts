// Facts about the machine, and how busy its CPUs were during a run: this process versus the rest.
import os from 'node:os';
import type { HostCpu, MachineInfo } from './types.js';
import { round } from './windows.js';

export function machineInfo(loadAverageAtStart: number[]): MachineInfo {
  const cpus = os.cpus();
  return {
    nodeVersion: process.version,
    platform: os.platform(),
    osRelease: os.release(),
    arch: os.arch(),
    cpuCount: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
    loadAverageAtStart,
    loadAverageAtEnd: loadAverage(),
  };
}

export function loadAverage(): number[] {
  return os.loadavg().map(round);
}

export interface CpuSnapshot {
  atMs: number;
  busyMs: number;
  processMicros: number;
}

export function cpuSnapshot(): CpuSnapshot {
  let busyMs = 0;
  for (const { times } of os.cpus()) busyMs += times.user + times.nice + times.sys + times.irq;
  const usage = process.cpuUsage();
  return { atMs: performance.now(), busyMs, processMicros: usage.user + usage.system };
}

/** Average CPU use between two snapshots, in cores; process.cpuUsage counts every thread of this process. */
export function cpuBetween(start: CpuSnapshot, end: CpuSnapshot): HostCpu {
  const wallMs = Math.max(1, end.atMs - start.atMs);
  const busyCores = (end.busyMs - start.busyMs) / wallMs;
  const experimentCores = (end.processMicros - start.processMicros) / 1000 / wallMs;
  return {
    busyCores: round(busyCores),
    experimentCores: round(experimentCores),
    otherCores: round(Math.max(0, busyCores - experimentCores)),
  };
}
