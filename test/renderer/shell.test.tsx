// The signed-in shell: a console address that is no page says so and leads back to the
// overview (instead of showing the overview under a wrong address); the menu button that
// holds the navigation of a narrow window (its looks are tested in Chromium: console-layout).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Shell } from '../../renderer/components/Shell.js';
import { stubApi } from './helpers/fake-api.js';
import { ROLE, STATUS, userOf } from './helpers/page-props.js';

afterEach(() => window.history.replaceState(null, '', '/'));

function showAt(path: string, role: number = ROLE.root) {
  window.history.replaceState(null, '', path);
  stubApi();
  render(<Shell user={userOf(role)} status={STATUS} onSignedOut={() => {}} />);
}

const currentLinks = () => screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');

describe('an address that is no page', () => {
  it('shows "Page not found" with a link back to the overview', async () => {
    showAt('/does-not-exist');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByRole('main').textContent).toContain('/does-not-exist');
    expect(document.title).toBe('Page not found · Relaydesk');
    // No page of the navigation is the current one.
    expect(currentLinks()).toEqual([]);

    await userEvent.click(screen.getByRole('link', { name: 'Back to the overview' }));
    expect(window.location.pathname).toBe('/');
    await screen.findByRole('heading', { level: 1, name: 'Your relay is running' }, { timeout: 5000 });
    expect(currentLinks().map((link) => link.textContent)).toEqual(['Overview']);
  });

  it('is also what a page the account may not open shows', () => {
    showAt('/channels', ROLE.user);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.queryByRole('heading', { name: 'Channels' })).toBeNull();
  });

  it('still finds a page written with a trailing slash', async () => {
    showAt('/profile/');
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 5000 });
  });
});

describe('the menu button of a narrow window', () => {
  const menu = () => screen.getByRole('button', { name: 'Menu' });

  it('controls the navigation: open puts focus on the current page, Escape closes it and returns focus', async () => {
    showAt('/keys');
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(menu().getAttribute('aria-controls')).toBe(nav.id);
    expect(menu().getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(menu());
    expect(menu().getAttribute('aria-expanded')).toBe('true');
    expect(nav.classList.contains('sidenav--open')).toBe(true);
    expect(document.activeElement?.textContent).toBe('API keys');

    await userEvent.keyboard('{Escape}');
    expect(menu().getAttribute('aria-expanded')).toBe('false');
    expect(nav.classList.contains('sidenav--open')).toBe(false);
    expect(document.activeElement).toBe(menu());
  });

  it('closes when a link is followed, focus on the page', async () => {
    showAt('/');
    await userEvent.click(menu());
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Profile' }));
    expect(window.location.pathname).toBe('/profile');
    expect(menu().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
