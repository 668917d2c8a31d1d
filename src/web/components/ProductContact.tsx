import MessageCircle from 'lucide-react/icons/message-circle';
import { Fragment } from 'react';
import { useT } from '../lib/i18n';
import { chatNumber, nationalNumber, telHref } from '../lib/store-contact';
import { useStoreFacts } from '../lib/store-facts';
import { ChatLinks, separator } from './StoreContact';

const productLink = 'inline-flex min-h-11 items-center font-semibold text-amber-800 hover:text-amber-900 hover:underline';

/**
 * 'Questions? Call 98… · WhatsApp · Viber' under a product's Add to Cart: the shop's
 * first mobile number (else its first number, for a call only).
 */
export function ProductContact() {
  const t = useT();
  const store = useStoreFacts();
  const mobile = chatNumber(store.phones);
  const phone = mobile ?? store.phones[0];
  if (!phone) return null;
  const parts = [
    <a key="call" href={telHref(phone)} className={productLink}>
      {t('common.contact.call', { phone: mobile ? nationalNumber(mobile) : phone })}
    </a>,
    ...(mobile ? [<ChatLinks key="chat" phone={mobile} shop={store.name} linkClassName={productLink} />] : []),
  ];
  return (
    <p data-testid="product-contact" className="mt-4 flex flex-wrap items-center gap-x-2 pt-1 text-sm text-slate-600">
      {/* Its own line on a phone, so the three links fit on the next one. */}
      <span className="flex w-full items-center gap-2 sm:w-auto">
        <MessageCircle className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        {t('common.contact.questions')}
      </span>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && separator}
          {part}
        </Fragment>
      ))}
    </p>
  );
}
