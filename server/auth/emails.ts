import type { MailMessage } from '../platform/mail.ts';

/** The words of every account e-mail, in one place. Links point at the web app's screens. */

export function confirmationEmail(input: { to: string; name: string; link: string; agencyName: string }): MailMessage {
  return {
    to: input.to,
    subject: 'Confirm your Precinct account',
    text: [
      `Hello ${input.name},`,
      '',
      `Your Precinct account for ${input.agencyName} is almost ready. Confirm your e-mail address by opening this link:`,
      '',
      input.link,
      '',
      'The link works once and expires in 24 hours. If you did not sign up, ignore this message.',
    ].join('\n'),
  };
}

export function recoveryEmail(input: { to: string; name: string; link: string }): MailMessage {
  return {
    to: input.to,
    subject: 'Reset your Precinct password',
    text: [
      `Hello ${input.name},`,
      '',
      'Someone (we hope you) asked to reset the password of your Precinct account. Choose a new password here:',
      '',
      input.link,
      '',
      'The link works once and expires in 15 minutes. If you did not ask, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}
