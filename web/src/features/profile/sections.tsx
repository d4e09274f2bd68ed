/**
 * The sections of My profile (spec 3 §2 'My profile and settings'), in page order. Each feature
 * adds its own card here (one line) and keeps the card in its own file.
 */
import type { ComponentType } from 'react';
import { AppearanceCard } from './AppearanceCard';
import { ChangePasswordCard } from '../password/ChangePasswordCard';
import { CertificateCard } from './CertificateCard';
import { PersonalDataCard } from './PersonalDataCard';
import { SignatureCard } from './SignatureCard';
import { TwoFactorCard } from '../two-factor/TwoFactorCard';
import { SessionsCard } from './SessionsCard';
import { MyPhrasesCard } from '../working-material/MyPhrasesCard';

export interface ProfileSection {
  /** Anchor of the section (`/profile#id`) and its test id. */
  id: string;
  Component: ComponentType;
}

export const PROFILE_SECTIONS: readonly ProfileSection[] = [
  { id: 'personal', Component: PersonalDataCard },
  { id: 'password', Component: ChangePasswordCard },
  { id: 'two-factor', Component: TwoFactorCard },
  { id: 'sessions', Component: SessionsCard },
  { id: 'certificate', Component: CertificateCard },
  { id: 'signature', Component: SignatureCard },
  { id: 'phrases', Component: MyPhrasesCard },
  { id: 'appearance', Component: AppearanceCard },
];
