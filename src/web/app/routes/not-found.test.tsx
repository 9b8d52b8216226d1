import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { NotFoundRoute } from './not-found';

describe('NotFoundRoute', () => {
  it("shows the message inside the site's header and footer", async () => {
    renderWithApp(<NotFoundRoute />, { route: '/no-such-page', path: '*' });
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
