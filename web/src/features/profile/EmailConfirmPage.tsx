import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LinkConfirmPage } from '../../app/LinkConfirmPage';
import { confirmEmailChange, profileKey } from './api';

/** Where the e-mail change link leads: opening it applies the change once. */
export function EmailConfirmPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <LinkConfirmPage
      testId="email-confirm"
      queryKey={['profile', 'confirm-email']}
      confirm={async (token) => {
        const answer = await confirmEmailChange(token);
        void queryClient.invalidateQueries({ queryKey: profileKey });
        return answer;
      }}
      texts={{
        title: t('profile.emailConfirm.title'),
        noToken: t('profile.emailConfirm.noToken'),
        checking: t('profile.emailConfirm.checking'),
        back: t('profile.emailConfirm.toProfile'),
      }}
      done={(answer) => t('profile.emailConfirm.done', { email: answer.email })}
      backTo="/profile"
    />
  );
}
