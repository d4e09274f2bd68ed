import { useTranslation } from 'react-i18next';
import { LinkConfirmPage } from '../../app/LinkConfirmPage';
import { confirmSubscription } from './api';

/** Where a subscription's confirmation link leads: opening it activates the subscription once. */
export function SubscriptionConfirmPage() {
  const { t } = useTranslation();
  return (
    <LinkConfirmPage
      testId="subscription-confirm"
      queryKey={['subscriptions', 'confirm']}
      confirm={confirmSubscription}
      texts={{
        title: t('subscriptions.confirm.title'),
        noToken: t('subscriptions.confirm.noToken'),
        checking: t('subscriptions.confirm.checking'),
        back: t('subscriptions.confirm.toHome'),
      }}
      done={() => t('subscriptions.confirm.done')}
      backTo="/"
    />
  );
}
