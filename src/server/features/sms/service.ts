import { SMS_LOG_PAGE_SIZE, SMS_MESSAGES, type SmsLog, type SmsLogEntry, type SmsSettings, type SmsStatus, maskPhone } from '../../../shared/sms.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { tooManyRequests } from '../../lib/errors.js';
import { nepaliDay } from './day.js';
import * as q from './queries.js';

/** The admin's log of texts, a test text, and the shopper's choice of texts. */
export class SmsService {
  constructor(private readonly ctx: AppContext) {}

  async log(page: number): Promise<SmsLog> {
    const { db, clock, sms } = this.ctx;
    const day = nepaliDay(clock.now());
    const [rows, total, today] = await Promise.all([
      q.logPage(db, SMS_LOG_PAGE_SIZE, (page - 1) * SMS_LOG_PAGE_SIZE),
      q.countMessages(db),
      q.dayCount(db, day),
    ]);
    const texts: SmsLogEntry[] = rows.map((row) => ({
      id: row.id,
      phone: maskPhone(row.phone),
      kind: row.kind,
      segments: row.segments,
      encoding: row.encoding === 'ucs2' ? 'ucs2' : 'gsm7',
      status: statusOf(row.status, row.job_status, row.last_error),
      createdAt: row.created_at,
      sentAt: row.sent_at,
    }));
    return {
      texts,
      page,
      totalPages: Math.max(1, Math.ceil(total / SMS_LOG_PAGE_SIZE)),
      today: { day, count: today.count, limit: sms.dailyLimit, capReached: today.capToldAt !== null || today.count >= sms.dailyLimit },
      provider: sms.providerName,
    };
  }

  /** A text the admin types to see that the gateway works; counted like any other. */
  async sendTest(to: string, text: string): Promise<void> {
    const result = await this.ctx.sms.queue(this.ctx.db, { to, kind: 'test', text });
    if (!result.queued) {
      throw tooManyRequests(result.reason === 'number-limit' ? SMS_MESSAGES.refusedNumberLimit : SMS_MESSAGES.refusedDailyCap);
    }
    this.ctx.jobs.wake();
  }

  async settings(userId: number): Promise<SmsSettings> {
    return { orderUpdates: !(await q.optedOut(this.ctx.db, userId, 'order')) };
  }

  async saveSettings(userId: number, settings: SmsSettings): Promise<SmsSettings> {
    await q.setOptOut(this.ctx.db, userId, 'order', !settings.orderUpdates, isoNow(this.ctx.clock));
    return this.settings(userId);
  }
}

/** What the admin reads: the text's own outcome, or its job's (waiting, being retried, failed for good). */
function statusOf(status: string, job: string | null, lastError: string | null): SmsStatus {
  if (status === 'sent' || status === 'invalid') return status;
  if (job === 'failed') return 'failed';
  return lastError ? 'retrying' : 'queued';
}
