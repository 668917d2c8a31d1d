/** The admin's SMS tab lives in ../sms. */
export { SmsPanel as SmsTab } from '../sms/SmsPanel';
