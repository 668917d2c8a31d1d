import { translate } from './i18n';
import { toast } from './toast';

/** The answer of POST /api/users/send-otp: 202 `{queued: true}` when the code waits in the shop's outbox. */
export interface SendOtpReply {
  message?: string;
  queued?: boolean;
}

/**
 * 'OTP sent successfully!' when the mail server took the code; when it did not, the
 * server's "on its way" message as information, not an error: the code goes out by itself. The
 * server answers a success in English whatever the page's language, so the page says it in its
 * own words (auth.otp.queued is ACCOUNT_MESSAGES.otpQueued).
 */
export function announceOtpSent(reply: SendOtpReply | undefined): void {
  if (reply?.queued && reply.message) toast.info(translate('auth.otp.queued'));
  else toast.success(translate('auth.otp.sent'));
}
