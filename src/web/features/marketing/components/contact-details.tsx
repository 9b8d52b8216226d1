import { CONTACT, PRODUCT_NAME } from '#shared/marketing';

export function ContactDetails() {
  return (
    <ul>
      <li>Company: {PRODUCT_NAME}, Inc.</li>
      <li>
        E-mail: <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
      </li>
      <li>
        Phone: <a href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</a>
      </li>
    </ul>
  );
}
