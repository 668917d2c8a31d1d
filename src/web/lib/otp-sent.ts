import { toast } from './toast';

/** The answer of POST /api/users/send-otp: 202 `{queued: true}` when the code waits in the shop's outbox. */
export interface SendOtpReply {
  message?: string;
  queued?: boolean;
}

/**
 * SPEC §8's 'OTP sent successfully!' when the mail server took the code; when it did not, the
 * server's "on its way" message as information, not an error: the code goes out by itself.
 */
export function announceOtpSent(reply: SendOtpReply | undefined): void {
  if (reply?.queued && reply.message) toast.info(reply.message);
  else toast.success('OTP sent successfully!');
}
