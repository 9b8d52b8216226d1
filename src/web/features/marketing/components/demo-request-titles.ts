import type { DemoRequestKind } from '#shared/schemas/demo-requests';

/** The dialog's words for a demo and for a free trial (the confirmation's text is the server's message). */
export const DIALOG_TITLES: Record<
  DemoRequestKind,
  { title: string; description: string; submit: string; done: string }
> = {
  demo: {
    title: 'Book Your Demo',
    description:
      'Tell us a little about your practice and we’ll show you how Servc answers, books and confirms appointments in a quick 5-minute demo.',
    submit: 'Request Demo',
    done: 'Demo Request Submitted!',
  },
  trial: {
    title: 'Start Your Free Trial',
    description:
      'Tell us a little about your practice and we’ll set up your free trial, so you can hear Servc answer your calls.',
    submit: 'Request Free Trial',
    done: 'Free Trial Request Submitted!',
  },
};

/** What a visitor reads when the request failed for no reason of theirs (a fault, no answer). */
export const TRY_AGAIN = 'Please try again later.';
