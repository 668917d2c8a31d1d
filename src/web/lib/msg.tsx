import { Trans } from '@lingui/react';
import type { ReactElement } from 'react';
import type { MessageId, MessageValues } from './i18n';

// Apart from lib/i18n.tsx: Lingui's Trans (the markup renderer) comes only with the pages that show
// such a message, none of them Home.

/**
 * A message with markup: `<0>…</0>` in the message is rendered as `components[0]` around the text
 * ("Agree to our <0>Terms</0>", components={{ 0: <Link to="/terms-and-conditions" /> }}).
 */
export function Msg({
  id,
  values,
  components,
}: {
  id: MessageId;
  values?: MessageValues;
  components?: Record<string, ReactElement>;
}) {
  return <Trans id={id} values={values} components={components} />;
}
