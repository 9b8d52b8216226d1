import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

/** A button whose press starts work that is still going on. */
function Working({ onPress }: { onPress: () => void }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      pending={pending}
      onClick={() => {
        onPress();
        setPending(true);
      }}
    >
      Take
    </Button>
  );
}

describe('Button', () => {
  it('keeps the focus while its work is pending, and ignores presses meanwhile', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Working onPress={onPress} />);
    await user.tab();
    await user.keyboard('{Enter}');
    const take = screen.getByRole('button', { name: 'Take' });
    expect(take.getAttribute('aria-disabled')).toBe('true');
    expect(take.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(take);
    await user.keyboard('{Enter}');
    await user.click(take);
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('does not submit its form again while pending, also on Enter in a field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit" pending>
          Save
        </Button>
      </form>,
    );
    await user.type(screen.getByLabelText('Name'), 'Ana{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
