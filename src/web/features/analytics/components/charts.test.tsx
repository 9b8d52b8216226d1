import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Figure } from '../lib/figures';
import { axisTop, BarsChart } from './charts';

const figure: Figure = {
  id: 'money',
  title: 'Money by assistant',
  columns: ['Assistant', 'Per booked', 'Per kept'],
  rows: [
    ['Front Desk AI', '$1.25', '$0.00'],
    ['After Hours', '$3.80', '$4.10'],
  ],
  points: 12,
  words: '',
};

describe('BarsChart', () => {
  it('puts the axis top at 1, 2 or 5 times a power of ten above the largest value', () => {
    expect([0, 1, 7, 12, 30, 101].map((max) => axisTop(max, true))).toEqual([1, 1, 10, 20, 50, 200]);
    expect(axisTop(0.37, false)).toBe(0.5);
    expect(axisTop(0.37, true)).toBe(1);
  });

  it('draws a bar per non-zero value, sized against the top and titled with its value', () => {
    const { container } = render(<BarsChart figure={figure} columns={[1, 2]} unit="$" />);
    const bars = [...container.querySelectorAll<HTMLElement>('[data-bar]')];
    expect(bars.map((bar) => bar.title)).toEqual([
      'Front Desk AI, Per booked: $1.25',
      'After Hours, Per booked: $3.8',
      'After Hours, Per kept: $4.1',
    ]);
    expect(bars.map((bar) => bar.style.height)).toEqual(['25%', '76%', '82%']);
    expect(container.textContent).toContain('Per kept');
  });
});
