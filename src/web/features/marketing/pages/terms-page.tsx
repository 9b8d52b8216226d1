import { PRODUCT_FULL_NAME, TERMS_MINIMUM_AGE } from '#shared/marketing';
import { ContactDetails } from '../components/contact-details';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { getPublicPage } from '../public-routes';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: '1. Acceptance of Terms',
    content: (
      <>
        <p>
          By accessing or using {PRODUCT_FULL_NAME} (the &ldquo;Services&rdquo;), including our website and
          web console, you agree to these Terms and Conditions. If you do not agree, do not use the Services.
        </p>
        <p>
          You must be at least {TERMS_MINIMUM_AGE} years old to use the Services. If you use the Services on
          behalf of a practice or other organization, you represent that you have the authority to bind that
          organization to these Terms, and &ldquo;you&rdquo; refers to that organization.
        </p>
      </>
    ),
  },
  {
    id: 'services',
    title: '2. Description of Services',
    content: (
      <p>
        Servc provides an AI voice receptionist that answers calls, schedules, reschedules and cancels
        appointments, sends SMS reminders and confirmations, places outbound reminder, confirmation, follow-up
        and recall calls, and provides call logs, recordings, transcripts and analytics. We may add, change or
        remove features to improve the Services; we will not materially reduce core functionality of a paid
        plan during a billing period.
      </p>
    ),
  },
  {
    id: 'user-responsibilities',
    title: '3. User Responsibilities',
    content: (
      <>
        <p>You agree to:</p>
        <ul>
          <li>provide accurate account information and keep your sign-in credentials confidential;</li>
          <li>
            ensure that only authorized staff use your account, and that their permissions are appropriate;
          </li>
          <li>
            configure call scripts, scheduling rules and emergency routing that are accurate and appropriate
            for your practice;
          </li>
          <li>
            obtain any consents and give any notices required by law for call recording, automated calls and
            text messages to your patients or clients; and
          </li>
          <li>
            not use the Services for unlawful, harmful or abusive purposes, or attempt to disrupt, reverse
            engineer or gain unauthorized access to them.
          </li>
        </ul>
        <p>
          The Services support your front desk; they do not provide medical, dental or veterinary advice and
          are not a substitute for emergency services.
        </p>
      </>
    ),
  },
  {
    id: 'subscription-billing',
    title: '4. Subscription and Billing',
    content: (
      <>
        <p>
          Subscriptions are billed monthly or annually in advance, according to the plan you choose.
          Subscriptions renew automatically at the end of each billing period unless you cancel before the
          renewal date.
        </p>
        <p>
          You can cancel at any time through your dashboard or by contacting our support team. Cancellation
          takes effect at the end of the current billing period. Fees are non-refundable, and we do not
          provide refunds or credits for partial billing cycles or unused time, unless required by law.
        </p>
        <p>
          We may change our prices with at least 30 days&rsquo; notice; changes apply from your next renewal.
          See our <a href="/pricing">pricing page</a> for current plans.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: '5. Intellectual Property',
    content: (
      <p>
        The Services, including software, voice models, designs and content, are owned by Servc or its
        licensors and protected by intellectual property laws. We grant you a limited, non-exclusive,
        non-transferable right to use the Services during your subscription. You keep ownership of your data,
        including your call recordings, transcripts and appointment records.
      </p>
    ),
  },
  {
    id: 'third-party-integrations',
    title: '6. Third-Party Integrations',
    content: (
      <p>
        The Services can connect to third-party systems such as practice management, scheduling, telephony and
        messaging providers. Your use of those systems is governed by their own terms. We are not responsible
        for the availability, accuracy or security of third-party systems, and you authorize us to exchange
        data with the integrations you enable.
      </p>
    ),
  },
  {
    id: 'data-privacy',
    title: '7. Data and Privacy',
    content: (
      <p>
        We process personal information as described in our <a href="/privacy-policy">Privacy Policy</a>.
        Where HIPAA applies, we will enter into a business associate agreement with you and handle protected
        health information in accordance with it. You are responsible for the lawfulness of the data you
        provide to us.
      </p>
    ),
  },
  {
    id: 'liability',
    title: '8. Limitation of Liability',
    content: (
      <>
        <p>
          The Services are provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. To the fullest extent
          permitted by law, we disclaim all implied warranties, including merchantability, fitness for a
          particular purpose and non-infringement, and we do not guarantee that every call will be understood
          or every appointment booked without error.
        </p>
        <p>
          To the fullest extent permitted by law, Servc will not be liable for indirect, incidental, special,
          consequential or punitive damages, or for lost profits or revenue, and our total liability for any
          claim is limited to the fees you paid us in the 12 months before the event giving rise to the claim.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: '9. Termination',
    content: (
      <p>
        You may stop using the Services and cancel your subscription at any time. We may suspend or terminate
        your access if you materially breach these Terms, fail to pay fees when due, or use the Services in a
        way that creates legal or security risk. On termination, your right to use the Services ends, and you
        may request an export of your data within 30 days, after which we may delete it in line with our
        retention practices.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '10. Changes to These Terms',
    content: (
      <>
        <p>
          We may update these Terms from time to time. When we make material changes, we will notify you by
          e-mail or in the console before they take effect. Continuing to use the Services after changes take
          effect means you accept the updated Terms.
        </p>
        <p>Questions about these Terms? Contact us:</p>
        <ContactDetails />
      </>
    ),
  },
];

export function TermsPage() {
  const page = getPublicPage('/terms-conditions');
  return (
    <LegalDocument
      title={page.headline}
      intro={
        <p>
          These Terms and Conditions form an agreement between you and Servc, Inc. governing your use of{' '}
          {PRODUCT_FULL_NAME}. Please read them carefully.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
