import { ContactDetails } from '../components/contact-details';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { getPublicPage } from '../public-routes';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'What Are Cookies',
    content: (
      <p>
        Cookies are small text files that a website stores on your device when you visit it. They let the site
        recognize your device, remember your actions and preferences, and understand how the site is used.
        Similar technologies, such as local storage and pixels, work in comparable ways, and this policy
        covers them too.
      </p>
    ),
  },
  {
    id: 'why-we-use-cookies',
    title: 'Why We Use Cookies',
    content: (
      <>
        <h3>Essential cookies</h3>
        <p>
          Required for the website and console to work: keeping you signed in, securing your session and
          remembering choices such as your cookie preferences. These cannot be switched off.
        </p>
        <h3>Analytics cookies</h3>
        <p>
          Help us understand how visitors find and use our website, such as which pages are visited most, so
          we can improve content and navigation.
        </p>
        <h3>Performance cookies</h3>
        <p>Help us measure load times and detect errors so the website and console stay fast and reliable.</p>
        <h3>Marketing cookies</h3>
        <p>
          Help us measure the effectiveness of our campaigns and show relevant information about Servc on
          other websites. We never use patient or client information for marketing.
        </p>
      </>
    ),
  },
  {
    id: 'types-of-cookies',
    title: 'Types of Cookies We Use',
    content: (
      <ul>
        <li>
          <strong>Session cookies</strong> are temporary and are deleted when you close your browser.
        </li>
        <li>
          <strong>Persistent cookies</strong> remain on your device for a set period or until you delete them,
          so we can remember you on later visits.
        </li>
        <li>
          <strong>First-party cookies</strong> are set by Servc on our own website.
        </li>
        <li>
          <strong>Third-party cookies</strong> are set by other services we use, such as analytics providers,
          and are governed by their own privacy policies.
        </li>
      </ul>
    ),
  },
  {
    id: 'managing-preferences',
    title: 'Managing Your Cookie Preferences',
    content: (
      <>
        <p>
          Most browsers let you view, block and delete cookies in their settings. You can also block
          third-party cookies or ask to be notified before a cookie is set. Blocking essential cookies may
          prevent you from signing in or using parts of the console.
        </p>
        <p>
          To opt out of analytics and marketing measurement across many services, you can also use your
          browser&rsquo;s tracking-protection features or industry opt-out tools.
        </p>
      </>
    ),
  },
  {
    id: 'updates',
    title: 'Updates to This Policy',
    content: (
      <p>
        We may update this Cookies Policy when we change the cookies we use or when the law requires. Please
        check this page from time to time. For more about how we handle personal information, see our{' '}
        <a href="/privacy-policy">Privacy Policy</a>.
      </p>
    ),
  },
  {
    id: 'contact-us',
    title: 'Contact Us',
    content: (
      <>
        <p>If you have questions about our use of cookies, contact us:</p>
        <ContactDetails />
      </>
    ),
  },
];

export function CookiesPolicyPage() {
  const page = getPublicPage('/cookies-policy');
  return (
    <LegalDocument
      title={page.headline}
      intro={
        <p>
          This Cookies Policy explains what cookies are, how Servc uses them on our website and web console,
          and how you can manage your preferences.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
