import { Mail, Phone } from 'lucide-react';
import { CONTACT, COPYRIGHT_YEAR, PRODUCT_FULL_NAME, SOLUTIONS } from '#shared/marketing';
import { Logo } from './logo';

const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/integration', label: 'Integration' },
    ],
  },
  {
    title: 'Solutions',
    links: SOLUTIONS.map((solution) => ({ to: solution.path, label: solution.label })),
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-conditions', label: 'Terms & Conditions' },
      { to: '/cookies-policy', label: 'Cookies Policy' },
    ],
  },
];

const footerLinkClasses =
  'rounded-sm text-slate-300 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function PublicFooter() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.5fr_repeat(3,1fr)] lg:px-8">
        <div>
          <Logo tone="dark" />
          <p className="mt-4 max-w-sm text-sm leading-6">
            The HIPAA-ready AI voice receptionist that answers, books and confirms appointments for dental,
            medical, veterinary and wellness practices, 24 hours a day.
          </p>
          <ul className="mt-6 space-y-3 text-sm">
            <li>
              <a
                href={`mailto:${CONTACT.email}`}
                className={`${footerLinkClasses} inline-flex items-center gap-2`}
              >
                <Mail aria-hidden="true" className="size-4" />
                {CONTACT.email}
              </a>
            </li>
            <li>
              <a href={CONTACT.phoneHref} className={`${footerLinkClasses} inline-flex items-center gap-2`}>
                <Phone aria-hidden="true" className="size-4" />
                {CONTACT.phoneDisplay}
              </a>
            </li>
          </ul>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{group.title}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <a href={link.to} className={footerLinkClasses}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            &copy; {COPYRIGHT_YEAR} {PRODUCT_FULL_NAME}. All rights reserved.
          </p>
          <a href="/" className={footerLinkClasses}>
            Home
          </a>
        </div>
      </div>
    </footer>
  );
}
