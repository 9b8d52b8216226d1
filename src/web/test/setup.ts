import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// A React warning (act(), keys, invalid DOM nesting) or a logged error fails the test that caused it.
beforeEach(() => {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      throw new Error(`console.${level} in a unit test: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
