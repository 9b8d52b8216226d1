import type { EventEmitter } from 'node:events';

export function percentiles(times: number[]): { p50: number; p99: number };
export function answerTimes(tracker: EventEmitter): () => { p50: number; p99: number };
