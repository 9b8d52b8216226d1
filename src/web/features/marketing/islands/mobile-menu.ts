import { MOBILE_MENU_ID } from '../dom-ids';

/** The header's menu button on a phone: shows and hides the menu (its icons follow aria-expanded in CSS). */
export function mountMobileMenu(doc: Document = document) {
  const menu = doc.getElementById(MOBILE_MENU_ID);
  const toggle = doc.querySelector<HTMLButtonElement>(`button[aria-controls="${MOBILE_MENU_ID}"]`);
  if (!menu || !toggle) return;
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
  });
}
