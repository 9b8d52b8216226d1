import { MOBILE_MENU_ID } from '../dom-ids';

/**
 * The header's menu button on a phone: shows and hides the menu (its icons follow aria-expanded in CSS).
 * Escape, or a press outside the menu and its button, closes it as well; Escape gives the focus to the button.
 * Answers a function that takes every listener away again.
 */
export function mountMobileMenu(doc: Document = document): () => void {
  const menu = doc.getElementById(MOBILE_MENU_ID);
  const toggle = doc.querySelector<HTMLButtonElement>(`button[aria-controls="${MOBILE_MENU_ID}"]`);
  if (!menu || !toggle) return () => undefined;
  const mounted = new AbortController();
  const { signal } = mounted;
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
  };
  toggle.addEventListener('click', () => setOpen(!isOpen()), { signal });
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !isOpen()) return;
      setOpen(false);
      toggle.focus();
    },
    { signal },
  );
  doc.addEventListener(
    'pointerdown',
    (event) => {
      const target = event.target as Node | null;
      if (isOpen() && target && !menu.contains(target) && !toggle.contains(target)) setOpen(false);
    },
    { signal },
  );
  return () => mounted.abort();
}
