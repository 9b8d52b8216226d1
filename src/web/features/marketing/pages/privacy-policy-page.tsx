import { PRIVACY_POLICY_EFFECTIVE_DATE, PRODUCT_FULL_NAME } from '#shared/marketing';
import { ContactDetails } from '../components/contact-details';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { getPublicPage } from '../public-routes';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who We Are',
    content: (
      <>
        <p>
          Servc, Inc. (&ldquo;Servc&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo; or &ldquo;our&rdquo;) provides{' '}
          {PRODUCT_FULL_NAME}, an AI voice receptionist that answers calls, schedules appointments, sends
          reminders and places outbound calls on behalf of dental, medical, veterinary, spa and wellness
          practices (our &ldquo;customers&rdquo;).
        </p>
        <p>
          This policy explains how we handle personal information when you visit our website, request a demo,
          use our web console, or call a practice that uses Servc. When we process patient or client
          information on behalf of a practice, we act as that practice&rsquo;s service provider (and, where
          HIPAA applies, as its business associate), and the practice&rsquo;s own privacy notice also applies.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    content: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>Demo requests: your name, e-mail address, mobile number and the type of practice you run.</li>
          <li>
            Account information: the name, e-mail address, username and role of practice staff who use the
            console.
          </li>
          <li>Support and sales communications you send to us.</li>
        </ul>
        <h3>Information processed for our customers</h3>
        <ul>
          <li>Call data: caller phone numbers, call recordings, transcripts, call duration and outcomes.</li>
          <li>
            Appointment data: names, contact details, appointment dates, times, providers, appointment types
            and notes exchanged with the practice&rsquo;s scheduling or practice management system.
          </li>
        </ul>
        <h3>Information collected automatically</h3>
        <ul>
          <li>
            Device and usage data such as browser type, pages visited, referring pages and IP address,
            collected through server logs and cookies as described in our{' '}
            <a href="/cookies-policy">Cookies Policy</a>.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    content: (
      <>
        <p>We use personal information to:</p>
        <ul>
          <li>
            answer calls, book, reschedule and cancel appointments, and send reminders and confirmations on
            behalf of our customers;
          </li>
          <li>provide call logs, recordings, transcripts and analytics to the practice that owns them;</li>
          <li>respond to demo requests and contact you about our services;</li>
          <li>operate, secure, maintain and improve our website and services;</li>
          <li>provide customer support and communicate about your account; and</li>
          <li>comply with legal obligations and enforce our agreements.</li>
        </ul>
        <p>
          We do not sell personal information, and we do not use patient or client information from our
          customers&rsquo; calls for advertising.
        </p>
      </>
    ),
  },
  {
    id: 'data-security',
    title: 'Data Security',
    content: (
      <>
        <p>
          We protect information with administrative, technical and physical safeguards designed for
          healthcare data, including encryption in transit and at rest, role-based access controls,
          least-privilege access for our staff, audit logging and regular security reviews.
        </p>
        <p>
          No method of transmission or storage is completely secure. If we become aware of a security incident
          affecting your information, we will notify affected customers and individuals as required by law and
          by our agreements.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    content: (
      <p>
        We use cookies and similar technologies to keep you signed in, remember your preferences, understand
        how our website is used and measure our marketing. You can control cookies through your browser
        settings. See our <a href="/cookies-policy">Cookies Policy</a> for details.
      </p>
    ),
  },
  {
    id: 'sharing-information',
    title: 'How We Share Your Information',
    content: (
      <>
        <p>We share personal information only as needed to provide our services:</p>
        <ul>
          <li>
            with the practice you called or that you work for, including its scheduling or practice management
            system;
          </li>
          <li>
            with service providers who help us deliver the service, such as telephony, voice, SMS, hosting and
            e-mail providers, under contracts that require them to protect the information;
          </li>
          <li>when required by law, regulation, legal process or to protect rights and safety; and</li>
          <li>in connection with a merger, acquisition or sale of assets, subject to this policy.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'international-users',
    title: 'International Users',
    content: (
      <p>
        Our services are operated in the United States. If you access them from another country, your
        information will be transferred to, stored and processed in the United States, where data protection
        laws may differ from those in your country. Where required, we rely on appropriate safeguards for
        these transfers.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    content: (
      <>
        <p>
          Depending on where you live, you may have the right to access, correct, delete or receive a copy of
          your personal information, to object to or restrict certain processing, and to withdraw consent. You
          can also opt out of marketing e-mails at any time using the link in each message.
        </p>
        <p>
          If your information was collected by a practice that uses Servc, please contact that practice first;
          we will support it in responding to your request. We will not discriminate against you for
          exercising your rights.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    content: (
      <p>
        We may update this policy from time to time. When we make material changes, we will update the
        effective date above and, where appropriate, notify customers by e-mail or in the console before the
        changes take effect.
      </p>
    ),
  },
  {
    id: 'contact-us',
    title: 'Contact Us',
    content: (
      <>
        <p>If you have questions about this policy or how we handle your information, contact us:</p>
        <ContactDetails />
      </>
    ),
  },
];

export function PrivacyPolicyPage() {
  const page = getPublicPage('/privacy-policy');
  return (
    <LegalDocument
      title={page.headline}
      meta={<>Effective date: {PRIVACY_POLICY_EFFECTIVE_DATE}</>}
      intro={
        <p>
          Your privacy matters to us, and to the patients and clients of the practices we serve. This Privacy
          Policy describes what information we collect, how we use and protect it, and the choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
